// The characters each of the site's two font files holds: read by
// scripts/make-fonts.ts, which cuts the files, and by tests/unit/fonts.test.ts,
// which checks that each @font-face in src/styles/global.css claims exactly
// these characters in its unicode-range.

const range = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join('');

/**
 * Latin-1 (English and the accented letters of names like Schrödinger, Ampère and
 * L'Hôpital in the books, with µ, ÷, ° and the like; not the soft hyphen, which
 * has no glyph) and the punctuation the site's text uses. Inter's Latin file has
 * no arrows, dagger or per-mille sign: those come from the system's fonts.
 */
export const textCharacters =
  range(0x20, 0x7e) +
  range(0xa0, 0xac) +
  range(0xae, 0xff) +
  range(0x2013, 0x2014) +
  range(0x2018, 0x201a) +
  range(0x201c, 0x201e) +
  '\u2022\u2026\u2032\u2033\u2039\u203a\u2044\u20ac\u2122\u2212';

/** The rupee sign, which Inter keeps in its Latin Extended file. */
export const rupeeCharacters = '\u20b9';

/**
 * A CSS unicode-range for a set of characters: runs of consecutive code points
 * become one range, as in "U+0020-007E, U+00A0".
 */
export function unicodeRange(characters: string): string {
  const points = [...new Set([...characters].map((character) => character.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0');
  const runs: [number, number][] = [];
  for (const point of points) {
    const last = runs.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else runs.push([point, point]);
  }
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}
