import { cp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/*
 * The content editor at /admin: Sveltia CMS, installed from npm at the exact
 * version of package.json and served from the site itself, so that its
 * Content-Security-Policy allows scripts, styles and fonts from this site only.
 * Its configuration, /admin/config.yml, is generated from the content schemas
 * (src/pages/admin/config.yml.ts); this integration adds the page and the editor.
 */

const require = createRequire(import.meta.url);

export const ADMIN = 'admin';

/** The CMS's ES module build (its package's main): index.js, its chunks and its fonts. */
export function cmsBundle(): string {
  return dirname(require.resolve('@sveltia/cms'));
}

export async function cmsVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(join(cmsBundle(), '../package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export function adminPage(version: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Content editor · Quartz Digital</title>
    <link rel="cms-config-url" type="application/yaml" href="/${ADMIN}/config.yml" />
    <script type="module" src="/${ADMIN}/cms.js?v=${version}"></script>
  </head>
  <body>
    <noscript>The content editor needs JavaScript. The content files can also be edited in Git: see CONTENT.md.</noscript>
  </body>
</html>
`;
}

// The module build does not start itself; the version in the address keeps caches from mixing releases.
export const adminScript = (version: string) => `import CMS from './sveltia/index.js?v=${version}';\n\nCMS.init();\n`;

export default function cms(): AstroIntegration {
  return {
    name: 'quartz:cms',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const admin = join(fileURLToPath(dir), ADMIN);
        const version = await cmsVersion();
        await cp(cmsBundle(), join(admin, 'sveltia'), {
          recursive: true,
          filter: (source) => !source.endsWith('.map'),
        });
        await writeFile(join(admin, 'index.html'), adminPage(version));
        await writeFile(join(admin, 'cms.js'), adminScript(version));
        logger.info(`Sveltia CMS ${version} served at /${ADMIN}`);
      },
    },
  };
}
