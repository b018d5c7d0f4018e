import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/*
 * The three old book services on loopback, answering from
 * tests/fixtures/book-services/services.json. A test can make one path
 * misbehave (a status, a slow answer, a different body) and count the hits.
 */

export const fixtureDir = join(import.meta.dirname, '../fixtures/book-services');

interface ServiceData {
  topics?: unknown[];
  books?: Record<string, unknown[]>;
  chapters: Record<string, unknown>;
  contents: Record<string, unknown[]>;
}

export type Fault =
  /** Answer this status (with a short text body) the first `times` requests, then normally. */
  | { status: number; times?: number }
  /** Wait this long before answering normally. */
  | { delayMs: number }
  /** Never answer: the request stays open until the client gives up on it. */
  | { hang: true }
  /** Answer 200 with this JSON instead of the fixture. */
  | { json: unknown };

export interface FakeBookServices {
  /** http://127.0.0.1:<port>; the services are at /api/quartz/v1, /api/bee/v1 and /api/automobile/v1. */
  origin: string;
  data: Record<'quartz' | 'bee' | 'automobile', ServiceData>;
  faults: Map<string, Fault>;
  /** Requests per path. */
  hits: Map<string, number>;
  /** Requests per path that the client closed before they were answered. */
  abandoned: Map<string, number>;
  /** The most requests that were open at the same time. */
  maxOpen: number;
  close(): Promise<void>;
}

function route(data: FakeBookServices['data'], path: string): unknown {
  const match = /^\/api\/(quartz|bee|automobile)\/v1(\/.*)$/.exec(path);
  if (!match) return undefined;
  const service = data[match[1] as 'quartz' | 'bee' | 'automobile'];
  const rest = match[2]!.split('/').slice(1).map(decodeURIComponent);
  if (rest.length === 1 && rest[0] === 'topics' && match[1] !== 'quartz') return service.topics;
  if (rest.length === 3 && rest[0] === 'books' && rest[2] === 'topics' && match[1] === 'quartz')
    return service.books?.[rest[1]!];
  if (rest.length === 3 && rest[0] === 'extended' && rest[1] === 'chapters') return service.chapters[rest[2]!];
  if (rest.length === 3 && rest[0] === 'topics' && rest[2] === 'contents') return service.contents[rest[1]!];
  return undefined;
}

/** Listens on 127.0.0.1 at `port`, a free one when 0. */
export async function startBookServices(port = 0): Promise<FakeBookServices> {
  const open = new Set<ServerResponse>();
  const fake: FakeBookServices = {
    origin: '',
    data: JSON.parse(readFileSync(join(fixtureDir, 'services.json'), 'utf8')),
    faults: new Map(),
    hits: new Map(),
    abandoned: new Map(),
    maxOpen: 0,
    close: async () => {
      for (const response of open) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    const hit = (fake.hits.get(path) ?? 0) + 1;
    fake.hits.set(path, hit);
    open.add(response);
    fake.maxOpen = Math.max(fake.maxOpen, open.size);
    response.on('close', () => {
      open.delete(response);
      if (!response.writableEnded) fake.abandoned.set(path, (fake.abandoned.get(path) ?? 0) + 1);
    });
    const fault = fake.faults.get(path);
    if (fault && 'hang' in fault) return;
    if (fault && 'status' in fault && hit <= (fault.times ?? Infinity)) {
      return void response.writeHead(fault.status, { 'Content-Type': 'text/plain' }).end('fixture failure');
    }
    if (fault && 'delayMs' in fault) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (response.destroyed) return;
    const body = fault && 'json' in fault ? fault.json : route(fake.data, path);
    if (body === undefined) return void response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
