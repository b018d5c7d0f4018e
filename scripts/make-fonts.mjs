#!/usr/bin/env node
/*
 * make-fonts.mjs: cuts the site's two font files out of Inter (the
 * @fontsource-variable/inter package) with harfbuzz's subsetter.
 *
 * Writes:
 *   src/assets/fonts/inter-text.woff2    Latin-1, general punctuation and a few symbols
 *   src/assets/fonts/inter-rupee.woff2   the rupee sign ₹ alone
 *
 * Both keep the weight axis only from 400 to 700, the weights the site uses.
 * Fontsource's files carry 100 to 900, and its rupee sign comes inside an 85 KB
 * Latin Extended file: these two weigh about 30 KB together, which keeps the
 * mobile LCP (the h1 waits for the font) inside its 1.2 s budget (issue 6).
 * The ranges are Fontsource's Latin range and the rupee sign, as in the unicode-range
 * of each @font-face in src/styles/global.css; other characters (Greek,
 * mathematics) come from the system's fonts.
 *
 * Run from the repository root after upgrading Inter:   node scripts/make-fonts.mjs
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import subsetFont from 'subset-font';

const root = join(import.meta.dirname, '..');
const source = join(root, 'node_modules/@fontsource-variable/inter/files');
const target = join(root, 'src/assets/fonts');

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join('');

/** Keep in step with the unicode-range of the text face in global.css. */
export const textCharacters =
  range(0x20, 0x7e) + range(0xa0, 0xff) + '\u0131\u0152\u0153\u02bb\u02bc\u02c6\u02da\u02dc' + range(0x2000, 0x206f) + '\u20ac\u2122\u2191\u2193\u2212\u2215\ufeff\ufffd';
export const rupee = '\u20b9';
const weights = { wght: { min: 400, max: 700 } };

const faces = [
  { file: 'inter-text.woff2', from: 'inter-latin-wght-normal.woff2', characters: textCharacters },
  { file: 'inter-rupee.woff2', from: 'inter-latin-ext-wght-normal.woff2', characters: rupee },
];

mkdirSync(target, { recursive: true });
for (const face of faces) {
  const font = await subsetFont(readFileSync(join(source, face.from)), face.characters, { targetFormat: 'woff2', variationAxes: weights });
  writeFileSync(join(target, face.file), font);
  console.log(`${face.file}: ${(font.length / 1024).toFixed(1)} KB`);
}
