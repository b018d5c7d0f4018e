import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MdastPluginEntry, PluginFactoryContext } from 'satteri';

/*
 * Markdown written by authors holds no HTML of its own and no javascript: link. Markdown passes raw HTML through
 * to the page, so a chapter or a policy could otherwise carry a <script> or an onerror= that runs on the site's
 * origin, where the content editor (/admin) keeps its author's GitHub token. The build fails instead, naming the
 * file and the line, so the author learns to write it in Markdown (CONTENT.md, "Writing JSON and Markdown safely").
 *
 * This plugin reads the document as the author wrote it: it is the first Markdown plugin (astro.config.mjs), so a
 * plugin of the site's that writes HTML of its own (the formulas, tables and diagrams of math.ts, an answer's
 * <details>) does so after it and is not refused. Code spans and blocks are text, not HTML: `<stdio.h>` is fine.
 */

export class MarkdownHtmlError extends Error {
  override name = 'MarkdownHtmlError';
}

/** A URL whose scheme runs script, read as a browser does: control characters, spaces, tabs and newlines ignored. */
export function isScriptUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- the URL standard strips C0 controls and removes tabs and newlines.
  const scheme = url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  return /^(javascript|vbscript):/i.test(scheme);
}

const shortened = (text: string) => {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

/** Refuses raw HTML and script links in the Markdown being compiled; `source` names it when there is no file. */
export function markdownHtmlGuard(source = 'a Markdown text'): MdastPluginEntry {
  return ({ fileURL }: PluginFactoryContext) => {
    const file = fileURL ? relative(process.cwd(), fileURLToPath(fileURL)).split(sep).join('/') : source;
    const problems: string[] = [];
    const at = (node: { position?: { start: { line: number } } | undefined }) =>
      node.position ? `line ${node.position.start.line}: ` : '';
    const checkUrl = (node: { url: string; position?: { start: { line: number } } | undefined }) => {
      if (isScriptUrl(node.url)) problems.push(`${at(node)}a link to "${shortened(node.url)}"`);
    };
    return {
      name: 'quartz-markdown-html',
      options: { position: true },
      html(node) {
        problems.push(`${at(node)}HTML "${shortened(node.value)}"`);
      },
      link: checkUrl,
      image: checkUrl,
      definition: checkUrl,
      after() {
        if (problems.length === 0) return;
        throw new MarkdownHtmlError(
          `${file}: Markdown may not hold HTML or script links: ${problems.join('; ')}. Write it in Markdown ` +
            '(headings, lists, tables, **bold**, formulas between $ signs); HTML meant as an example goes in a ' +
            'code block. See "Writing JSON and Markdown safely" in CONTENT.md.',
        );
      },
    };
  };
}
