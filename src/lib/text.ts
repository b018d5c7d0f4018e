/*
 * Text that came from outside (a link's address, a field, a saved draft) made safe to encode. A character beyond
 * U+FFFF (an emoji, many CJK and Indic signs) is two UTF-16 units; a cut between them, or a paste or an input method
 * gone wrong, leaves a lone half (a surrogate), on which encodeURIComponent throws.
 */

/**
 * The text with each lone surrogate replaced by U+FFFD, as String.prototype.toWellFormed does; this form also runs in
 * the browsers from before toWellFormed (2023), where calling it would throw.
 */
export function wellFormed(text: string): string {
  return text.replace(/\p{Surrogate}/gu, '\uFFFD');
}

/** The text cut to at most `max` characters, counted in code points: never half of one. */
export function firstCodePoints(text: string, max: number): string {
  let end = 0;
  let count = 0;
  for (const character of text) {
    if (count === max) break;
    end += character.length;
    count += 1;
  }
  return text.slice(0, end);
}
