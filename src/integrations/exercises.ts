import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HastPluginDefinition } from 'satteri';

/*
 * A chapter's exercises (CONTENT.md, "Exercises"): in each item of the list under "## Exercises", the paragraph
 * starting "**Answer:**" and what follows it go into a <details> a reader opens to check their work, without any
 * script. An item with no answer, or two, fails the build naming file and item: a reader would otherwise see an
 * answer in the open, or none.
 */

/** The text of the summary a reader presses. */
const SHOW_ANSWER = 'Show answer';

type Node = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: Node[];
};

/** A new element; the nodes the visitor was given carry the processor's own bookkeeping, which a copy must not. */
const element = (tagName: string, properties: Record<string, unknown>, children: Node[]): Node => ({
  type: 'element',
  tagName,
  properties,
  children,
});

const isElement = (node: Node | undefined, tagName?: string): node is Node =>
  node?.type === 'element' && (tagName === undefined || node.tagName === tagName);
const isBlank = (node: Node) => node.type === 'text' && !String(node.value ?? '').trim();

function textOf(node: Node): string {
  if (node.type === 'text') return String(node.value ?? '');
  return (node.children ?? []).map(textOf).join('');
}

/** The first child that is not white space between tags. */
const firstContent = (node: Node) => (node.children ?? []).find((child) => !isBlank(child));

/** `**Answer:**` at the start of a paragraph: the one form an answer takes. */
const isAnswerLabel = (node: Node | undefined) => isElement(node, 'strong') && textOf(node).trim() === 'Answer:';
const isAnswer = (node: Node) => isElement(node, 'p') && isAnswerLabel(firstContent(node));

/** Something an author meant as an answer label but that is not in the form above (`**Answer**:`, `**Ans:**`). */
const looksLikeAnswerLabel = (node: Node) =>
  isElement(node, 'strong') && /^(answer|ans)\b\s*[.:]?$/i.test(textOf(node).trim());

/** Every strong element in `node` outside its nested lists, which belong to a question's parts. */
function labelsIn(node: Node): Node[] {
  return (node.children ?? []).flatMap((child) => {
    if (!isElement(child) || child.tagName === 'ol' || child.tagName === 'ul') return [];
    return [...(looksLikeAnswerLabel(child) ? [child] : []), ...labelsIn(child)];
  });
}

/** The file an error names: its path in the project, or what the build was given. */
function sourceOf(fileURL: URL | undefined): string {
  if (!fileURL) return 'a Markdown file';
  return fileURL.protocol === 'file:' ? relative(process.cwd(), fileURLToPath(fileURL)) : fileURL.href;
}

/** An exercise item with its answer folded into a <details>; throws naming the item when it has no answer or two. */
function withFoldedAnswer(item: Node, describe: () => string): Node {
  const children = item.children ?? [];
  const answers = children.filter(isAnswer);
  if (answers.length > 1)
    throw new Error(`${describe()} has ${answers.length} answers; keep one paragraph that starts with **Answer:**.`);
  if (answers.length === 0) {
    const misplaced = labelsIn(item)[0];
    if (misplaced && textOf(misplaced).trim() !== 'Answer:')
      throw new Error(`${describe()} has "${textOf(misplaced).trim()}" in bold; write the label as **Answer:**.`);
    if (misplaced)
      throw new Error(
        `${describe()} has its **Answer:** inside another paragraph; leave a blank line before it, indented like the question.`,
      );
    throw new Error(`${describe()} has no answer; end it with a paragraph that starts with **Answer:**.`);
  }
  const at = children.indexOf(answers[0]!);
  const summary = element('summary', {}, [{ type: 'text', value: SHOW_ANSWER }]);
  const details = element('details', { className: ['answer'] }, [summary, ...children.slice(at)]);
  return element('li', item.properties ?? {}, [...children.slice(0, at), details]);
}

/** The top-level nodes from each "Exercises" heading to the next heading of its level or above. */
function exerciseSections(root: Node): Node[][] {
  const sections: Node[][] = [];
  let current: Node[] | undefined;
  for (const node of root.children ?? []) {
    if (isElement(node) && /^h[1-2]$/.test(node.tagName ?? '')) {
      current = isExercisesHeading(node) ? [] : undefined;
      if (current) sections.push(current);
    } else current?.push(node);
  }
  return sections;
}

const isExercisesHeading = (node: Node) => isElement(node, 'h2') && textOf(node).trim().toLowerCase() === 'exercises';

export const exerciseAnswersPlugin: HastPluginDefinition = {
  name: 'quartz-exercise-answers',
  before(root, ctx) {
    // Exercises written as paragraphs or bullets would show every answer in the open.
    for (const section of exerciseSections(root as unknown as Node)) {
      if (!section.some((node) => isElement(node, 'ol')))
        throw new Error(
          `${sourceOf(ctx.fileURL)}: the Exercises section has no numbered list; write each exercise as "1. …" ` +
            'with its **Answer:** paragraph.',
        );
    }
  },
  element: {
    // Only a list at the top level of the document, in the section an "Exercises" heading opens.
    filter: ['ol'],
    visit(node, ctx) {
      const list = node as unknown as Node;
      const parent = ctx.parent(node) as unknown as Node | undefined;
      const index = ctx.indexOf(node);
      if (parent?.type !== 'root' || index === undefined) return;
      const heading = (parent.children ?? [])
        .slice(0, index)
        .findLast((sibling) => isElement(sibling) && /^h[1-2]$/.test(sibling.tagName ?? ''));
      if (!heading || !isExercisesHeading(heading)) return;

      const source = sourceOf(ctx.fileURL);
      const start = Number(list.properties?.start ?? 1) || 1;
      let number = start - 1;
      const children = (list.children ?? []).map((child) => {
        if (!isElement(child, 'li')) return child;
        number += 1;
        const item = number;
        // The item's first block is its question, which is how an author finds the item in the file.
        const words = textOf(firstContent(child) ?? child)
          .trim()
          .replace(/\s+/g, ' ');
        const describe = () =>
          `${source}: Exercises, item ${item} ("${words.length > 40 ? `${words.slice(0, 40)}…` : words}")`;
        return withFoldedAnswer(child, describe);
      });
      ctx.replaceNode(node, element('ol', list.properties ?? {}, children) as never);
    },
  },
};
