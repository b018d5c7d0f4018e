import { describe, expect, it } from 'vitest';
import { codeInPage } from '../../src/integrations/page-code';
import { fillHtmlTokens } from '../../src/lib/tokens';

/*
 * A policy's placeholders ({{grievanceAddress}}, {{company}}…) are filled with values from src/content/site.json,
 * which authors edit in the CMS, into the HTML that Markdown rendered (src/layouts/PolicyPage.astro). Filled in as
 * they were, a value with markup in it became markup on the page.
 */

const policy =
  '<ul>\n<li><strong>Post:</strong> {{grievanceAddress}}</li>\n</ul>\n<p><a href="mailto:{{email}}">Write to us</a></p>';

describe('a site value filled into a policy', () => {
  it('with a script in the postal address shows as text and runs nothing', () => {
    const html = fillHtmlTokens(
      policy,
      {
        grievanceAddress: '1 Marg <img src=x onerror="alert(document.domain)"><script>alert(1)</script>',
        email: 'a@b.in',
      },
      'src/content/policies/privacy-policy.md',
    );
    expect(codeInPage(html)).toEqual({ scripts: [], refused: [] });
    expect(html).toContain('1 Marg &lt;img src=x onerror=&quot;alert(document.domain)&quot;&gt;&lt;script&gt;');
  });

  it('with a quote in a value cannot break out of the link it stands in', () => {
    const html = fillHtmlTokens(policy, { grievanceAddress: 'x', email: 'a@b.in" onmouseover="alert(1)' });
    expect(codeInPage(html).refused).toEqual([]);
    expect(html).toContain('href="mailto:a@b.in&quot; onmouseover=&quot;alert(1)"');
  });
});
