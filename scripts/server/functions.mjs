import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';

/*
 * Netlify Functions (v2, Web Request/Response) run locally: each function in
 * netlify/functions is mounted at its config.path, and every function can be
 * invoked at /.netlify/functions/{name} as `netlify dev` allows (production
 * does not expose scheduled functions). Node runs the TypeScript directly.
 */

export async function loadFunctions(directory) {
  const files = (await readdir(directory)).filter((name) => /\.(ts|mjs|js)$/.test(name));
  return Promise.all(
    files.map(async (file) => {
      const module = await import(pathToFileURL(join(directory, file)).href);
      const name = basename(file).replace(/\.(ts|mjs|js)$/, '');
      const paths = [module.config?.path ?? []].flat();
      return {
        name,
        handler: module.default,
        config: module.config ?? {},
        paths: [...paths, `/.netlify/functions/${name}`],
      };
    }),
  );
}

export function findFunction(functions, pathname) {
  return functions.find((fn) => fn.paths.includes(pathname));
}

/** Calls a function with a Web Request made from Node's request, and writes its Response back. */
export async function invoke(fn, request, response, { origin, deployContext, pending }) {
  const url = new URL(request.url ?? '/', origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const webRequest = new Request(url, {
    method: request.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request), duplex: 'half' } : {}),
  });
  const context = {
    ip: request.socket.remoteAddress ?? '127.0.0.1',
    deploy: { context: deployContext, id: 'local', published: false },
    site: { id: 'local', name: 'local', url: origin },
    requestId: crypto.randomUUID(),
    waitUntil: (promise) => {
      pending.add(promise);
      promise.finally(() => pending.delete(promise));
    },
  };
  const answer = await fn.handler(webRequest, context);
  const outgoing = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') outgoing[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) outgoing['set-cookie'] = cookies;
  response.writeHead(answer.status, outgoing);
  if (answer.body && request.method !== 'HEAD') {
    for await (const chunk of answer.body) response.write(chunk);
  }
  response.end();
}
