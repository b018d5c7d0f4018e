// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';
import contentSecurityPolicy from './src/integrations/content-security-policy.ts';
import cms from './src/integrations/cms.ts';
import clientDirectives from './src/integrations/client-directives.ts';
import dialogModules from './src/integrations/dialog-modules.ts';
import { diagramPlugin, mathPlugin, tablePlugin } from './src/integrations/math.ts';
import { markdownHtmlGuard } from './src/integrations/markdown-html.ts';
import { exerciseAnswersPlugin } from './src/integrations/exercises.ts';
import searchIndex from './src/integrations/search-index.ts';
import { deploySettingsProblem } from './src/integrations/deploy-settings.ts';

const settingsProblem = deploySettingsProblem(process.env);
if (settingsProblem) throw new Error(settingsProblem);

// Netlify sets URL to the site's main address (and DEPLOY_PRIME_URL for previews).
const site = process.env.URL ?? `http://localhost:${process.env.PORT ?? 4321}`;

export default defineConfig({
  site,
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react(),
    // The content editor at /admin is no page for search engines.
    sitemap({ filter: (page) => !page.endsWith('/404') && !new URL(page).pathname.startsWith('/admin') }),
    clientDirectives(),
    dialogModules(),
    searchIndex(),
    cms(),
    contentSecurityPolicy(),
  ],
  prefetch: false,
  markdown: {
    // Authors' Markdown holds no HTML of its own (src/integrations/markdown-html.ts): its check comes first, so the
    // HTML the site's plugins write is theirs. Formulas become MathML at build time; wide tables and diagrams scroll
    // on their own (src/integrations/math.ts). A chapter's exercise answers fold into <details>
    // (src/integrations/exercises.ts) after the formulas, so an answer's formulas are MathML by then and move with it.
    processor: satteri({
      features: { math: true },
      mdastPlugins: [markdownHtmlGuard()],
      hastPlugins: [mathPlugin, tablePlugin, diagramPlugin, exerciseAnswersPlugin],
    }),
    // Code in chapters: a theme whose every colour passes WCAG AA on its background.
    shikiConfig: { theme: 'github-dark-high-contrast' },
  },
});
