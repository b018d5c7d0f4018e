import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectCopy as makeCopy, type ProjectCopy } from '../support/project-copy';

/*
 * A wrong content file must fail the build and name the file and the field.
 * Each case breaks one file in a throwaway copy of the project and runs Astro on it.
 */

let copy: ProjectCopy | undefined;

function projectCopy(): ProjectCopy {
  copy = makeCopy();
  return copy;
}

function edit(project: ProjectCopy, file: string, change: (text: string) => string) {
  const path = join(project.directory, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

/** Changes one value of a JSON content file, whatever it holds today. */
function editJson<T>(project: ProjectCopy, file: string, change: (data: T) => void) {
  edit(project, file, (text) => {
    const data = JSON.parse(text) as T;
    change(data);
    return `${JSON.stringify(data, null, 2)}\n`;
  });
}

afterEach(() => {
  copy?.remove();
  copy = undefined;
});

describe('a broken content file fails the build', () => {
  it('names the service file and the price field when a price is negative', () => {
    const project = projectCopy();
    editJson<{ packages: { price: number }[] }>(project, 'src/content/services/seo.json', (service) => {
      service.packages[0]!.price = -Math.abs(service.packages[0]!.price);
    });
    const { status, output } = project.run('sync');
    expect(status).not.toBe(0);
    expect(output).toContain('src/content/services/seo.json');
    expect(output).toContain('packages.0.price');
  });

  it('names the app file and the score field when a score is out of range', () => {
    const project = projectCopy();
    editJson<{ score?: number }>(project, 'src/content/apps/machine-learning-advance.json', (app) => {
      app.score = 7;
    });
    const { status, output } = project.run('sync');
    expect(status).not.toBe(0);
    expect(output).toContain('src/content/apps/machine-learning-advance.json');
    expect(output).toContain('score');
  });

  it("names the chapter file and asks for a book's folder when a chapter is in none", () => {
    const project = projectCopy();
    writeFileSync(
      join(project.directory, 'src/content/chapters/a-loose-chapter.md'),
      '---\ntitle: A Loose Chapter\n' +
        'description: A chapter saved beside the book folders instead of inside one.\n' +
        'unit: 1\ntopic: 1\n---\n\nText.\n',
    );
    const { status, output } = project.run('build');
    expect(status).not.toBe(0);
    expect(output).toContain("src/content/chapters/a-loose-chapter.md is in no book's folder");
  });

  it('names the chapter file and the exercise when an exercise has no answer', () => {
    const project = projectCopy();
    const [book] = readdirSync(join(project.directory, 'src/content/books')).filter((file) => file.endsWith('.json'));
    const chapter = `src/content/chapters/${book!.replace(/\.json$/, '')}/with-exercises.md`;
    const fixture = readFileSync(join(import.meta.dirname, '../fixtures/chapters/with-exercises.md'), 'utf8');
    // The second exercise loses its answer paragraph.
    writeFileSync(join(project.directory, chapter), fixture.replace(/\n\n {3}\*\*Answer:\*\* Work depends[^\n]*/, ''));
    const { status, output } = project.run('build');
    expect(status).not.toBe(0);
    expect(output).toContain(`${chapter}: Exercises, item 2 ("Explain why work is a path function.") has no answer`);
  });

  it('names the image when an icon file is missing', () => {
    const project = projectCopy();
    rmSync(join(project.directory, 'src/assets/services/seo/icon.svg'));
    const { status, output } = project.run('build');
    expect(status).not.toBe(0);
    expect(output).toContain('seo/icon.svg');
  });

  it('names the app file and its icon field when the icon, drawn inside the page, holds a script', () => {
    const project = projectCopy();
    edit(project, 'src/assets/apps/machine-learning-advance.svg', (svg) =>
      svg.replace('</svg>', '<script>alert(1)</script></svg>'),
    );
    const { status, output } = project.run('build');
    expect(status).not.toBe(0);
    expect(output).toContain('src/content/apps/machine-learning-advance.json: icon');
    expect(output).toContain('<script>');
  });

  it('fails the build, not just warns, when a JSON collection file is malformed', () => {
    const project = projectCopy();
    edit(project, 'src/content/testimonials.json', (text) => text.replace('[', '[,'));
    const { status, output } = project.run('build');
    expect(status).not.toBe(0);
    expect(output).toMatch(/testimonials/);
  });
});
