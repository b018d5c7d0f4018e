// Rewrites the field reference in docs/content-reference.md from the content schemas
// (src/lib/cms/reference.ts). The schemas import Astro's virtual module
// "astro:content", so they load through Vite, as in the unit tests.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
// Typed by the modules' own exports: runnerImport hands back an untyped module object.
const load = async <Module>(path: string): Promise<Module> =>
  (
    await runnerImport(new URL(path, new URL('..', import.meta.url)).pathname, {
      configFile: false,
      root,
      resolve: { alias: { 'astro:content': 'astro/content/config' } },
    })
  ).module as Module;

const { collections } = await load<typeof import('../src/content.config.ts')>('src/content.config.ts');
const { siteSchema } = await load<typeof import('../src/site.ts')>('src/site.ts');
const { cmsConfig } = await load<typeof import('../src/lib/cms/config.ts')>('src/lib/cms/config.ts');
const { fieldReference, withReference } =
  await load<typeof import('../src/lib/cms/reference.ts')>('src/lib/cms/reference.ts');

const guide = fileURLToPath(new URL('../docs/content-reference.md', import.meta.url));
const reference = fieldReference(cmsConfig(collections, siteSchema, { repo: 'owner/site' }));
await writeFile(guide, withReference(await readFile(guide, 'utf8'), reference));
console.log('docs/content-reference.md: field reference rewritten from the schemas.');
