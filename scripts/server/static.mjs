import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.ico': 'image/x-icon',
};
const compressible = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg']);
const compress = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/*
 * Compressed bodies, kept until their file changes. Netlify's CDN compresses a
 * file once; compressing on every request (Brotli at its default, highest
 * quality, takes about 0.3 s for the React runtime here) would slow every page
 * load and make the bench measure this server instead of the site.
 */
const compressedBodies = new Map();

async function compressedBody(file, encoding) {
  const { mtimeMs, size } = await stat(file);
  const key = `${encoding} ${file}`;
  const cached = compressedBodies.get(key);
  if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.body;
  const body = await compress[encoding](await readFile(file));
  compressedBodies.set(key, { mtimeMs, size, body });
  return body;
}

/**
 * Reads Netlify's _redirects format: "from to [status]", with `*` splats and
 * `:name` placeholders. Only what this site uses is supported; a line that
 * cannot be read fails loudly instead of being skipped.
 */
export function parseRedirects(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [from, to, status = '301'] = line.split(/\s+/);
      if (!from || !to) throw new Error(`_redirects: cannot read the rule "${line}"`);
      const force = status.endsWith('!');
      const pattern = new RegExp(
        `^${from
          .split('/')
          .map((part) =>
            part === '*'
              ? '(?<splat>.*)'
              : part.startsWith(':')
                ? `(?<${part.slice(1)}>[^/]+)`
                : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/')}$`,
      );
      return { pattern, to, status: Number.parseInt(status, 10), force };
    });
}

export function matchRedirect(rules, pathname) {
  for (const rule of rules) {
    const match = rule.pattern.exec(pathname);
    if (!match) continue;
    const groups = match.groups ?? {};
    const to = rule.to.replace(/:(\w+)/g, (_all, name) => groups[name] ?? '');
    return { ...rule, to };
  }
  return undefined;
}

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file Netlify would answer with for a path: the file itself, path.html, or path/index.html. */
export async function resolveFile(root, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const relative = normalize(decoded).replace(/^(\.\.(\/|\\|$))+/, '');
  const base = join(root, relative);
  if (!base.startsWith(root.endsWith(sep) ? root : root + sep) && base !== root.replace(/\/$/, '')) return undefined;
  const candidates = decoded.endsWith('/')
    ? [join(base, 'index.html')]
    : [base, `${base}.html`, join(base, 'index.html')];
  for (const candidate of candidates) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

async function send(request, response, file, status, extraHeaders = {}) {
  const extension = extname(file);
  const headers = {
    'Content-Type': types[extension] ?? 'application/octet-stream',
    // Netlify's default; netlify.toml makes hashed assets immutable.
    'Cache-Control': 'public, max-age=0, must-revalidate',
    ...extraHeaders,
  };
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = compressible.has(extension)
    ? accepts.includes('br')
      ? 'br'
      : accepts.includes('gzip')
        ? 'gzip'
        : undefined
    : undefined;
  if (encoding) {
    const body = await compressedBody(file, encoding);
    response.writeHead(status, {
      ...headers,
      'Content-Encoding': encoding,
      Vary: 'Accept-Encoding',
      'Content-Length': body.length,
    });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  const { size } = await stat(file);
  // Browsers fetch video in ranges; answer a single "bytes=start-end" range as Netlify does.
  const range = status === 200 ? /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? '')) : null;
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      response.writeHead(416, { 'Content-Range': `bytes */${size}` });
      return void response.end();
    }
    response.writeHead(206, {
      ...headers,
      'Accept-Ranges': 'bytes',
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': end - start + 1,
    });
    if (request.method === 'HEAD') return void response.end();
    await pipeline(createReadStream(file, { start, end }), response);
    return;
  }
  response.writeHead(status, { ...headers, 'Accept-Ranges': 'bytes', 'Content-Length': size });
  if (request.method === 'HEAD') return void response.end();
  await pipeline(createReadStream(file), response);
}

/**
 * A request handler for the built site in `root`. `headersOf(pathname)` gives
 * the custom headers production adds to the file at that address.
 */
export async function createStaticHandler(root, headersOf = () => ({})) {
  const redirectsText = await readFile(join(root, '_redirects'), 'utf8').catch(() => '');
  const rules = parseRedirects(redirectsText);
  const notFound = join(root, '404.html');

  return async function handle(request, response) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed');
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const pathname = url.pathname;

    // Netlify serves /about-us for about-us.html and redirects the .html and trailing-slash forms.
    if (pathname !== '/' && (pathname.endsWith('/') || pathname.endsWith('.html'))) {
      const clean = pathname.replace(/\/+$/, '').replace(/(\/index)?\.html$/, '') || '/';
      if (clean !== pathname && (await resolveFile(root, clean))) {
        response.writeHead(301, { Location: clean + url.search });
        response.end();
        return;
      }
    }

    const rule = matchRedirect(rules, pathname);
    const file = rule?.force ? undefined : await resolveFile(root, pathname);
    if (file) return send(request, response, file, 200, headersOf(pathname));
    if (rule) {
      if (rule.status >= 300 && rule.status < 400) {
        response.writeHead(rule.status, { Location: rule.to });
        response.end();
        return;
      }
      const target = await resolveFile(root, rule.to);
      if (target) return send(request, response, target, rule.status, headersOf(pathname));
    }
    return send(request, response, notFound, 404, headersOf(pathname));
  };
}
