import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import TestimonialSlider, { type Testimonial } from '../../src/islands/TestimonialSlider';
import styles from '../../src/islands/TestimonialSlider.module.css';

const stories = (count: number): Testimonial[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `story-${index}`,
    content: `Story ${index}`,
    name: `Client ${index}`,
    org: `Company ${index}`,
  }));

/** Whether the slider's root says its stories fit side by side on a wide screen. */
const fits = (count: number) =>
  renderToString(
    createElement(TestimonialSlider, {
      testimonials: stories(count),
      ways: { email: 'a@example.com', phone: '+91 1' },
    }),
  ).startsWith(`<div class="${styles.fits}"`);

describe('the success stories', () => {
  it('stand side by side on a wide screen up to three, and keep sliding when there are more', () => {
    expect(styles.fits).toBeTruthy();
    expect([1, 2, 3].map(fits)).toEqual([true, true, true]);
    expect([4, 5].map(fits)).toEqual([false, false]);
  });
});
