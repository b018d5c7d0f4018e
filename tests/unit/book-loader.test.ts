import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { chapterSchema } from '../../src/content.config';
import {
  bookChapters,
  configuredServices,
  fetchServiceChapters,
  readBookOutlines,
  type BookOutline,
  type FetchOptions,
} from '../../src/loaders/book-service';
import { fixtureDir, startBookServices, type FakeBookServices } from '../support/book-services';

/*
 * The chapters loader against the old book services, played by a fixture
 * server on loopback: good answers become chapter entries; a malformed, slow
 * or failing answer fails the build with the URL and what is wrong; and with
 * no BOOKS_API_* variable the loader is Astro's glob() over the Markdown.
 */

let services: FakeBookServices;
let books: BookOutline[];
const api = (service: string) => `${services.origin}/api/${service}/v1`;
// Small timings so the slow and failing cases take well under a second.
const quick: FetchOptions = { timeoutMs: 200, retries: 2, retryDelayMs: 10 };

beforeAll(async () => {
  services = await startBookServices();
  books = await readBookOutlines(pathToFileURL(join(fixtureDir, 'books/')));
});
afterEach(() => {
  services.faults.clear();
  services.hits.clear();
  services.abandoned.clear();
  services.maxOpen = 0;
});
afterAll(() => services.close());

describe('fetchServiceChapters with good answers', () => {
  it('turns the bee service into chapters of the electrical book, each content under its heading', async () => {
    const chapters = await fetchServiceChapters('bee', api('bee'), books, quick);
    expect(chapters.map((chapter) => chapter.id)).toEqual([
      'basic-electrical-engineering/ohm-s-law-and-resistance',
      'basic-electrical-engineering/electrical-power',
      'basic-electrical-engineering/superposition-theorem',
    ]);
    expect(chapters[0]!.data).toEqual({
      title: "Ohm's Law and Resistance",
      description: 'How current, voltage and resistance relate in a metallic conductor at constant temperature.',
      unit: 1,
      topic: 1,
      order: 1,
    });
    expect(chapters[1]!.data).toMatchObject({ unit: 1, topic: 1, order: 2 });
    expect(chapters[2]!.data).toMatchObject({ unit: 2, topic: 1, order: 1 });
    expect(chapters[0]!.body).toBe(
      '## Statement\n\nAt constant temperature the current through a conductor is proportional to the voltage across it: $V = IR$.\n\n' +
        '## Worked example\n\nA 12 V battery drives 3 A through a lamp, so $R = 12 / 3 = 4\\ \\Omega$.\n',
    );
    expect(chapters[1]!.body).toBe('## Power\n\n$$P = VI = I^2 R = \\frac{V^2}{R}$$\n');
    // The data is what the collection's schema accepts.
    for (const chapter of chapters) expect(chapterSchema.safeParse(chapter.data).success).toBe(true);
    // One topics call, one contents call per topic, one extended call per chapter.
    expect([...services.hits.keys()].sort()).toEqual([
      '/api/bee/v1/extended/chapters/c-ohm',
      '/api/bee/v1/extended/chapters/c-power',
      '/api/bee/v1/extended/chapters/c-superposition',
      '/api/bee/v1/topics',
      '/api/bee/v1/topics/t-dc-1/contents',
      '/api/bee/v1/topics/t-theorems-1/contents',
    ]);
  });

  it('keeps at most `concurrency` requests open at once, and does use them', async () => {
    for (const path of ['t-dc-1/contents', 't-theorems-1/contents'])
      services.faults.set(`/api/bee/v1/topics/${path}`, { delayMs: 50 });
    for (const id of ['c-ohm', 'c-power', 'c-superposition'])
      services.faults.set(`/api/bee/v1/extended/chapters/${id}`, { delayMs: 50 });
    await fetchServiceChapters('bee', api('bee'), books, { ...quick, concurrency: 2 });
    expect(services.maxOpen).toBe(2);
  });

  it('asks the quartz service for every other book by its file name, and the automobile service for its book', async () => {
    const quartz = await fetchServiceChapters('quartz', `${api('quartz')}/`, books, quick);
    expect(quartz.map((chapter) => chapter.id)).toEqual(['thermodynamics/closed-and-open-systems']);
    expect(services.hits.get('/api/quartz/v1/books/thermodynamics/topics')).toBe(1);
    expect(services.hits.has('/api/quartz/v1/books/automobile-engineering/topics')).toBe(false);
    expect(services.hits.has('/api/quartz/v1/books/basic-electrical-engineering/topics')).toBe(false);

    const automobile = await fetchServiceChapters('automobile', api('automobile'), books, quick);
    expect(automobile).toEqual([
      {
        id: 'automobile-engineering/two-stroke-and-four-stroke-engines',
        data: {
          title: 'Two-Stroke and Four-Stroke Engines',
          description: 'How the two engine cycles differ in ports, valves, power strokes and fuel economy.',
          unit: 1,
          topic: 1,
          order: 1,
        },
        body: '## Cycles\n\nA four-stroke engine fires once every two revolutions; a two-stroke engine fires every revolution.\n',
        source: `GET ${api('automobile')}/extended/chapters/a-c1`,
      },
    ]);
  });
});

describe('fetchServiceChapters with bad answers', () => {
  it('names the URL and the field of a malformed answer, without asking again', async () => {
    const topics = structuredClone(services.data.bee.topics) as { chapters: { title: unknown }[] }[];
    topics[1]!.chapters[0]!.title = 42;
    services.faults.set('/api/bee/v1/topics', { json: topics });
    await expect(fetchServiceChapters('bee', api('bee'), books, quick)).rejects.toThrow(
      `GET ${api('bee')}/topics: [1].chapters[0].title: Invalid input: expected string, received number`,
    );
    expect(services.hits.get('/api/bee/v1/topics')).toBe(1);
  });

  it('names the missing field of an extended chapter', async () => {
    const { description: _, ...chapter } = services.data.bee.chapters['c-power'] as Record<string, unknown>;
    services.faults.set('/api/bee/v1/extended/chapters/c-power', { json: chapter });
    await expect(fetchServiceChapters('bee', api('bee'), books, quick)).rejects.toThrow(
      `GET ${api('bee')}/extended/chapters/c-power: description: Invalid input: expected string, received undefined`,
    );
  });

  it('rejects an answer that is not JSON, and never puts the body in the message', async () => {
    services.faults.set('/api/bee/v1/topics', { status: 200 });
    const error = await fetchServiceChapters('bee', api('bee'), books, quick).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`GET ${api('bee')}/topics: the answer is not JSON`);
    expect((error as Error).message).not.toContain('fixture failure');
  });

  it('rejects a topic in a unit the book does not have', async () => {
    const topics = structuredClone(services.data.bee.topics) as { unit: number }[];
    topics[0]!.unit = 7;
    services.faults.set('/api/bee/v1/topics', { json: topics });
    await expect(fetchServiceChapters('bee', api('bee'), books, quick)).rejects.toThrow(
      `GET ${api('bee')}/topics: [0].unit: unit 7 does not exist in basic-electrical-engineering, which has 3 units`,
    );
  });

  it('times out a slow answer, tries twice more, then fails naming the URL', async () => {
    // A service that never answers: only the loader's own timeout ends each attempt.
    services.faults.set('/api/bee/v1/extended/chapters/c-ohm', { hang: true });
    const warn = vi.fn();
    await expect(fetchServiceChapters('bee', api('bee'), books, { ...quick, warn })).rejects.toThrow(
      `GET ${api('bee')}/extended/chapters/c-ohm: no answer within 200 ms, tried 3 times`,
    );
    expect(services.hits.get('/api/bee/v1/extended/chapters/c-ohm')).toBe(3);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(
      `GET ${api('bee')}/extended/chapters/c-ohm: no answer within 200 ms; trying again in 10 ms (attempt 2 of 3)`,
    );
    // Each attempt was given up and its connection closed by the loader, none left open.
    await vi.waitFor(() => expect(services.abandoned.get('/api/bee/v1/extended/chapters/c-ohm')).toBe(3));
  });

  it('retries a 500, then fails naming the URL and the status', async () => {
    services.faults.set('/api/bee/v1/topics/t-dc-1/contents', { status: 500 });
    const error = await fetchServiceChapters('bee', api('bee'), books, quick).catch((caught: Error) => caught);
    expect((error as Error).message).toBe(
      `GET ${api('bee')}/topics/t-dc-1/contents: HTTP 500 Internal Server Error, tried 3 times`,
    );
    expect(services.hits.get('/api/bee/v1/topics/t-dc-1/contents')).toBe(3);
  });

  it('succeeds when a 500 is followed by a good answer', async () => {
    services.faults.set('/api/bee/v1/topics', { status: 500, times: 1 });
    const warn = vi.fn();
    const chapters = await fetchServiceChapters('bee', api('bee'), books, { ...quick, warn });
    expect(chapters).toHaveLength(3);
    expect(services.hits.get('/api/bee/v1/topics')).toBe(2);
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      `GET ${api('bee')}/topics: HTTP 500 Internal Server Error; trying again in 10 ms (attempt 2 of 3)`,
    );
  });

  it('does not retry a 404', async () => {
    services.faults.set('/api/bee/v1/extended/chapters/c-superposition', { status: 404 });
    await expect(fetchServiceChapters('bee', api('bee'), books, quick)).rejects.toThrow(
      `GET ${api('bee')}/extended/chapters/c-superposition: HTTP 404 Not Found`,
    );
    expect(services.hits.get('/api/bee/v1/extended/chapters/c-superposition')).toBe(1);
  });

  it('names a content item a chapter lists but its topic does not have', async () => {
    services.faults.set('/api/bee/v1/topics/t-theorems-1/contents', { json: [] });
    await expect(fetchServiceChapters('bee', api('bee'), books, quick)).rejects.toThrow(
      `GET ${api('bee')}/extended/chapters/c-superposition: contents[0]._id: "k-superposition" is not ` +
        `among the contents of topic "t-theorems-1"`,
    );
  });

  it('reports a service that cannot be reached after its retries', async () => {
    const closed = await startBookServices();
    const origin = closed.origin;
    await closed.close();
    await expect(fetchServiceChapters('bee', `${origin}/api/bee/v1`, books, quick)).rejects.toThrow(
      `GET ${origin}/api/bee/v1/topics: network error (ECONNREFUSED), tried 3 times`,
    );
  });

  it('sends a user name and password in the variable as Basic auth, and leaves them out of messages', async () => {
    services.faults.set('/api/bee/v1/topics', { status: 404 });
    const fetchSpy = vi.fn<typeof fetch>((input, init) => fetch(input, init));
    const withSecret = api('bee').replace('http://', 'http://reader:s3cret@');
    const error = await fetchServiceChapters('bee', withSecret, books, { ...quick, fetch: fetchSpy }).catch(
      (caught: Error) => caught,
    );
    expect((error as Error).message).toBe(`GET ${api('bee')}/topics: HTTP 404 Not Found`);
    const [input, init] = fetchSpy.mock.calls[0]!;
    expect(input).toBe(`${api('bee')}/topics`);
    expect(new Headers(init?.headers).get('authorization')).toBe(`Basic ${btoa('reader:s3cret')}`);
  });
});

describe('configuredServices', () => {
  it('reads the three variables, ignoring empty ones', () => {
    expect(configuredServices({})).toEqual([]);
    expect(
      configuredServices({ BOOKS_API_BEE: ' ', BOOKS_API_AUTOMOBILE: 'https://example.org/api/automobile/v1' }),
    ).toEqual([{ service: 'automobile', baseUrl: 'https://example.org/api/automobile/v1' }]);
  });

  it('names a variable that is not a URL', () => {
    expect(() => configuredServices({ BOOKS_API_QUARTZ: 'example.org/api' })).toThrow('BOOKS_API_QUARTZ is not a URL');
  });
});

/**
 * Just enough of Astro's loader context for glob() and the service path. Markdown renders as Astro renders it for
 * glob(), but for the files `unreadable` names, whose rendering fails as a formula KaTeX cannot read fails.
 */
function fakeContext({ unreadable }: { unreadable?: RegExp } = {}) {
  const entries = new Map<string, Record<string, unknown> & { id: string }>();
  const root = pathToFileURL(`${fixtureDir}/`);
  const rendered: string[] = [];
  const context = {
    collection: 'chapters',
    config: { root, srcDir: new URL('src/', root) },
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() },
    store: {
      get: (id: string) => entries.get(id),
      keys: () => [...entries.keys()],
      values: () => [...entries.values()],
      entries: () => [...entries.entries()],
      has: (id: string) => entries.has(id),
      set: (entry: { id: string }) => (entries.set(entry.id, entry), true),
      delete: (id: string) => entries.delete(id),
      clear: () => entries.clear(),
      addModuleImport: () => {},
      addAssetImport: () => {},
      addAssetImports: () => {},
    },
    meta: new Map(),
    parseData: async ({ data }: { data: unknown }) => chapterSchema.parseAsync(data),
    generateDigest: (data: unknown) => JSON.stringify(data).length.toString(36),
    renderMarkdown: async (markdown: string) => {
      rendered.push(markdown);
      return { html: `<rendered>${markdown}</rendered>`, metadata: { headings: [] } };
    },
    // What Astro hands glob() for Markdown: front matter as data, the rest as body.
    entryTypes: new Map([
      [
        '.md',
        {
          getEntryInfo: ({ contents }: { contents: string }) => {
            const [, frontMatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(contents) ?? [];
            return { data: parseYaml(frontMatter), body };
          },
          getRenderFunction:
            async () =>
            async ({ body, filePath }: { body: string; filePath: string }) => {
              if (unreadable?.test(filePath)) throw new Error(`${filePath}: cannot read the formula "\\frac{"`);
              return { html: `<p>${body}</p>`, metadata: { headings: [] } };
            },
        },
      ],
    ]),
  };
  return { context: context as unknown as LoaderContext, entries, rendered };
}

const gitIds = [
  'automobile-engineering/clutch',
  'basic-electrical-engineering/ohm-s-law-in-git',
  'thermodynamics/zeroth-law',
];

describe('bookChapters', () => {
  const loader = (env: Record<string, string>, fetchImpl?: typeof fetch) =>
    bookChapters({ base: './chapters', books: './books', env, ...quick, ...(fetchImpl ? { fetch: fetchImpl } : {}) });

  it('is the glob() loader over the Markdown when no variable is set, and asks no service', async () => {
    const { context, entries, rendered } = fakeContext();
    const fetchSpy = vi.fn<typeof fetch>();
    // Nothing but the Markdown is read: not even the books folder the services need.
    await bookChapters({ base: './chapters', books: './no-such-folder', env: {}, fetch: fetchSpy }).load(context);
    expect([...entries.keys()].sort()).toEqual(gitIds);
    expect(entries.get('thermodynamics/zeroth-law')).toMatchObject({
      data: { title: 'Zeroth Law', unit: 1, topic: 2, order: 1 },
      filePath: 'chapters/thermodynamics/zeroth-law.md',
      body: expect.stringContaining('$A \\sim C$'),
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(rendered).toEqual([]);
  });

  it('fails naming the chapter that could not be rendered, rather than publish it empty', async () => {
    // glob() only logs the error and stores the chapter without its text.
    const { context } = fakeContext({ unreadable: /zeroth-law/ });
    await expect(loader({}).load(context)).rejects.toThrow(
      /^chapters\/thermodynamics\/zeroth-law\.md: could not be rendered \(the reason is in the error above\)/,
    );
    expect(context.logger.error).toHaveBeenCalledWith(expect.stringContaining('cannot read the formula'));
    // The same for a book from Git beside the services.
    const beside = fakeContext({ unreadable: /zeroth-law/ });
    await expect(loader({ BOOKS_API_BEE: api('bee') }).load(beside.context)).rejects.toThrow(
      /zeroth-law\.md: could not be rendered/,
    );
  });

  it('reads the electrical book from BOOKS_API_BEE and every other book from Git', async () => {
    const { context, entries, rendered } = fakeContext();
    await loader({ BOOKS_API_BEE: api('bee') }).load(context);
    expect([...entries.keys()].sort()).toEqual([
      'automobile-engineering/clutch',
      'basic-electrical-engineering/electrical-power',
      'basic-electrical-engineering/ohm-s-law-and-resistance',
      'basic-electrical-engineering/superposition-theorem',
      'thermodynamics/zeroth-law',
    ]);
    const power = entries.get('basic-electrical-engineering/electrical-power')!;
    expect(power).toMatchObject({
      data: { title: 'Electrical Power', unit: 1, topic: 1, order: 2 },
      body: '## Power\n\n$$P = VI = I^2 R = \\frac{V^2}{R}$$\n',
      rendered: { html: '<rendered>## Power\n\n$$P = VI = I^2 R = \\frac{V^2}{R}$$\n</rendered>' },
    });
    expect(power.digest).toEqual(expect.any(String));
    expect(rendered).toHaveLength(3);
    expect(entries.get('thermodynamics/zeroth-law')).toMatchObject({
      filePath: 'chapters/thermodynamics/zeroth-law.md',
    });
    expect(services.hits.has('/api/quartz/v1/books/thermodynamics/topics')).toBe(false);
  });

  it('reads every book from the services when all three are set, dropping stale entries', async () => {
    const { context, entries } = fakeContext();
    entries.set('thermodynamics/old-chapter', { id: 'thermodynamics/old-chapter', data: {} });
    await loader({
      BOOKS_API_BEE: api('bee'),
      BOOKS_API_AUTOMOBILE: api('automobile'),
      BOOKS_API_QUARTZ: api('quartz'),
    }).load(context);
    expect([...entries.keys()].sort()).toEqual([
      'automobile-engineering/two-stroke-and-four-stroke-engines',
      'basic-electrical-engineering/electrical-power',
      'basic-electrical-engineering/ohm-s-law-and-resistance',
      'basic-electrical-engineering/superposition-theorem',
      'thermodynamics/closed-and-open-systems',
    ]);
  });

  it('fails naming the URL when a service chapter breaks the collection schema', async () => {
    const { context } = fakeContext();
    const chapter = { ...(services.data.bee.chapters['c-power'] as object), description: 'Too short.' };
    services.faults.set('/api/bee/v1/extended/chapters/c-power', { json: chapter });
    await expect(loader({ BOOKS_API_BEE: api('bee') }).load(context)).rejects.toThrow(
      new RegExp(`^GET ${api('bee')}/extended/chapters/c-power: .*description.*40`, 's'),
    );
  });

  it('fails the whole load when a service fails, rather than building without its books', async () => {
    const { context, entries } = fakeContext();
    services.faults.set('/api/bee/v1/topics', { status: 503 });
    await expect(loader({ BOOKS_API_BEE: api('bee') }).load(context)).rejects.toThrow(
      `GET ${api('bee')}/topics: HTTP 503 Service Unavailable, tried 3 times`,
    );
    expect(entries.size).toBe(0);
  });
});
