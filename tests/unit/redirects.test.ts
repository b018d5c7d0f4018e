import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRedirect, parseRedirects } from '../../scripts/server/static.mjs';

/* The rewrites production serves (public/_redirects), read as the local server reads them. */

const rules = parseRedirects(readFileSync(resolve(import.meta.dirname, '../../public/_redirects'), 'utf8'));

describe('the app privacy fallback', () => {
  it.each(['/apps/com.example.unknown/privacy', '/apps/no-such-app/privacy', '/apps/UPPER/privacy'])(
    'sends %s to the Machine Learning Advance policy, as a rewrite',
    (path) => {
      expect(matchRedirect(rules, path)).toMatchObject({
        to: '/apps/machine-learning-advance/privacy',
        status: 200,
        force: false,
      });
    },
  );

  it('leaves other addresses alone', () => {
    expect(matchRedirect(rules, '/apps')).toBeUndefined();
    expect(matchRedirect(rules, '/apps/x/privacy/extra')).toBeUndefined();
    expect(matchRedirect(rules, '/privacy-policy')).toBeUndefined();
  });
});

describe('reading _redirects', () => {
  it('understands splats, placeholders, statuses and forced rules', () => {
    const parsed = parseRedirects('# comment\n/old/*  /new/:splat  301\n/blog/:year/:slug  /posts/:slug  302!\n');
    expect(matchRedirect(parsed, '/old/a/b')).toMatchObject({ to: '/new/a/b', status: 301 });
    expect(matchRedirect(parsed, '/blog/2025/hello')).toMatchObject({ to: '/posts/hello', status: 302, force: true });
  });

  it('refuses a rule it cannot read instead of skipping it', () => {
    expect(() => parseRedirects('/only-one-part\n')).toThrow(/cannot read the rule/);
  });
});
