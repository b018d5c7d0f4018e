import { describe, expect, it } from 'vitest';
import { checkPageCode, sha256, withoutAstroPolicy } from '../../src/integrations/content-security-policy';
import { webFontLoader } from '../../src/lib/site-scripts';

/*
 * The build used to hash every inline script it found in the built pages into the Content-Security-Policy, so any
 * script that reached dist/ was allowed. Now only the site's own (src/lib/site-scripts.ts) are; anything else that
 * runs code fails the build. These tests hand the check crafted pages instead of building a hostile site
 * (content-script.dist.test.ts builds some).
 */

const fonts = ['/_astro/inter-text.abc.woff2', '/_astro/inter-rupee.def.woff2'];
const astroIsland = '(()=>{var a=1;customElements.define("astro-island",class extends HTMLElement{})})();';
/** Astro's policy element as the security.csp option writes it, listing the island loader. */
const astroPolicy = `<meta http-equiv="content-security-policy" content="script-src 'self' '${sha256(astroIsland)}'; style-src 'self' 'unsafe-inline' ;">`;

const page = (body: string, head = '') =>
  `<!doctype html><html><head>${head}${astroPolicy}<script>${webFontLoader(fonts)}</script></head>` +
  `<body><script>${astroIsland}</script>${body}</body></html>`;

/** What the build refuses in a page, as its message shows it. */
function refused(html: string): string[] {
  const { html: page, astroHashes } = withoutAstroPolicy(html);
  return checkPageCode(page, astroHashes).refused.map(({ shown }) => shown);
}

describe('the Content-Security-Policy written by the build', () => {
  it("hashes the site's own inline scripts, Astro's by its list and the web font loader by its text", () => {
    const { html, astroHashes } = withoutAstroPolicy(page(''));
    expect(html).not.toContain('content-security-policy');
    expect(checkPageCode(html, astroHashes)).toEqual({
      hashes: [sha256(webFontLoader(fonts)), sha256(astroIsland)],
      refused: [],
    });
  });

  it('an inline script that reached a page from content is not hashed but fails the build', () => {
    const { html, astroHashes } = withoutAstroPolicy(page('<p>Text</p><script>alert(document.domain)</script>'));
    const checked = checkPageCode(html, astroHashes);
    expect(checked.hashes).not.toContain(sha256('alert(document.domain)'));
    expect(checked.refused.map(({ shown }) => shown)).toEqual([
      'an inline script, <script>alert(document.domain)</script>',
    ]);
  });

  it.each([
    ['an SVG script', '<svg><script>alert(1)</script></svg>'],
    ['a script typed as a module', '<script type="module">alert(1)</script>'],
    ['a script inside a template', '<template><script>alert(1)</script></template>'],
    [
      'a copy of the web font loader that fetches from elsewhere',
      `<script>${webFontLoader(['//evil.example/a.woff2'])}</script>`,
    ],
    [
      'the web font loader with a line added',
      `<script>${webFontLoader(fonts).replace('try {', 'alert(1);try {')}</script>`,
    ],
  ])('%s fails the build', (_attack, body) => {
    expect(refused(page(body))).toHaveLength(1);
  });

  it('a policy element in the page body cannot add a hash to the list', () => {
    const forged = `<meta http-equiv="content-security-policy" content="script-src '${sha256('alert(1)')}'">`;
    expect(refused(page(`${forged}<script>alert(1)</script>`))).toHaveLength(1);
  });

  it.each([
    ['an image whose onerror runs', '<img src="x" onerror="alert(1)">', 'onerror'],
    ['an SVG whose onload runs', '<svg onload="alert(1)"></svg>', 'onload'],
    ['an event handler in capitals', '<p ONMOUSEOVER="alert(1)">x</p>', 'onmouseover'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', 'href'],
    ['a javascript: link behind character references', '<a href="&#x20;jav&#x09;ascript&colon;alert(1)">x</a>', 'href'],
    ['a javascript: frame', '<iframe src="JavaScript:alert(1)"></iframe>', 'src'],
    ['a javascript: form action', '<form action="javascript:alert(1)"><button>Go</button></form>', 'action'],
    [
      'a javascript: button formaction',
      '<form><button formaction="javascript:alert(1)">Go</button></form>',
      'formaction',
    ],
    ['an SVG link by xlink:href', '<svg><a xlink:href="javascript:alert(1)"><rect/></a></svg>', 'xlink:href'],
    [
      'an SVG animation that sets a link',
      '<svg><a><animate attributeName="href" values="0;javascript:alert(1)"/></a></svg>',
      'values',
    ],
    ['a MathML link', '<math><mi href="javascript:alert(1)">x</mi></math>', 'href'],
    ['a frame with a page of its own', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', 'srcdoc'],
  ])('%s fails the build, naming the attribute', (_attack, body, attribute) => {
    const found = refused(page(body));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(` ${attribute}="`);
  });

  it('reads the page as a browser does: a script in a comment or an attribute, or behind noscript, runs nothing', () => {
    const body =
      '<!-- <script>alert(1)</script> --><p title="<script>alert(2)</script>">x</p>' +
      '<noscript><script>alert(3)</script></noscript><textarea><script>alert(4)</script></textarea>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<a href="/javascript:notes">Notes</a><p>javascript: a language</p>';
    expect(refused(page(body))).toEqual([]);
  });
});
