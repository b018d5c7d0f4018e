import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { SITE_SCRIPTS } from '../lib/site-scripts';
import { ADMIN } from './cms';
import { codeInPage, shortened, type PageCodeFinding } from './page-code';

/*
 * Writes the pages' Content-Security-Policy into dist/_headers: scripts from this site and hCaptcha only, and the
 * site's own inline scripts (src/lib/site-scripts.ts) by hash, which only a build knows. Any other inline script,
 * handler attribute or javascript: URL fails the build, naming page and content file. /admin needs a policy of its
 * own, and Netlify would enforce both if two rules matched, so the pages' rules name the build's top-level entries
 * one by one, never /admin (tests/dist/headers.test.ts parses them with Netlify's parser).
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

/** The editor's policy: its scripts, styles and fonts come from this site; it talks to GitHub's API. */
export function adminPolicy(): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // The editor sets styles on its elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Images of the repository are read through the API and shown as blob: addresses; avatars come from GitHub.
    'img-src': ["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    // The editor reads its own inline images with fetch(); the repository through GitHub's API.
    'connect-src': ["'self'", 'blob:', 'data:', 'https://api.github.com'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'blob:'],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The paths of the pages' rules: "/" and one rule per top-level file or folder
 * of the build, except the editor's folder. Netlify's "/name/*" matches every
 * address that starts with "/name" ("/name", "/name.html", "/names/x"), so an
 * address already matched by a folder's rule gets no other rule.
 */
export function pagePaths(topLevel: readonly { name: string; folder: boolean }[], except: string): string[] {
  const served = topLevel.filter(({ name }) => name !== except && name !== '_headers' && name !== '_redirects');
  const clash = served.find(({ name }) => name.startsWith(except));
  if (clash) throw new Error(`"${clash.name}" would get the policy of the content editor at /${except}; rename it.`);
  const covered = (path: string, folders: readonly string[]) => folders.some((folder) => path.startsWith(`/${folder}`));
  const folders: string[] = [];
  for (const { name } of served.filter(({ folder }) => folder).sort((a, b) => a.name.length - b.name.length)) {
    if (!covered(`/${name}`, folders)) folders.push(name);
  }
  const files = served
    .filter(({ folder }) => !folder)
    .flatMap(({ name }) => [`/${name}`, `/${name.replace(/\.html$/, '')}`])
    .filter((path) => !covered(path, folders));
  return [...new Set(['/', ...folders.map((folder) => `/${folder}/*`), ...files])].sort();
}

export function headersFile(options: {
  pagePaths: readonly string[];
  pagePolicy: string;
  admin: string;
  preview: boolean;
}): string {
  const rule = (path: string, headers: string[]) => [path, ...headers.map((header) => `  ${header}`)];
  const pageHeaders = [
    `Content-Security-Policy: ${options.pagePolicy}`,
    'Cross-Origin-Opener-Policy: same-origin',
    ...(options.preview ? ['X-Robots-Tag: noindex'] : []),
  ];
  const adminHeaders = [
    `Content-Security-Policy: ${adminPolicy()}`,
    // The sign-in window of GitHub must be able to report back to the editor.
    'Cross-Origin-Opener-Policy: same-origin-allow-popups',
    'X-Robots-Tag: noindex',
    'Cache-Control: no-cache',
  ];
  return [
    '# Written by src/integrations/content-security-policy.ts at build time.',
    ...options.pagePaths.flatMap((path) => rule(path, pageHeaders)),
    ...rule(`/${options.admin}/*`, adminHeaders),
    '',
  ].join('\n');
}

/** The bodies of the inline scripts that run code (not JSON-LD data blocks). */
export function inlineScripts(html: string): string[] {
  return codeInPage(html).scripts.filter((body) => body.trim() !== '');
}

export const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * Astro's own policy element (the security.csp option, turned on below), which lists by hash the scripts Astro wrote:
 * its island loader, the client directives and the components' scripts it inlines. The build reads the list and
 * takes the element out, since the policy travels in _headers.
 */
const ASTRO_POLICY = /<meta http-equiv="content-security-policy" content="([^"]*)">/;

/** A page without Astro's policy element, and the script hashes that element listed. */
export function withoutAstroPolicy(html: string): { html: string; astroHashes: Set<string> } {
  const match = ASTRO_POLICY.exec(html);
  const headEnd = html.indexOf('</head>');
  if (!match || headEnd === -1 || match.index > headEnd) return { html, astroHashes: new Set() };
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(match[1]!)?.[1] ?? '';
  const astroHashes = new Set([...scriptSrc.matchAll(/'(sha256-[^']+)'/g)].map(([, hash]) => hash!));
  return { html: html.slice(0, match.index) + html.slice(match.index + match[0].length), astroHashes };
}

/**
 * The hashes of a page's inline scripts, each of them one of the site's own (src/lib/site-scripts.ts), and what
 * else in the page runs code: any other inline script, an event-handler attribute, a javascript: URL.
 */
export function checkPageCode(
  html: string,
  astroHashes: ReadonlySet<string>,
): { hashes: string[]; refused: PageCodeFinding[] } {
  const { scripts, refused } = codeInPage(html);
  const hashes: string[] = [];
  for (const script of scripts.filter((body) => body.trim() !== '')) {
    const hash = sha256(script);
    const own = SITE_SCRIPTS.some(({ known }) => (known === 'astro' ? astroHashes.has(hash) : known(script)));
    if (own) hashes.push(hash);
    else refused.push({ shown: `an inline script, <script>${shortened(script)}</script>`, text: script.trim() });
  }
  return { hashes, refused };
}

/** The content files (Markdown and JSON under src/content) that hold a piece of refused code as it was written. */
async function contentFilesHolding(root: string, texts: readonly string[]): Promise<Map<string, string[]>> {
  const folder = join(root, 'src', 'content');
  const files = (await readdir(folder, { withFileTypes: true, recursive: true })).filter(
    (entry) => entry.isFile() && /\.(md|json)$/.test(entry.name),
  );
  const contents = await Promise.all(
    files.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      return { file: relative(root, path).split(sep).join('/'), text: await readFile(path, 'utf8') };
    }),
  );
  return new Map(
    texts.map((text) => [
      text,
      text.length < 4 ? [] : contents.filter((c) => c.text.includes(text)).map((c) => c.file),
    ]),
  );
}

/** "/books/x/y" for dist/books/x/y.html, "/" for dist/index.html. */
const pagePath = (root: string, file: string) =>
  `/${relative(root, file).split(sep).join('/')}`.replace(/(\/index)?\.html$/, '') || '/';

async function htmlFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

export default function contentSecurityPolicy(): AstroIntegration {
  let projectRoot = process.cwd();
  return {
    name: 'quartz:content-security-policy',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        // Only for Astro's list of its own scripts (withoutAstroPolicy); styles stay allowed inline as in policy().
        updateConfig({
          security: { csp: { algorithm: 'SHA-256', styleDirective: { resources: ["'unsafe-inline'"] } } },
        });
      },
      'astro:config:done': ({ config }) => {
        projectRoot = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const hashes = new Set<string>();
        const refused: { page: string; file: string; finding: PageCodeFinding }[] = [];
        for (const file of await htmlFiles(root)) {
          const read = await readFile(file, 'utf8');
          const { html, astroHashes } = withoutAstroPolicy(read);
          const checked = checkPageCode(html, astroHashes);
          for (const hash of checked.hashes) hashes.add(hash);
          for (const finding of checked.refused) refused.push({ page: pagePath(root, file), file, finding });
          if (html !== read) await writeFile(file, html);
        }
        if (refused.length > 0) {
          const holders = await contentFilesHolding(
            projectRoot,
            refused.map(({ finding }) => finding.text),
          );
          const lines = refused.map(({ page, file, finding }) => {
            const sources = holders.get(finding.text) ?? [];
            const from = sources.length > 0 ? sources.join(', ') : relative(projectRoot, file).split(sep).join('/');
            return `- ${page} (${from}): ${finding.shown}`;
          });
          const more = lines.length > 20 ? `\n…and ${lines.length - 20} more` : '';
          throw new Error(
            'Built pages hold code the site does not write (only the inline scripts of src/lib/site-scripts.ts may ' +
              'run; see "Content-Security-Policy written by the build" in docs/decisions.md):\n' +
              lines.slice(0, 20).join('\n') +
              more,
          );
        }
        // Netlify sets CONTEXT during its builds; previews must stay out of search engines.
        const preview = process.env.CONTEXT === 'deploy-preview' || process.env.CONTEXT === 'branch-deploy';
        const pagePolicy = policy([...hashes].sort());
        const topLevel = (await readdir(root, { withFileTypes: true })).map((entry) => ({
          name: entry.name,
          folder: entry.isDirectory(),
        }));
        const paths = pagePaths(topLevel, ADMIN);
        await writeFile(join(root, '_headers'), headersFile({ pagePaths: paths, pagePolicy, admin: ADMIN, preview }));
        // frame-ancestors has no effect in a meta element; X-Frame-Options (netlify.toml) covers framing.
        const notFound = join(root, '404.html');
        const page = await readFile(notFound, 'utf8');
        const meta = pagePolicy.replace(/; frame-ancestors [^;]*/, '');
        await writeFile(
          notFound,
          page.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${meta}">`),
        );
        logger.info(`Content-Security-Policy written to _headers with ${hashes.size} inline script hash(es)`);
      },
    },
  };
}
