// Rewrites the field reference at the end of CONTENT.md from the content schemas
// (src/lib/cms/reference.ts). The schemas import Astro's virtual module
// "astro:content", so they load through Vite, as in the unit tests.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const load = async (path) =>
  (
    await runnerImport(new URL(path, new URL('..', import.meta.url)).pathname, {
      configFile: false,
      root,
      resolve: { alias: { 'astro:content': 'astro/content/config' } },
    })
  ).module;

const { collections } = await load('src/content.config.ts');
const { siteSchema } = await load('src/site.ts');
const { cmsConfig } = await load('src/lib/cms/config.ts');
const { fieldReference, withReference } = await load('src/lib/cms/reference.ts');

const guide = fileURLToPath(new URL('../CONTENT.md', import.meta.url));
const reference = fieldReference(cmsConfig(collections, siteSchema, { repo: 'owner/site' }));
await writeFile(guide, withReference(await readFile(guide, 'utf8'), reference));
console.log('CONTENT.md: field reference rewritten from the schemas.');
