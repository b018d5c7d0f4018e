import { readdir, readFile } from 'node:fs/promises';
import { glob } from 'astro/loaders';
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { slugify } from '../lib/slug';

/*
 * The chapters collection. A book whose service address is set (BOOKS_API_QUARTZ, BOOKS_API_BEE,
 * BOOKS_API_AUTOMOBILE) is read from the old book service at build time; every other book comes from
 * src/content/chapters through Astro's glob() loader. The old services never documented their answers: the zod
 * schemas below are the contract this loader accepts (GET {base}/topics, or /books/{book}/topics on quartz; GET
 * /extended/chapters/{id}; GET /topics/{id}/contents), and CONTENT.md shows a full example.
 */

export type Service = 'quartz' | 'bee' | 'automobile';

export const SERVICE_VARIABLES: Record<Service, string> = {
  quartz: 'BOOKS_API_QUARTZ',
  bee: 'BOOKS_API_BEE',
  automobile: 'BOOKS_API_AUTOMOBILE',
};

/** The books with a service of their own; quartz serves every other book. */
const DEDICATED_BOOKS: Partial<Record<Service, string>> = {
  bee: 'basic-electrical-engineering',
  automobile: 'automobile-engineering',
};

export function serviceOf(book: string): Service {
  const dedicated = (Object.keys(DEDICATED_BOOKS) as Service[]).find((service) => DEDICATED_BOOKS[service] === book);
  return dedicated ?? 'quartz';
}

const id = z.union([z.string().min(1), z.number()]).transform(String);

export const topicsAnswer = z.array(
  z.object({
    _id: id,
    title: z.string(),
    unit: z.number().int().min(1),
    order: z.number().int().min(1),
    chapters: z.array(z.object({ _id: id, title: z.string() })),
  }),
);

export const extendedChapterAnswer = z.object({
  _id: id,
  title: z.string(),
  description: z.string(),
  unit: z.number().int().min(1),
  topic: z.number().int().min(1),
  order: z.number().int().min(1),
  contents: z
    .array(z.object({ _id: id, title: z.string().optional() }))
    .min(1, 'a chapter lists at least one content item'),
});

export const contentsAnswer = z.array(
  z.object({
    _id: id,
    heading: z.string().trim().min(1),
    markdown: z.string(),
  }),
);

/** What the loader needs to know of a book: its file name and the number of topics in each unit. */
export interface BookOutline {
  id: string;
  topicsPerUnit: number[];
}

export interface ServiceChapter {
  /** "<book>/<chapter slug>", the same id a Git file src/content/chapters/<book>/<slug>.md would have. */
  id: string;
  data: { title: string; description: string; unit: number; topic: number; order: number };
  body: string;
  /** The extended-chapter URL, for error messages. */
  source: string;
}

export interface FetchOptions {
  /** Per attempt, covering the whole answer. */
  timeoutMs?: number;
  /** Attempts after the first, on network errors, timeouts and 5xx answers. */
  retries?: number;
  /** Wait before the first retry; doubled for each further one. */
  retryDelayMs?: number;
  /** Requests in flight at once per service. */
  concurrency?: number;
  warn?: (message: string) => void;
  fetch?: typeof fetch;
}

export class BookServiceError extends Error {
  override name = 'BookServiceError';
}

/** "[3].chapters[0].title" from zod's ["3"|3, "chapters", 0, "title"]. */
export function formatPath(path: readonly PropertyKey[]): string {
  return (
    path
      .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
      .join('') || '(the answer)'
  );
}

/** The URL as shown in messages: without a user name or password someone may have put in the variable. */
function shown(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET a JSON answer and validate it. Retries network errors, timeouts and 5xx;
 * a 4xx, non-JSON or invalid answer fails at once, since asking again gives the
 * same answer. Errors name the URL and never contain the answer's body.
 */
export async function getJson<T extends z.ZodType>(
  url: string,
  schema: T,
  options: FetchOptions = {},
): Promise<z.output<T>> {
  const { timeoutMs = 10_000, retries = 2, retryDelayMs = 500, warn = () => {}, fetch: fetchImpl = fetch } = options;
  const where = `GET ${shown(url)}`;
  // fetch() refuses URLs with credentials; a user name and password in the variable become Basic auth.
  const target = new URL(url);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target.username || target.password) {
    headers['authorization'] =
      `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`;
  }
  const attempts = retries + 1;
  let lastProblem = '';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    if (attempt > 1) {
      const delay = retryDelayMs * 2 ** (attempt - 2);
      warn(`${where}: ${lastProblem}; trying again in ${delay} ms (attempt ${attempt} of ${attempts})`);
      await sleep(delay);
    }
    let text: string;
    try {
      const response = await fetchImpl(shown(url), { headers, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status >= 500) {
        await response.body?.cancel();
        lastProblem = `HTTP ${response.status} ${response.statusText}`.trim();
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new BookServiceError(`${where}: HTTP ${response.status} ${response.statusText}`.trim());
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof BookServiceError) throw error;
      const name = (error as Error).name;
      lastProblem =
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${timeoutMs} ms`
          : `network error (${networkCause(error)})`;
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new BookServiceError(`${where}: the answer is not JSON`);
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      const issues = result.error.issues.slice(0, 5).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
      const more = result.error.issues.length > 5 ? ` (and ${result.error.issues.length - 5} more)` : '';
      throw new BookServiceError(`${where}: ${issues.join('; ')}${more}`);
    }
    return result.data;
  }
  throw new BookServiceError(`${where}: ${lastProblem}, tried ${attempts} time${attempts === 1 ? '' : 's'}`);
}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** Wraps tasks so that at most `slots` of them run at once. */
function limiter(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <R>(task: () => Promise<R>): Promise<R> => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Every chapter of the books `service` serves (of `books`), read from the
 * service at `baseUrl`: topics, then each topic's contents and each chapter's
 * extended record. Throws a BookServiceError naming the URL and field on the
 * first problem.
 */
export async function fetchServiceChapters(
  service: Service,
  baseUrl: string,
  books: readonly BookOutline[],
  options: FetchOptions = {},
): Promise<ServiceChapter[]> {
  const base = baseUrl.replace(/\/+$/, '');
  const served = books.filter((book) => serviceOf(book.id) === service);
  const dedicated = DEDICATED_BOOKS[service];
  if (dedicated && served.length === 0)
    throw new BookServiceError(
      `${SERVICE_VARIABLES[service]} is set, but there is no book "${dedicated}" in src/content/books.`,
    );
  const limit = limiter(options.concurrency ?? 6);
  const get = <T extends z.ZodType>(path: string, schema: T) => limit(() => getJson(`${base}${path}`, schema, options));
  const perBook = await Promise.all(served.map((book) => bookFromService(service, base, book, get)));
  return perBook.flat();
}

type Get = <T extends z.ZodType>(path: string, schema: T) => Promise<z.output<T>>;

async function bookFromService(service: Service, base: string, book: BookOutline, get: Get): Promise<ServiceChapter[]> {
  const topicsPath = service === 'quartz' ? `/books/${encodeURIComponent(book.id)}/topics` : '/topics';
  const topicsUrl = `GET ${shown(base + topicsPath)}`;
  const topics = await get(topicsPath, topicsAnswer);
  topics.forEach((topic, index) => {
    const topicCount = book.topicsPerUnit[topic.unit - 1];
    if (topicCount === undefined)
      throw new BookServiceError(
        `${topicsUrl}: [${index}].unit: unit ${topic.unit} does not exist in ${book.id}, which has ${book.topicsPerUnit.length} units`,
      );
    if (topic.order > topicCount)
      throw new BookServiceError(
        `${topicsUrl}: [${index}].order: topic ${topic.order} does not exist in unit ${topic.unit} of ` +
          `${book.id}, which has ${topicCount} topics`,
      );
  });

  const bookChapters = await Promise.all(
    topics.map(async (topic) => {
      const contentsPath = `/topics/${encodeURIComponent(topic._id)}/contents`;
      const contents = new Map((await get(contentsPath, contentsAnswer)).map((item) => [item._id, item]));
      return Promise.all(
        topic.chapters.map(async (listed) => {
          const chapterPath = `/extended/chapters/${encodeURIComponent(listed._id)}`;
          const source = `GET ${shown(base + chapterPath)}`;
          const chapter = await get(chapterPath, extendedChapterAnswer);
          if (chapter.unit !== topic.unit || chapter.topic !== topic.order) {
            throw new BookServiceError(
              `${source}: unit/topic: ${chapter.unit}/${chapter.topic} differs from the topic "${topic._id}" that ` +
                `lists it (${topic.unit}/${topic.order})`,
            );
          }
          const sections = chapter.contents.map((ref, index) => {
            const item = contents.get(ref._id);
            if (!item)
              throw new BookServiceError(
                `${source}: contents[${index}]._id: "${ref._id}" is not among the contents of topic "${topic._id}" ` +
                  `(GET ${shown(base + contentsPath)})`,
              );
            return `## ${item.heading}\n\n${item.markdown.trim()}\n`;
          });
          return {
            id: `${book.id}/${slugify(chapter.title)}`,
            data: {
              title: chapter.title,
              description: chapter.description,
              unit: chapter.unit,
              topic: chapter.topic,
              order: chapter.order,
            },
            body: sections.join('\n'),
            source,
          } satisfies ServiceChapter;
        }),
      );
    }),
  );

  const chapters = bookChapters.flat();
  const seen = new Map<string, string>();
  for (const chapter of chapters) {
    const earlier = seen.get(chapter.id);
    if (earlier)
      throw new BookServiceError(
        `${chapter.source}: title: "${chapter.data.title}" gives the same address as ${earlier}; two ` +
          `chapters of ${book.id} cannot share a title`,
      );
    seen.set(chapter.id, chapter.source);
  }
  return chapters;
}

/** The services whose variable is set, with their base URL. */
export function configuredServices(env: Record<string, string | undefined>): { service: Service; baseUrl: string }[] {
  return (Object.keys(SERVICE_VARIABLES) as Service[]).flatMap((service) => {
    const value = env[SERVICE_VARIABLES[service]]?.trim();
    if (!value) return [];
    if (!URL.canParse(value))
      throw new BookServiceError(
        `${SERVICE_VARIABLES[service]} is not a URL; set it to the service's base address, like https://example.org/api/${service}/v1`,
      );
    return [{ service, baseUrl: value }];
  });
}

export async function readBookOutlines(folder: URL): Promise<BookOutline[]> {
  const files = (await readdir(folder)).filter((file) => file.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => {
      let book: { units?: { topics?: unknown[] }[] };
      try {
        book = JSON.parse(await readFile(new URL(file, folder), 'utf8'));
      } catch (error) {
        throw new BookServiceError(`${new URL(file, folder).pathname}: ${(error as Error).message}`);
      }
      return {
        id: file.slice(0, -'.json'.length),
        topicsPerUnit: (book.units ?? []).map((unit) => unit.topics?.length ?? 0),
      };
    }),
  );
}

export interface BookChaptersOptions extends Omit<FetchOptions, 'warn'> {
  /** The chapters folder, relative to the project root. */
  base: string;
  /** The books folder, whose file names are the book ids. */
  books?: string;
  /** Where the BOOKS_API_* variables are read; process.env unless a test says otherwise. */
  env?: Record<string, string | undefined>;
}

/**
 * Runs glob() over the chapters' Markdown and fails when a file could not be rendered. glob() only logs such a file
 * (a formula KaTeX cannot read, an exercise without its answer: the error names the file and what to fix) and
 * stores the chapter without its text, so the build would publish an empty page and succeed.
 */
async function loadMarkdownChapters(loader: Loader, context: LoaderContext) {
  await loader.load(context);
  const unrendered = context.store
    .values()
    .filter((entry) => entry.filePath && !entry.rendered)
    .map((entry) => entry.filePath);
  if (unrendered.length > 0)
    throw new Error(
      `${unrendered.join(', ')}: could not be rendered (the reason is in the error above); ` +
        'the build stops rather than publish an empty chapter.',
    );
}

/** The chapters collection's loader: Git Markdown through glob(), or the book services. */
export function bookChapters({
  base,
  books = './src/content/books',
  env = process.env,
  ...fetchOptions
}: BookChaptersOptions): Loader {
  const fromGit = glob({ pattern: '**/*.md', base });
  return {
    name: 'book-chapters',
    load: async (context) => {
      const services = configuredServices(env);
      if (services.length === 0) return loadMarkdownChapters(fromGit, context);
      await loadWithServices(context, services, { base, books, fetchOptions });
    },
  };
}

/**
 * A chapter's Markdown rendered by the site's own Markdown settings, which refuse HTML and script links
 * (src/integrations/markdown-html.ts) as they do for a chapter in Git; the refusal names the service's chapter.
 */
async function renderServiceMarkdown(context: LoaderContext, chapter: ServiceChapter) {
  try {
    return await context.renderMarkdown(chapter.body);
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'MarkdownHtmlError') throw error;
    const variable = SERVICE_VARIABLES[serviceOf(chapter.id.split('/')[0]!)];
    throw new BookServiceError(
      `${chapter.source} ("${chapter.data.title}"): ${error.message}\n(${variable} is set; the chapter's text ` +
        'comes from that service, so correct it there, or unset the variable to build the book from Git.)',
      { cause: error },
    );
  }
}

async function loadWithServices(
  context: LoaderContext,
  services: { service: Service; baseUrl: string }[],
  { base, books, fetchOptions }: { base: string; books: string; fetchOptions: FetchOptions },
) {
  const { store, logger } = context;
  const booksFolder = new URL(books.endsWith('/') ? books : `${books}/`, context.config.root);
  const outlines = await readBookOutlines(booksFolder);
  const options = { ...fetchOptions, warn: (message: string) => logger.warn(message) };
  const fetched = await Promise.all(
    services.map(({ service, baseUrl }) =>
      fetchServiceChapters(service, baseUrl, outlines, options).catch((error: unknown) => {
        if (!(error instanceof BookServiceError)) throw error;
        throw new BookServiceError(
          `${error.message}\n(${SERVICE_VARIABLES[service]} is set; unset it to build these books from the Markdown in Git.)`,
        );
      }),
    ),
  );

  const active = new Set(services.map(({ service }) => service));
  const servedBooks = outlines.map((book) => book.id).filter((book) => active.has(serviceOf(book)));
  const isServed = (entryId: string) => servedBooks.includes(entryId.split('/')[0]!);
  // Kept to reuse the rendering of a chapter the service has not changed (dev server, later syncs).
  const previous = new Map(
    store
      .values()
      .filter((entry) => isServed(entry.id))
      .map((entry) => [entry.id, entry]),
  );

  if (servedBooks.length < outlines.length) {
    // glob() removes every entry it did not load, so it runs before the service chapters are stored.
    await loadMarkdownChapters(
      glob({ pattern: ['**/*.md', ...servedBooks.map((book) => `!${book}/**`)], base }),
      context,
    );
  } else {
    store.clear();
  }

  services.forEach(({ service }, index) => {
    const count = fetched[index]!.length;
    logger.info(
      `${count} chapter${count === 1 ? '' : 's'} from ${SERVICE_VARIABLES[service]} ` +
        `(${servedBooks.filter((book) => serviceOf(book) === service).join(', ')}); Markdown in Git for ` +
        `these books is not used`,
    );
  });

  const limit = limiter(10);
  await Promise.all(
    fetched.flat().map((chapter) =>
      limit(async () => {
        let data;
        try {
          data = await context.parseData({ id: chapter.id, data: chapter.data });
        } catch (error) {
          throw new BookServiceError(`${chapter.source}: ${(error as Error).message}`);
        }
        const digest = context.generateDigest({ data: chapter.data, body: chapter.body });
        const old = previous.get(chapter.id);
        const rendered =
          old?.digest === digest && old.rendered ? old.rendered : await renderServiceMarkdown(context, chapter);
        store.set({ id: chapter.id, data, body: chapter.body, digest, rendered });
      }),
    ),
  );
}
