// The cost of growth: builds a throwaway copy of the site as it is, then with
// N extra chapters (5,000 unless --count says otherwise) spread over every
// topic of the 24 books, and prints the build time and pages of each.
//
//   npm run bench:chapters [-- --count 2000]
//
// The copy lives in the system temp folder and is removed at the end, also on
// failure or Ctrl-C. BOOKS_API_* are unset for both builds: this measures the
// Markdown path.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { count: { type: 'string', default: '5000' } } });
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) {
  console.error(`--count must be a whole number of chapters, 1 or more; got "${values.count}".`);
  process.exit(2);
}

for (const service of ['BOOKS_API_QUARTZ', 'BOOKS_API_BEE', 'BOOKS_API_AUTOMOBILE']) delete process.env[service];

let copy: string | undefined;
const cleanUp = () => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/** The project without dist/ and caches; installed packages shared through links. */
function projectCopy(): string {
  const folder = mkdtempSync(join(tmpdir(), 'qd-chapters-bench-'));
  for (const item of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
    cpSync(join(root, item), join(folder, item), { recursive: true });
  }
  // Not Astro's content store (.astro) nor Vite's caches (.vite, .vite-temp): the copy must
  // neither read the real project's caches, which would flatter the numbers, nor write to them.
  mkdirSync(join(folder, 'node_modules'));
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (!['.astro', '.vite', '.vite-temp'].includes(entry))
      symlinkSync(join(root, 'node_modules', entry), join(folder, 'node_modules', entry));
  }
  return folder;
}

/** One topic of a book: where a practice chapter goes. */
interface TopicSlot {
  book: string;
  bookName: string;
  unit: number;
  topic: number;
  topicTitle: string;
}

/** The part of a book file (src/content/books/) this script reads. */
interface BookFile {
  name: string;
  units: { topics: { title: string }[] }[];
}

/** Every (book, unit, topic) of the books in the copy. */
function topicSlots(project: string): TopicSlot[] {
  const booksDir = join(project, 'src/content/books');
  return readdirSync(booksDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const book = JSON.parse(readFileSync(join(booksDir, file), 'utf8')) as BookFile;
      return book.units.flatMap((unit, unitIndex) =>
        unit.topics.map((topic, topicIndex) => ({
          book: file.slice(0, -5),
          bookName: book.name,
          unit: unitIndex + 1,
          topic: topicIndex + 1,
          topicTitle: topic.title,
        })),
      );
    });
}

/** A chapter like the real ones: front matter, headings, paragraphs, a list, inline and display maths. */
function chapterText(n: number, slot: TopicSlot): string {
  const title = `Practice ${n}: ${slot.topicTitle}`.slice(0, 100).trim();
  const description =
    `Worked practice ${n} on ${slot.topicTitle}: the definitions, one formula and a short check of understanding.`
      .slice(0, 160)
      .trim();
  const a = (n % 9) + 2;
  const b = (n % 7) + 3;
  return `---
title: ${JSON.stringify(title)}
description: ${JSON.stringify(description)}
unit: ${slot.unit}
topic: ${slot.topic}
order: ${1000 + n}
---

This practice chapter revisits **${slot.topicTitle}** from ${slot.bookName}. It restates the key ideas in
plain words, works one example with numbers, and ends with a short summary to check your understanding before
moving on.

## Key ideas

Every quantity in this topic has a definition, a unit and a sign convention. Write all three down before you
start a calculation: most mistakes in examinations come from a unit that was not converted or a sign that was
assumed. A quantity $x$ that grows in proportion to another quantity $y$ is written $x = ky$, where $k$ is a
constant found from one measurement.

- State what is given and what is asked.
- Draw a sketch and mark the directions you take as positive.
- Check the units of the answer.

## Worked example

Take $a = ${a}$ and $b = ${b}$. The quantity we need is the root of the sum of their squares:

$$c = \\sqrt{a^2 + b^2} = \\sqrt{${a * a} + ${b * b}} = ${Math.sqrt(a * a + b * b).toFixed(3)}$$

The answer is larger than both $a$ and $b$, as it must be, and smaller than their sum $a + b = ${a + b}$,
which is a quick check that no step went wrong.

## Summary

A definition, a sketch and a unit check solve most problems on ${slot.topicTitle.toLowerCase()}. Read the
worked example again with other numbers until each step feels obvious, then try the next practice chapter.
`;
}

function addChapters(project: string, total: number): number {
  const slots = topicSlots(project);
  for (let n = 1; n <= total; n += 1) {
    const slot = slots[(n - 1) % slots.length]!;
    const folder = join(project, 'src/content/chapters', slot.book);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `practice-${n}.md`), chapterText(n, slot));
  }
  return slots.length;
}

function countPages(project: string): { pages: number; chapterPages: number } {
  const dist = join(project, 'dist');
  const html = readdirSync(dist, { recursive: true }).filter((file) => String(file).endsWith('.html'));
  const chapters = readdirSync(join(dist, 'books'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .reduce(
      (sum, entry) =>
        sum + readdirSync(join(dist, 'books', entry.name)).filter((file) => file.endsWith('.html')).length,
      0,
    );
  return { pages: html.length, chapterPages: chapters };
}

/** Runs `npm run build` in a project folder and returns its wall time in seconds. */
function timeBuild(project: string): number {
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: project,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${`${build.stdout}${build.stderr}`.slice(-4000)}`);
  return (performance.now() - started) / 1000;
}

function run(label: string, project: string) {
  process.stderr.write(`Building ${label}…\n`);
  const seconds = timeBuild(project);
  return { ...countPages(project), buildSeconds: Number(seconds.toFixed(1)) };
}

try {
  copy = projectCopy();
  // The first build of a fresh copy also fills Vite's dependency cache (several seconds);
  // an unmeasured warm-up build makes both measured builds start from the same state.
  process.stderr.write('Warming up (unmeasured build)…\n');
  timeBuild(copy);
  const before = run('the site as it is', copy);
  const topics = addChapters(copy, count);
  process.stderr.write(`Added ${count} chapters over ${topics} topics of the books.\n`);
  const after = run(`the site with ${count} more chapters`, copy);

  const rows = [
    ['', 'chapter pages', 'pages', 'build'],
    ['site as it is', before.chapterPages, before.pages, `${before.buildSeconds} s`],
    [`+${count} chapters`, after.chapterPages, after.pages, `${after.buildSeconds} s`],
  ].map((row) => row.map(String));
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    );
  const perChapterMs = ((after.buildSeconds - before.buildSeconds) * 1000) / count;
  console.log(`\nEach extra chapter adds about ${perChapterMs.toFixed(1)} ms of build time.`);
} finally {
  cleanUp();
}
