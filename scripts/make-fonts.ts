/*
 * Cuts the site's two font files out of @fontsource-variable/inter with harfbuzz: inter-text.woff2 (the characters
 * support/font-characters.ts lists) and inter-rupee.woff2 (₹ alone), weights 400 to 700, kerning and tabular
 * figures only: about 22 KB together against Fontsource's 85 KB file for ₹ alone. global.css's unicode-range must
 * claim the same characters (tests/unit/fonts.test.ts). Run after upgrading Inter: node scripts/make-fonts.ts
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
