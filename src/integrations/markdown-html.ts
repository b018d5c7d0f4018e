import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MdastPluginEntry, PluginFactoryContext } from 'satteri';

/*
 * Authors' Markdown holds no HTML and no javascript: link: Markdown passes raw HTML through, and on the site's
 * origin a script could read the editor's GitHub token. The build fails naming file and line (CONTENT.md,
 * "Writing JSON and Markdown safely"). This is the first Markdown plugin (astro.config.mjs), so it reads what the
 * author wrote, before the site's own plugins add formulas and answers; code spans are text.
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
