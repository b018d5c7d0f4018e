import { useEffect, useRef, useState } from 'react';
import type { ContactWays } from '../lib/form-flow';
import IslandErrorBoundary from './IslandErrorBoundary';
import styles from './TestimonialSlider.module.css';

/*
 * The success stories. Where they fit side by side (up to three, from 1024 px)
 * they stand in a row and nothing moves. Narrower, they sit in a track that scrolls
 * sideways one story at a time (CSS scroll snapping), so a finger can swipe
 * them with or without JavaScript. Once hydrated (client:visible) the island
 * adds what needs a script: previous and next buttons and a dot per story.
 * Their row is in the server's HTML from the start, held invisible, so
 * hydrating moves nothing on the page. It never moves on by itself.
 */

export interface Testimonial {
  id: string;
  content: string;
  name: string;
  org: string;
}

interface Props {
  testimonials: Testimonial[];
  /** The company's other ways in, offered should the slider break. */
  ways: ContactWays;
}

/** The island: the slider, and in its place the company's other ways in should it break. */
export default function GuardedTestimonialSlider(props: Props) {
  return (
    <IslandErrorBoundary ways={props.ways}>
      <TestimonialSlider {...props} />
    </IslandErrorBoundary>
  );
}

function TestimonialSlider({ testimonials }: Props) {
  const [index, setIndex] = useState(0);
  const [enhanced, setEnhanced] = useState(false);
  const [announce, setAnnounce] = useState('');
  const track = useRef<HTMLDivElement>(null);
  const dots = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => setEnhanced(true), []);

  // A swipe or a scroll moves the track; the current story follows it.
  useEffect(() => {
    const list = track.current;
    if (!list) return;
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (list.clientWidth > 0) setIndex(Math.round(list.scrollLeft / list.clientWidth));
      });
    };
    list.addEventListener('scroll', follow, { passive: true });
    return () => {
      list.removeEventListener('scroll', follow);
      cancelAnimationFrame(frame);
    };
  }, []);

  const go = (next: number, focus = false) => {
    const wrapped = (next + testimonials.length) % testimonials.length;
    const list = track.current;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list?.scrollTo({ left: wrapped * list.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
    setIndex(wrapped);
    setAnnounce(
      `Story ${wrapped + 1} of ${testimonials.length}: ${testimonials[wrapped]!.name}, ${testimonials[wrapped]!.org}`,
    );
    if (focus) dots.current[wrapped]?.focus();
  };

  return (
    <div className={testimonials.length <= 3 ? styles.fits : undefined}>
      {/* Focusable so a keyboard can scroll the track where it scrolls. */}
      <div ref={track} className={styles.track} role="region" aria-label="Success stories" tabIndex={0}>
        <ul className={styles.slides}>
          {testimonials.map((testimonial) => (
            <li key={testimonial.id} className={styles.slide} id={`story-${testimonial.id}`}>
              <figure className={styles.figure}>
                <blockquote className={styles.quote}>
                  <p>{testimonial.content}</p>
                </blockquote>
                <figcaption className={styles.caption}>
                  <strong>{testimonial.name}</strong>
                  <span>{testimonial.org}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <div className={enhanced ? styles.controls : `${styles.controls} ${styles.waiting}`}>
        <button type="button" className={styles.step} onClick={() => go(index - 1)} disabled={!enhanced}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={styles.arrow}>
            <path d="M15 5l-7 7 7 7" />
          </svg>
          <span className="visually-hidden">Previous story</span>
        </button>
        <div className={styles.dots} role="group" aria-label="Choose a story">
          {testimonials.map((testimonial, position) => (
            <button
              key={testimonial.id}
              ref={(element) => {
                dots.current[position] = element;
              }}
              type="button"
              className={styles.dot}
              disabled={!enhanced}
              aria-label={`Story ${position + 1}: ${testimonial.name}`}
              aria-current={position === index ? 'true' : undefined}
              aria-controls={`story-${testimonial.id}`}
              onClick={() => go(position)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight') go(index + 1, true);
                if (event.key === 'ArrowLeft') go(index - 1, true);
              }}
            />
          ))}
        </div>
        <button type="button" className={styles.step} onClick={() => go(index + 1)} disabled={!enhanced}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={styles.arrow}>
            <path d="M9 5l7 7-7 7" />
          </svg>
          <span className="visually-hidden">Next story</span>
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
