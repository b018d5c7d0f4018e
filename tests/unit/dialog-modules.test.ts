import { describe, expect, it } from 'vitest';
import { moduleChain, withDialogModules, type ModuleGraph } from '../../src/integrations/dialog-modules';

/*
 * The list of modules the page's dialog asks for on a tap (src/integrations/dialog-modules.ts): the whole chain of
 * its island, so that nothing waits for the module importing it. The built pages' lists are checked against the
 * built files by tests/dist/budgets.test.ts.
 */

const graph: ModuleGraph = {
  '_astro/SiteDialogs.a.js': { imports: ['_astro/react.b.js', '_astro/validate.c.js'], dynamicImports: [] },
  '_astro/client.d.js': { imports: ['_astro/react.b.js', '_astro/react-dom.e.js'], dynamicImports: [] },
  '_astro/react.b.js': { imports: [], dynamicImports: [] },
  '_astro/react-dom.e.js': { imports: ['_astro/react.b.js'], dynamicImports: [] },
  '_astro/validate.c.js': { imports: ['_astro/react.b.js'], dynamicImports: ['_astro/Captcha.f.js'] },
  '_astro/Captcha.f.js': { imports: ['_astro/react-dom.e.js', '_astro/validate.c.js'], dynamicImports: [] },
  '_astro/BookSearch.g.js': { imports: ['_astro/react.b.js'], dynamicImports: ['/pagefind/pagefind.js'] },
};

describe('moduleChain', () => {
  it('lists the entries first, then everything they import, statically or on demand, once each', () => {
    expect(moduleChain(graph, ['_astro/SiteDialogs.a.js', '_astro/client.d.js'])).toEqual([
      '_astro/SiteDialogs.a.js',
      '_astro/client.d.js',
      '_astro/react.b.js',
      '_astro/validate.c.js',
      '_astro/react-dom.e.js',
      '_astro/Captcha.f.js',
    ]);
  });

  it('leaves out what the bundle does not hold, and what no entry reaches', () => {
    expect(moduleChain(graph, ['_astro/BookSearch.g.js', 'nowhere.js'])).toEqual([
      '_astro/BookSearch.g.js',
      '_astro/react.b.js',
    ]);
  });
});

describe('withDialogModules', () => {
  const triggers = '[data-callback-trigger], [data-package-request]';
  const island = (name: string, value: string) =>
    `<astro-island uid="x" component-url="/_astro/${name}" renderer-url="/_astro/client.d.js" client="first-use" ` +
    `opts="{&quot;name&quot;:&quot;N&quot;,&quot;value&quot;:&quot;${value}&quot;}" await-children></astro-island>`;
  const dialog = `<dialog id="site-dialog" data-triggers="${triggers}" data-modules=""><h2>Request a callback</h2></dialog>`;

  it("fills in the chain of the island that wakes on the dialog's own links", () => {
    const page = `<body>${island('NarrowMenu.z.js', 'summary')}${island('SiteDialogs.a.js', triggers)}${dialog}</body>`;
    const filled = withDialogModules(page, graph);
    expect(/data-modules="([^"]*)"/.exec(filled)?.[1]?.split(' ')).toEqual([
      '/_astro/SiteDialogs.a.js',
      '/_astro/client.d.js',
      '/_astro/react.b.js',
      '/_astro/validate.c.js',
      '/_astro/react-dom.e.js',
      '/_astro/Captcha.f.js',
    ]);
    expect(filled.replace(/ data-modules="[^"]*"/, ' data-modules=""')).toBe(page);
  });

  it('writes the addresses under the base path', () => {
    const page = island('SiteDialogs.a.js', triggers).replace(/\/_astro\//g, '/shop/_astro/') + dialog;
    const filled = withDialogModules(page, graph, '/shop/');
    expect(/data-modules="([^"]*)"/.exec(filled)?.[1]?.split(' ')[0]).toBe('/shop/_astro/SiteDialogs.a.js');
  });

  it('leaves a page without the dialog as it is, and refuses a dialog no island takes over', () => {
    const page = `<body>${island('NarrowMenu.z.js', 'summary')}</body>`;
    expect(withDialogModules(page, graph)).toBe(page);
    expect(() => withDialogModules(`${page}${dialog}`, graph)).toThrow(/No island hydrates on the first use/);
  });
});
