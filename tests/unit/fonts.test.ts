import { readFileSync } from 'node:fs';
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { rupeeCharacters, textCharacters, unicodeRange } from '../../support/font-characters.ts';

/*
 * A font face that claims a character its file lacks shows the fallback's glyph
 * anyway, after a download; one that leaves out a character the file holds
 * sends it to the fallback font. So each @font-face claims exactly the
 * characters scripts/make-fonts.ts put into its file, and the file holds them
 * (a list changed without running the script again fails here).
 */

const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  file: /url\('[^']*\/([\w-]+\.woff2)/.exec(body!)?.[1],
  // The formatter may wrap a long range over lines: compare it as one line.
  range: /unicode-range:\s*([^;]+);/.exec(body!)?.[1]?.replace(/\s+/g, ' ').trim(),
}));

describe('the font faces', () => {
  it('are the text face and the rupee face', () => {
    expect(faces.map((face) => face.file)).toEqual(['inter-text.woff2', 'inter-rupee.woff2']);
  });

  it.each([
    ['inter-text.woff2', textCharacters],
    ['inter-rupee.woff2', rupeeCharacters],
  ])('%s claims exactly the characters its file was cut with, and holds them', async (file, characters) => {
    expect(faces.find((face) => face.file === file)?.range).toBe(unicodeRange(characters));
    const font = await fontverter.convert(
      readFileSync(new URL(`../../src/assets/fonts/${file}`, import.meta.url)),
      'truetype',
    );
    const held = new Set(new Face(new Blob(font)).collectUnicodes());
    expect([...characters].filter((character) => !held.has(character.codePointAt(0)!))).toEqual([]);
  });
});

describe('unicodeRange', () => {
  it('joins consecutive code points into runs and keeps single ones alone', () => {
    expect(unicodeRange('cab\u00a0\u20b9e')).toBe('U+0061-0063, U+0065, U+00A0, U+20B9');
  });
});
