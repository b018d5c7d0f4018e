import { useEffect, useRef, useState } from 'react';
import styles from './TestimonialSlider.module.css';

/*
 * The success stories, one at a time, the first at start, with a dot per
 * story. Server-rendered as a plain list, so all three are readable without
 * JavaScript; the slider takes over once hydrated (client:visible). It never
 * moves on by itself.
 */

export interface Testimonial {
  id: string;
  content: string;
  name: string;
  org: string;
}

export default function TestimonialSlider({ testimonials }: { testimonials: Testimonial[] }) {
  const [index, setIndex] = useState(0);
  const [enhanced, setEnhanced] = useState(false);
  const [announce, setAnnounce] = useState('');
  const dots = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => setEnhanced(true), []);

  const go = (next: number, focus = false) => {
    const wrapped = (next + testimonials.length) % testimonials.length;
    setIndex(wrapped);
    setAnnounce(
      `Story ${wrapped + 1} of ${testimonials.length}: ${testimonials[wrapped]!.name}, ${testimonials[wrapped]!.org}`,
    );
    if (focus) dots.current[wrapped]?.focus();
  };

  return (
    <div className={enhanced ? `${styles.slider} ${styles.enhanced}` : styles.slider}>
      <ul className={styles.slides}>
        {testimonials.map((testimonial, position) => (
          <li
            key={testimonial.id}
            className={styles.slide}
            hidden={enhanced && position !== index}
            id={`story-${testimonial.id}`}
          >
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
      {enhanced && (
        <div className={styles.dots} role="group" aria-label="Choose a story">
          {testimonials.map((testimonial, position) => (
            <button
              key={testimonial.id}
              ref={(element) => {
                dots.current[position] = element;
              }}
              type="button"
              className={styles.dot}
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
      )}
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
