import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { inlineArt } from '../../src/lib/inline-art';
import { codeInPage } from '../../src/integrations/page-code';

/*
 * App and book icons are uploaded by authors and drawn inside the page (src/lib/inline-art.ts). Each payload here
 * passed the old check, which read the file with ultrahtml: it ends a comment only at "-->" and saw `svg` and `rect`
 * only, while a browser closes the comment early and runs the script. Each must now fail the build, naming the file.
 */

const source = 'src/content/apps/an-app.json: icon';
const options = { source, width: 64, height: 64 };
const icon = (inside: string) =>
  `<svg viewBox="0 0 96 96" xmlns="http://www.w3.org/2000/svg"><rect width="96" height="96" fill="#14213d"/>${inside}</svg>`;

/** What the browser would find to run if the markup reached a page as it is. */
const codeAsBrowsersRead = (markup: string) => codeInPage(`<!doctype html><body>${markup}`).scripts;

describe('inline artwork an author uploads', () => {
  it.each([
    ['an SVG comment that browsers close early (<!-->)', '<!--><script>alert(document.domain)</script>-->'],
    ['an SVG comment that browsers close at --!>', '<!-- --!><script>alert(document.domain)</script><!-- -->'],
    ['a CDATA section that hides a comment opener', '<![CDATA[><!--]]><script>alert(document.domain)</script>-->'],
  ])('%s cannot smuggle a script', (_attack, payload) => {
    const markup = icon(payload);
    // The payload is real: a browser reading it as HTML finds the script.
    expect(codeAsBrowsersRead(markup)).toEqual(['alert(document.domain)']);
    expect(() => inlineArt(markup, options)).toThrow(source);
  });

  it('a paint server written with a character reference (u&#114;l) cannot get past the url() check', () => {
    expect(() => inlineArt(icon('<rect width="1" height="1" fill="u&#114;l(#g)"/>'), options)).toThrow(
      /an-app\.json: icon: the artwork has fill="url\(#g\)"/,
    );
  });

  it('a paint server written with a CSS escape (\\75rl) cannot get past the url() check', () => {
    expect(() => inlineArt(icon('<rect width="1" height="1" fill="\\75rl(#g)"/>'), options)).toThrow(source);
  });

  it.each([
    ['a doctype that declares an entity', `<!DOCTYPE svg [<!ENTITY s "&#60;script&#62;">]>${icon('')}`],
    ['a processing instruction', icon('<?xml-stylesheet href="https://example.com/a.css"?>')],
    ['a plain comment', icon('<!-- drawn by hand -->')],
    ['text beside the shapes', icon('Hello')],
    ['markup that is not well-formed', icon('<rect width="1">')],
  ])('%s is refused rather than copied into the page', (_attack, markup) => {
    expect(() => inlineArt(markup, options)).toThrow(source);
  });

  it('an event handler hidden behind a character reference in its name is still an unknown attribute', () => {
    expect(() => inlineArt(icon('<rect width="1" height="1" o&#110;load="alert(1)"/>'), options)).toThrow(source);
  });

  it('writes the page only elements and attributes it parsed, never the file as it came', () => {
    const markup =
      '<svg viewBox="0 0 8 8" xmlns="http://www.w3.org/2000/svg"><title>T</title>\n  <g opacity=".5">' +
      '<path d="M0 0h8" stroke="&#35;000"/></g>\n</svg>';
    const written = inlineArt(markup, options);
    expect(written).toBe(
      '<svg viewBox="0 0 8 8" width="64" height="64" aria-hidden="true"><g opacity=".5">' +
        '<path d="M0 0h8" stroke="#000"/></g></svg>',
    );
    // As a browser reads it inside a page: the same elements, nothing else.
    const body = parse(`<!doctype html><body>${written}`).childNodes[1]!;
    expect(JSON.stringify(body, (key, value) => (key === 'parentNode' ? undefined : value))).not.toMatch(
      /#comment|#text/,
    );
  });
});
