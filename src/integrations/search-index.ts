import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
        // The files are taken in memory and written here: writeFiles could answer before the last one was on
        // disk, and close() then left pagefind-entry.json empty (seen once, on a busy machine).
        const { files, errors: problems } = await index.getFiles();
        if (problems.length > 0) throw new Error(`Pagefind could not make its index: ${problems.join('; ')}`);
        await pagefind.close();
        const output = fileURLToPath(new URL('pagefind/', dir));
        for (const file of files) {
          const path = join(output, file.path);
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, file.content);
        }
        logger.info(`Search index: ${added.page_count} book and chapter pages`);
      },
    },
  };
}
