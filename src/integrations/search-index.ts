import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

/*
 * The textbook search: after the build, Pagefind indexes the book and chapter
 * pages (the parts marked data-pagefind-body) into dist/pagefind. The search
 * box loads that index only when a visitor starts a search; there is no server.
 */
export default function searchIndex(): AstroIntegration {
  return {
    name: 'quartz:search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { index, errors } = await pagefind.createIndex({});
        if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
        const added = await index.addDirectory({ path: fileURLToPath(dir), glob: 'books/**/*.html' });
        if (added.errors.length > 0) throw new Error(`Pagefind could not index the books: ${added.errors.join('; ')}`);
        const written = await index.writeFiles({ outputPath: fileURLToPath(new URL('pagefind/', dir)) });
        if (written.errors.length > 0)
          throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
        await pagefind.close();
        logger.info(`Search index: ${added.page_count} book and chapter pages`);
      },
    },
  };
}
