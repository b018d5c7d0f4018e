import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/*
 * Writes the site's Content-Security-Policy into dist/_headers after the build.
 * Scripts run only from this site and hCaptcha's hosts; the few small inline
 * scripts (the hero video control, Astro's island loader) are allowed by their
 * SHA-256 hashes, which only a build can know. Netlify merges _headers with the
 * headers of netlify.toml; the local server reads both.
 */

const HCAPTCHA = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];

export function policy(scriptHashes: readonly string[]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' lets the textbook search (Pagefind) compile its WebAssembly; it allows no JavaScript eval.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...HCAPTCHA, ...scriptHashes.map((hash) => `'${hash}'`)],
    // Astro inlines each page's small stylesheet; inline styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'", ...HCAPTCHA],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    'connect-src': ["'self'", ...HCAPTCHA],
    'frame-src': HCAPTCHA,
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The bodies of the inline scripts that run code (not JSON-LD data blocks). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?<attributes>[^>]*)>(?<body>[\s\S]*?)<\/script>/g)]
    .filter(
      ({ groups }) =>
        !/\bsrc=/.test(groups!.attributes!) && !/type="application\/(ld\+)?json"/.test(groups!.attributes!),
    )
    .map(({ groups }) => groups!.body!)
    .filter((body) => body.trim() !== '');
}

export const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

async function htmlFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

export default function contentSecurityPolicy(): AstroIntegration {
  return {
    name: 'quartz:content-security-policy',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const hashes = new Set<string>();
        for (const file of await htmlFiles(root)) {
          for (const script of inlineScripts(await readFile(file, 'utf8'))) hashes.add(sha256(script));
        }
        // Netlify sets CONTEXT during its builds; previews must stay out of search engines.
        const preview = process.env.CONTEXT === 'deploy-preview' || process.env.CONTEXT === 'branch-deploy';
        const lines = [
          '# Written by src/integrations/content-security-policy.ts at build time.',
          '/*',
          `  Content-Security-Policy: ${policy([...hashes].sort())}`,
          ...(preview ? ['  X-Robots-Tag: noindex'] : []),
          '',
        ];
        await writeFile(join(root, '_headers'), lines.join('\n'));
        logger.info(`Content-Security-Policy written to _headers with ${hashes.size} inline script hash(es)`);
      },
    },
  };
}
