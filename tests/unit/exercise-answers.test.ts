import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import config from '../../astro.config.mjs';

/*
 * A chapter's exercises through the site's own Markdown processor (astro.config.mjs), formulas and all: each answer
 * folds into a <details>, and an exercise without its one answer fails the build naming the file and the item.
 */

const file = 'src/content/chapters/thermodynamics/an-example.md';

const renderer = config.markdown!.processor!.createRenderer({ shikiConfig: config.markdown!.shikiConfig! });

async function render(markdown: string): Promise<string> {
  const { code } = await (await renderer).render(markdown, { fileURL: pathToFileURL(join(process.cwd(), file)) });
  return code;
}

const example = `Intro.

## Exercises

1. A rigid tank holds 2 kg of air at 300 K and 200 kPa. Find its volume, taking $R = 287$ J/(kg·K).

   **Answer:** $V = 0.861$ m³

2. Explain why work is a path function.

   **Answer:** Work depends on the path, not only on the end states:

   $$W = \\int_1^2 p \\, dV$$

## Summary

1. A list outside the exercises.

   **Answer:** stays as it is.
`;

describe("the answers of a chapter's exercises", () => {
  it('are each folded into a details element after the question, formulas rendered', async () => {
    const document = parse(await render(example));
    const items = document.querySelectorAll('#exercises + ol > li');
    expect(items).toHaveLength(2);
    for (const item of items) {
      const children = item.children.map((child) => child.tagName.toLowerCase());
      expect(children).toEqual(['p', 'details']);
      const details = item.querySelector('details')!;
      expect(details.classList.contains('answer')).toBe(true);
      expect(details.firstElementChild?.tagName).toBe('SUMMARY');
      expect(details.firstElementChild?.textContent).toBe('Show answer');
      expect(details.querySelector('p > strong:first-child')?.textContent).toBe('Answer:');
      // The question stays in view.
      expect(item.querySelector('p')!.closest('details')).toBeNull();
    }
    // Formulas in answers are MathML, and a formula on its own line after the answer goes with it.
    const [first, second] = items.map((item) => item.querySelector('details')!);
    expect(first!.querySelectorAll('math')).toHaveLength(1);
    expect(second!.querySelectorAll('.formula math[display="block"]')).toHaveLength(1);
    expect(document.textContent).not.toMatch(/\$|\\int/);
    // The question's formula stays with the question.
    expect(items[0]!.querySelector('p math')).not.toBeNull();
  });

  it('leaves lists outside the Exercises section as they are', async () => {
    const document = parse(await render(example));
    expect(document.querySelectorAll('details')).toHaveLength(2);
    expect(document.querySelector('#summary + ol > li > p > strong')?.textContent).toBe('Answer:');
  });

  it("keeps a question's own list of parts, and numbers items from the list's start", async () => {
    const html = await render(
      '## Exercises\n\n3. Find:\n\n   - the pressure\n   - the work\n\n   **Answer:** 2 bar; 40 kJ.\n',
    );
    const item = parse(html).querySelector('ol[start="3"] > li')!;
    expect(item.children.map((child) => child.tagName.toLowerCase())).toEqual(['p', 'ul', 'details']);
    await expect(render('## Exercises\n\n3. Find:\n\n   **Answer:** 2 bar.\n\n4. And then?\n')).rejects.toThrow(
      `${file}: Exercises, item 4 ("And then?") has no answer`,
    );
  });
});

describe('an exercise without its one answer fails the build, naming the file and the item', () => {
  it.each([
    [
      'no answer',
      '1. First?\n\n   **Answer:** yes.\n\n2. Second, with none.\n',
      `${file}: Exercises, item 2 ("Second, with none.") has no answer; end it with a paragraph that starts with **Answer:**.`,
    ],
    [
      'two answers',
      '1. First?\n\n   **Answer:** yes.\n\n   **Answer:** no.\n',
      `${file}: Exercises, item 1 ("First?") has 2 answers; keep one paragraph that starts with **Answer:**.`,
    ],
    [
      'an answer run into the question, with no blank line',
      '1. First?\n   **Answer:** yes.\n',
      `${file}: Exercises, item 1 ("First?") has its **Answer:** inside another paragraph`,
    ],
    [
      'the label in another form',
      '1. First?\n\n   **Answer**: yes.\n',
      `${file}: Exercises, item 1 ("First?") has "Answer" in bold; write the label as **Answer:**.`,
    ],
    ['no numbered list', 'First?\n\n**Answer:** yes.\n', `${file}: the Exercises section has no numbered list`],
  ])('%s', async (_case, exercises, message) => {
    await expect(render(`Text.\n\n## Exercises\n\n${exercises}`)).rejects.toThrow(message);
  });
});
