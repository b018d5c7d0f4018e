import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPageCode, sha256 } from '../../src/integrations/content-security-policy';
import { builtPages, distRoot } from '../support/dist';
import { projectCopy as makeCopy, type ProjectCopy } from '../support/project-copy';

/*
 * Content that tries to run code on the site, end to end: each case puts one payload into a throwaway copy of the
 * project, as an author's branch or a CMS save would, and runs Astro's build on it. The first test reads the real
 * build in dist/.
 */

let copy: ProjectCopy | undefined;
afterEach(() => {
  copy?.remove();
  copy = undefined;
});

function hostileCopy(file: string, change: (text: string) => string): ProjectCopy {
  copy = makeCopy();
  const path = join(copy.directory, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
  return copy;
}

describe('the built site', () => {
  it("holds no inline script but the site's own, each hashed in the policy, and no event handler or script URL", () => {
    const headers = readFileSync(join(distRoot, '_headers'), 'utf8');
    const scriptSrc = /script-src ([^;]+)/.exec(headers)![1]!;
    for (const built of builtPages()) {
      // The build has taken Astro's policy element out, so only the site's own scripts by their text pass here.
      const listed = new Set([...scriptSrc.matchAll(/'(sha256-[^']+)'/g)].map(([, hash]) => hash!));
      const { hashes, refused } = checkPageCode(built.html, listed);
      expect(refused, built.path).toEqual([]);
      for (const hash of hashes) expect(scriptSrc, built.path).toContain(`'${hash}'`);
      expect(built.html, built.path).not.toMatch(/http-equiv="content-security-policy"/);
    }
    expect(scriptSrc).not.toContain(`'${sha256('alert(1)')}'`);
  });
});

describe('content that tries to run a script fails the build', () => {
  it('an app icon whose comment browsers close early names the app file and its icon field', () => {
    const project = hostileCopy('src/assets/apps/machine-learning-advance.svg', (svg) =>
      svg.replace('</svg>', '<!--><script>alert(document.domain)</script>--></svg>'),
    );
    const { status, output } = project.run('build');
    expect(status).not.toBe(0);
    expect(output).toContain('src/content/apps/machine-learning-advance.json: icon: the artwork has a comment');
  });

  it('a chapter with an image whose onerror runs names the chapter file and the line', () => {
    const folder = 'src/content/chapters/thermodynamics';
    // One of the first unit, which a project copy keeps (tests/support/project-copy.ts).
    const chapter = `${folder}/${readdirSync(folder).find((name) => /^unit: 1$/m.test(readFileSync(`${folder}/${name}`, 'utf8')))!}`;
    const project = hostileCopy(chapter, (markdown) =>
      markdown.replace(/\n*$/, '\n\n<img src="x" onerror="alert(document.domain)">\n'),
    );
    const { status, output } = project.run('build');
    expect(status).not.toBe(0);
    expect(output).toContain(`${chapter}: Markdown may not hold HTML`);
    // The chapters' loader stops the build rather than publish the chapter empty (src/loaders/book-service.ts).
    expect(output).toContain(`${chapter.slice('src/content/'.length)}: could not be rendered`);
  });

  it('a policy with a script names the policy file', () => {
    const project = hostileCopy('src/content/policies/shipping-policy.md', (markdown) =>
      markdown.replace(/\n*$/, '\n\n<script>alert(document.domain)</script>\n'),
    );
    const { status, output } = project.run('build');
    expect(status).not.toBe(0);
    expect(output).toContain('src/content/policies/shipping-policy.md: Markdown may not hold HTML');
  });

  it('a postal address with markup in the site file shows as text in the privacy policy', () => {
    const address = 'Quartz Digital, 1 Marg, <img src=x onerror="alert(document.domain)">';
    const project = hostileCopy('src/content/site.json', (json) => {
      const site = JSON.parse(json) as { privacy: { grievanceOfficer: { postalAddress: string } } };
      site.privacy.grievanceOfficer.postalAddress = address;
      return JSON.stringify(site, null, 2);
    });
    const { status, output } = project.run('build');
    expect(status, output).toBe(0);
    const policy = readFileSync(join(project.directory, 'dist/privacy-policy.html'), 'utf8');
    expect(policy).toContain('1 Marg, &lt;img src=x onerror=&quot;alert(document.domain)&quot;&gt;');
  });
});
