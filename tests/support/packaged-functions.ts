import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveConfig } from '@netlify/config';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import lambdaLocal from 'lambda-local';

/*
 * The functions as a deploy ships them: netlify.toml read by Netlify's own
 * parser for a deploy context, the functions packaged by Netlify's packager
 * (zip-it-and-ship-it, the step of `netlify build` and `netlify deploy`), and a
 * packaged function called through Netlify's Lambda wrapper with lambda-local,
 * as Netlify's local runtime calls it, from its own folder: only what the
 * package holds is there, so a file the function reads but the package lacks, or an import that
 * resolves only in the source tree, fails here as it would in production.
 */

export const root = resolve(import.meta.dirname, '../..');

/** netlify.toml as Netlify reads it for one deploy context. */
export async function netlifyConfig(context: 'production' | 'deploy-preview' | 'branch-deploy') {
  const { config } = await resolveConfig({
    config: join(root, 'netlify.toml'),
    context,
    cwd: root,
    repositoryRoot: root,
    offline: true,
    mode: 'cli',
  });
  return config;
}

export interface PackagedFunction {
  name: string;
  /** The package's folder: the zip's contents (archiveFormat "none" writes them unzipped). */
  path: string;
  entryFilename: string;
  bundler: string;
  runtimeAPIVersion: number;
  routes: { pattern: string; literal?: string; expression?: string; methods: string[] }[];
  schedule?: string;
}

/** Packages netlify/functions with the production settings of netlify.toml. */
export async function packageFunctions(): Promise<PackagedFunction[]> {
  const config = await netlifyConfig('production');
  const settings = config.functions['*'] ?? {};
  const results = await zipFunctions(config.functionsDirectory, mkdtempSync(join(tmpdir(), 'qd-packaged-')), {
    basePath: root,
    repositoryRoot: root,
    archiveFormat: 'none',
    // netlify.toml's [functions] settings, under the names the packager takes (as `netlify build` passes them).
    config: {
      '*': {
        includedFiles: settings.included_files,
        includedFilesBasePath: root,
        externalNodeModules: settings.external_node_modules,
        nodeBundler: settings.node_bundler === 'esbuild' ? 'esbuild_zisi' : settings.node_bundler,
      },
    },
  });
  return results as unknown as PackagedFunction[];
}

export interface Invocation {
  /** Environment variables of the function, besides the caller's. */
  env?: Record<string, string>;
  /** Netlify Blobs, as Netlify hands them to a function. */
  blobs: { url: string; token: string; siteID: string };
  deployContext?: string;
  clientIp?: string;
}

interface LambdaResult {
  statusCode: number;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  body?: string | AsyncIterable<Buffer>;
  isBase64Encoded?: boolean;
}

let previous: Promise<unknown> = Promise.resolve();

/**
 * Calls a packaged function with a Web Request, through Netlify's wrapper, and gives its answer as a Response.
 * The function runs in this process with this process's environment: one call at a time, the environment restored
 * after each, so no call sees another's settings or task root.
 */
export function invokePackaged(fn: PackagedFunction, request: Request, invocation: Invocation): Promise<Response> {
  const call = previous.then(() => invokeOnce(fn, request, invocation));
  previous = call.catch(() => undefined);
  return call;
}

async function invokeOnce(fn: PackagedFunction, request: Request, invocation: Invocation): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => void (headers[name] = value));
  Object.assign(headers, {
    'x-nf-site-id': invocation.blobs.siteID,
    'x-nf-deploy-id': 'packaged-test',
    'x-nf-deploy-context': invocation.deployContext ?? 'dev',
    'x-nf-client-connection-ip': invocation.clientIp ?? '192.0.2.10',
  });
  const event = {
    rawUrl: url.href,
    rawQuery: url.search.slice(1),
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: Object.fromEntries(url.searchParams),
    body: (await request.text()) || null,
    isBase64Encoded: false,
    route: fn.routes[0]?.pattern,
    blobs: Buffer.from(
      JSON.stringify({ url: invocation.blobs.url, url_uncached: invocation.blobs.url, token: invocation.blobs.token }),
    ).toString('base64'),
  };
  const saved = { ...process.env };
  let result: LambdaResult;
  let body: string | undefined;
  try {
    // The Lambda event as Netlify's runtime sends it, to the handler the packager wrote (lambda-local's documented
    // execute, as Netlify's local runtime runs it). The package's folder is the task root, as on AWS Lambda.
    result = (await lambdaLocal.execute({
      lambdaPath: join(fn.path, fn.entryFilename),
      esm: true,
      event,
      environment: { LAMBDA_TASK_ROOT: fn.path, ...invocation.env },
      timeoutMs: 30_000,
      verboseLevel: 0,
    })) as LambdaResult;
    // The function answers JSON text, whole or as a stream.
    const raw = result.body;
    if (raw !== undefined && typeof raw !== 'string') {
      const chunks: Buffer[] = [];
      for await (const chunk of raw) chunks.push(Buffer.from(chunk));
      body = Buffer.concat(chunks).toString('utf8');
    } else body = raw !== undefined && result.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
  const answer = new Headers(result.headers ?? {});
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    answer.delete(name);
    for (const value of values) answer.append(name, value);
  }
  const bodyless = [101, 204, 205, 304].includes(result.statusCode);
  return new Response(bodyless ? null : (body ?? null), { status: result.statusCode, headers: answer });
}

/** The packaged function whose route takes `path`, as Netlify routes a request to it. */
export function functionFor(functions: PackagedFunction[], path: string): PackagedFunction | undefined {
  return functions.find((fn) =>
    fn.routes.some((route) =>
      route.literal !== undefined ? route.literal === path : new RegExp(route.expression ?? '$^').test(path),
    ),
  );
}
