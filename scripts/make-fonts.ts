/*
 * make-fonts.ts: cuts the site's two font files out of Inter (the
 * @fontsource-variable/inter package) with harfbuzz's subsetter.
 *
 * Writes:
 *   src/assets/fonts/inter-text.woff2    Latin-1 and the punctuation and symbols the site's text uses
 *   src/assets/fonts/inter-rupee.woff2   the rupee sign ₹ alone
 *
 * Both keep the weight axis only from 400 to 700, the weights the site uses,
 * and only the kerning and tabular-figure features (PackageCard's prices);
 * Inter's stylistic sets and alternates would add a third to the file.
 * Fontsource's files carry 100 to 900 and every feature, and its rupee sign
 * comes inside an 85 KB Latin Extended file: these two weigh about 22 KB
 * together, fetched after a visitor's first page has loaded, for the pages after it
 * (docs/decisions.md, "The web font").
 * Greek and mathematics come from the system's fonts. The lists are in
 * support/font-characters.ts; each @font-face's unicode-range in
 * src/styles/global.css must claim the same characters, and each file must
 * hold them (tests/unit/fonts.test.ts).
 *
 * Run from the repository root after upgrading Inter:   node scripts/make-fonts.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { rupeeCharacters, textCharacters } from '../support/font-characters.ts';

const root = join(import.meta.dirname, '..');
const source = join(root, 'node_modules/@fontsource-variable/inter/files');
const target = join(root, 'src/assets/fonts');

const weights = { wght: { min: 400, max: 700 } };
const features = ['kern', 'tnum'];

const faces = [
  { file: 'inter-text.woff2', from: 'inter-latin-wght-normal.woff2', characters: textCharacters },
  { file: 'inter-rupee.woff2', from: 'inter-latin-ext-wght-normal.woff2', characters: rupeeCharacters },
];

mkdirSync(target, { recursive: true });
for (const face of faces) {
  const font = await subsetFont(readFileSync(join(source, face.from)), face.characters, {
    targetFormat: 'woff2',
    variationAxes: weights,
    keepFeatures: features,
  });
  writeFileSync(join(target, face.file), font);
  console.log(`${face.file}: ${(font.length / 1024).toFixed(1)} KB`);
}
