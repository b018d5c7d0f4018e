import katex from 'katex';
import type { HastPluginDefinition } from 'satteri';

/*
 * Formulas in Markdown ($...$ inline, $$...$$ on their own line) become MathML
 * at build time with KaTeX: browsers draw MathML natively, so a chapter needs
 * no script, stylesheet or font for its maths, and screen readers can read it.
 * A formula KaTeX cannot read fails the build, naming the file.
 */

/** Formulas longer than this (in TeX characters) may not fit a 320 px screen. */
const LONG_FORMULA = 30;

/**
 * A container that may scroll sideways: focusable, so a keyboard can scroll it, and a named
 * group (not a region: a page has many, and landmarks need unique names), so a screen reader says what took focus.
 */
const SCROLLER = 'tabindex="0" role="group"';

type Node = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: Node[] };

function classes(node: Node): string[] {
  const value = node.properties?.className ?? node.properties?.class;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
}

export function renderFormula(tex: string, displayMode: boolean, source = 'a Markdown file'): string {
  try {
    const mathml = katex.renderToString(tex, { output: 'mathml', displayMode, throwOnError: true, strict: 'error' });
    // The TeX source KaTeX keeps in an <annotation> is not shown, but search and
    // copy would pick it up twice; the MathML itself is what readers and tools need.
    return mathml
      .replace(/<annotation encoding="application\/x-tex">[\s\S]*?<\/annotation>/g, '')
      .replace(/<\/?semantics>/g, '');
  } catch (error) {
    throw new Error(`${source}: cannot read the formula "${tex}": ${error instanceof Error ? error.message : error}`, {
      cause: error,
    });
  }
}

export const mathPlugin: HastPluginDefinition = {
  name: 'quartz-math',
  element: {
    filter: ['code'],
    visit(node, ctx) {
      const code = node as unknown as Node;
      const kind = classes(code);
      if (!kind.includes('language-math')) return;
      const source = ctx.fileURL ? decodeURIComponent(ctx.fileURL.pathname) : 'a Markdown file';
      const tex = ctx.textContent(node);
      const parent = ctx.parent(node) as unknown as Node | undefined;
      const siblings = (parent?.children ?? []).filter(
        (child) => !(child.type === 'text' && !String((child as { value?: string }).value ?? '').trim()),
      );
      // A $$...$$ block, or a formula that is a paragraph on its own, is displayed as a block.
      const display = kind.includes('math-display') || (parent?.tagName === 'p' && siblings.length === 1);
      const html = renderFormula(tex, display, source);
      // A long formula scrolls sideways on a narrow phone instead of widening the page
      // (MathML does not break lines); it takes focus so a keyboard can scroll it too.
      const long = tex.length > LONG_FORMULA;
      if (display && parent && (parent.tagName === 'pre' || parent.tagName === 'p')) {
        ctx.replaceNode(
          parent as never,
          {
            type: 'raw',
            value: `<div class="formula"${long ? ` ${SCROLLER} aria-label="Formula, scrolls sideways"` : ''}>${html}</div>`,
          } as never,
        );
      } else {
        ctx.replaceNode(node, {
          type: 'raw',
          value: long
            ? `<span class="formula-inline" ${SCROLLER} aria-label="Formula, scrolls sideways">${html}</span>`
            : html,
        } as never);
      }
    },
  },
};

/**
 * Tables in Markdown get a wrapper that scrolls sideways on narrow screens
 * and can take focus, so keyboard users can scroll a wide table too.
 */
export const tablePlugin: HastPluginDefinition = {
  name: 'quartz-table-scroll',
  element: {
    filter: ['table'],
    visit(node, ctx) {
      ctx.wrapNode(node, {
        raw: `<div class="table-scroll" ${SCROLLER} aria-label="Table, scrolls sideways"></div>`,
      });
    },
  },
};

/**
 * Diagrams keep a readable size on a phone: below their natural width their labels would
 * shrink past reading, so they scroll sideways in a focusable region instead (Prose.astro).
 */
export const diagramPlugin: HastPluginDefinition = {
  name: 'quartz-diagram-scroll',
  element: {
    filter: ['img'],
    visit(node, ctx) {
      ctx.wrapNode(node, {
        raw: `<span class="diagram-scroll" ${SCROLLER} aria-label="Diagram, scrolls sideways"></span>`,
      });
    },
  },
};
