import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/*
 * Writes into the page's dialog (src/components/SiteDialog.astro, data-modules) every module file its island needs:
 * the island, Astro's React renderer, and all they import, statically or on demand (the captcha widget). On the tap,
 * the page asks for them all at once; left to the imports, each is asked for only once the module importing it has
 * arrived, one round trip after another (docs/decisions.md, "The first tap answers at once"). Only the build knows
 * the files, so it fills the list in the built pages; `astro dev` leaves it empty.
 */

/** What a build's client bundle says of each of its module files (Rollup's OutputChunk): what it imports. */
export type ModuleGraph = Record<string, { imports: readonly string[]; dynamicImports: readonly string[] }>;

/** The files `entries` need, themselves first, then what they import, statically or dynamically, in that order. */
export function moduleChain(graph: ModuleGraph, entries: readonly string[]): string[] {
  const chain = entries.filter((file) => file in graph);
  for (const file of chain) {
    for (const imported of [...graph[file]!.imports, ...graph[file]!.dynamicImports])
      if (imported in graph && !chain.includes(imported)) chain.push(imported);
  }
  return chain;
}

/** The value of an attribute in one start tag, as Astro writes them (double quotes, &quot; inside). */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

/**
 * The page with its dialog's module list filled in: the chain of the island that takes the dialog over, the one
 * hydrated on the first use of the dialog's own links (the dialog's data-triggers). `base` is the site's base path.
 */
export function withDialogModules(html: string, graph: ModuleGraph, base = '/'): string {
  const dialogTag = /<dialog\s[^>]*\sdata-modules=""[^>]*>/.exec(html)?.[0];
  if (!dialogTag) return html;
  const triggers = attribute(dialogTag, 'data-triggers');
  const island = [...html.matchAll(/<astro-island\s[^>]*>/g)]
    .map(([tag]) => tag)
    .find((tag) => {
      const opts = JSON.parse(attribute(tag, 'opts') ?? '{}') as { value?: unknown };
      return attribute(tag, 'client') === 'first-use' && opts.value === triggers;
    });
  if (!island) throw new Error(`No island hydrates on the first use of ${triggers}, the dialog's links`);
  const file = (url: string | undefined) => (url?.startsWith(base) ? url.slice(base.length) : '');
  const chain = moduleChain(graph, [file(attribute(island, 'component-url')), file(attribute(island, 'renderer-url'))]);
  if (chain.length < 2) throw new Error('The dialog island or its renderer is not in the client bundle');
  const list = chain.map((name) => `${base}${name}`).join(' ');
  return html.replace(dialogTag, dialogTag.replace(' data-modules=""', ` data-modules="${list}"`));
}

export default function dialogModules(): AstroIntegration {
  const graph: ModuleGraph = {};
  let base = '/';
  const recordGraph: Plugin = {
    name: 'quartz:dialog-module-graph',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === 'chunk')
          graph[output.fileName] = { imports: output.imports, dynamicImports: output.dynamicImports };
    },
  };
  return {
    name: 'quartz:dialog-modules',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [recordGraph] } });
      },
      'astro:config:done': ({ config }) => {
        base = config.base.endsWith('/') ? config.base : `${config.base}/`;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const entries = await readdir(root, { withFileTypes: true, recursive: true });
        let filled = 0;
        for (const entry of entries.filter((candidate) => candidate.isFile() && candidate.name.endsWith('.html'))) {
          const file = join(entry.parentPath, entry.name);
          const html = await readFile(file, 'utf8');
          const written = withDialogModules(html, graph, base);
          if (written === html) continue;
          await writeFile(file, written);
          filled += 1;
        }
        logger.info(`The dialog's module list written into ${filled} page(s)`);
      },
    },
  };
}
