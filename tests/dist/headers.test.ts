import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Header, parseAllHeaders } from '@netlify/headers-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPolicy } from '../../src/integrations/content-security-policy';

/*
 * The headers Netlify will send, read from the built dist/_headers and
 * netlify.toml by Netlify's own parser. Netlify applies every rule whose path
 * matches, so each address must match exactly one rule that sets the
 * Content-Security-Policy and the Cross-Origin-Opener-Policy: the pages' strict
 * policy everywhere, the editor's own under /admin.
 */

const root = join(import.meta.dirname, '../..');
const dist = join(root, 'dist');

let rules: Header[] = [];

beforeAll(async () => {
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [join(dist, '_headers')],
    netlifyConfigPath: join(root, 'netlify.toml'),
    configHeaders: [],
    minimal: false,
  });
  expect(errors).toEqual([]);
  rules = headers as Header[];
});

/** Every header Netlify sends for a path, each with all the values that matching rules give it. */
function sent(path: string): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const rule of rules.filter((candidate) => candidate.forRegExp.test(path))) {
    for (const [name, value] of Object.entries(rule.values)) (result[name.toLowerCase()] ??= []).push(value);
  }
  return result;
}

/** The address of every file of the build, and of every page without its .html. */
function addresses(): string[] {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter(
    (name) => !name.startsWith('_headers') && !name.startsWith('_redirects') && !name.includes('sveltia/'),
  );
  return files.flatMap((name) => {
    const path = `/${name.split('\\').join('/')}`;
    return path.endsWith('.html') ? [path, path.replace(/(\/index)?\.html$/, '') || '/'] : [path];
  });
}

describe('the headers of the built site, as Netlify parses them', () => {
  it('gives every page and file exactly one policy: the strict one outside /admin', () => {
    const paths = addresses().filter((path) => !path.startsWith('/admin'));
    const pagePolicy = sent('/')['content-security-policy']![0]!;
    expect(pagePolicy).toContain("script-src 'self' 'wasm-unsafe-eval' https://hcaptcha.com");
    for (const path of [...paths, '/our-services/seo', '/books/thermodynamics']) {
      const headers = sent(path);
      expect({ path, policy: headers['content-security-policy'] }).toEqual({ path, policy: [pagePolicy] });
      expect({ path, opener: headers['cross-origin-opener-policy'] }).toEqual({ path, opener: ['same-origin'] });
    }
  });

  it.each(['/admin', '/admin/', '/admin/index.html', '/admin/config.yml', '/admin/cms.js', '/admin/sveltia/index.js'])(
    'gives %s the editor policy only, a sign-in window that can answer, and noindex',
    (path) => {
      const headers = sent(path);
      expect(headers['content-security-policy']).toEqual([adminPolicy()]);
      expect(headers['cross-origin-opener-policy']).toEqual(['same-origin-allow-popups']);
      expect(headers['x-robots-tag']).toEqual(['noindex']);
      // The site-wide headers of netlify.toml still apply.
      expect(headers['x-frame-options']).toEqual(['DENY']);
    },
  );

  it('lets the editor run its scripts from this site only, without eval', () => {
    expect(adminPolicy()).toMatch(/script-src 'self';/);
    expect(adminPolicy()).not.toMatch(/unsafe-eval/);
  });

  it('carries the pages policy in the 404 page, which Netlify sends for addresses no rule names', () => {
    expect(sent('/no-such-page')['content-security-policy']).toBeUndefined();
    const page = readFileSync(join(dist, '404.html'), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1];
    expect(meta).toBe(sent('/')['content-security-policy']![0]!.replace(/; frame-ancestors [^;]*/, ''));
  });

  it('serves the pinned editor and its generated configuration, and keeps /admin out of the sitemap', () => {
    const version = (
      JSON.parse(readFileSync(join(root, 'node_modules/@sveltia/cms/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(readFileSync(join(dist, 'admin/index.html'), 'utf8')).toContain(`/admin/cms.js?v=${version}`);
    expect(existsSync(join(dist, 'admin/sveltia/index.js'))).toBe(true);
    expect(readFileSync(join(dist, 'admin/config.yml'), 'utf8')).toMatch(/^publish_mode: editorial_workflow$/m);
    expect(readFileSync(join(dist, 'sitemap-0.xml'), 'utf8')).not.toContain('/admin');
  });
});
