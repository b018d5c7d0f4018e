import { resolve } from 'node:path';
import { RedirectsHandler } from '@netlify/redirects';
import { describe, expect, it } from 'vitest';

/* The rewrites production serves (public/_redirects), read and matched by Netlify's own redirect engine. */

const root = resolve(import.meta.dirname, '../..');
const redirects = new RedirectsHandler({
  configRedirects: [],
  jwtRoleClaim: '',
  jwtSecret: '',
  projectDir: root,
  publicDir: resolve(root, 'public'),
});
const match = (path: string) => redirects.match(new Request(`http://localhost${path}`));

describe('the app privacy fallback', () => {
  it.each(['/apps/com.example.unknown/privacy', '/apps/no-such-app/privacy', '/apps/UPPER/privacy'])(
    'sends %s to the Machine Learning Advance policy, as a rewrite that gives way to a page at the address',
    async (path) => {
      expect(await match(path)).toMatchObject({
        targetRelative: '/apps/machine-learning-advance/privacy',
        statusCode: 200,
        force: false,
        external: false,
      });
    },
  );

  it('leaves other addresses alone', async () => {
    expect(await match('/apps')).toBeUndefined();
    expect(await match('/apps/x/privacy/extra')).toBeUndefined();
    expect(await match('/privacy-policy')).toBeUndefined();
  });
});
