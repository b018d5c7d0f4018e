import { describe, expect, it } from 'vitest';
import { parse, ELEMENT_NODE, type ElementNode } from 'ultrahtml';
import { inlineArt } from '../../src/lib/inline-art';

/* Artwork drawn inside the page: what it becomes, and what it may not hold. */

const icon =
  '<svg viewBox="0 0 96 96" width="96" height="96" role="img">\n<title>An app icon</title>\n' +
  '<rect width="96" height="96" rx="22" fill="#14213d"/>\n' +
  '<path d="M26 30L48 22" stroke="#a8dadc" stroke-width="2.5" stroke-linecap="round"/>\n' +
  '<g opacity=".5"><title>Nodes</title><circle cx="26" cy="30" r="7" fill="#0f766e"/></g>\n</svg>';

const options = { source: 'src/content/apps/an-app.json: icon', width: 64, height: 64 };

function root(markup: string): ElementNode {
  return (parse(markup) as { children: ElementNode[] }).children.find((node) => node.type === ELEMENT_NODE)!;
}

describe('inline artwork', () => {
  it('is sized, hidden from assistive technology, and keeps every shape but its title', () => {
    const svg = root(inlineArt(icon, { ...options, class: 'app__icon' }));
    expect(svg.attributes).toEqual({
      viewBox: '0 0 96 96',
      width: '64',
      height: '64',
      class: 'app__icon',
      'aria-hidden': 'true',
    });
    const names: string[] = [];
    const walk = (node: ElementNode) => {
      for (const child of node.children) {
        if (child.type !== ELEMENT_NODE) continue;
        names.push((child as ElementNode).name);
        walk(child as ElementNode);
      }
    };
    walk(svg);
    expect(names).toEqual(['rect', 'path', 'g', 'circle']);
  });

  it('is a named image when it is given a label', () => {
    const svg = root(inlineArt(icon, { ...options, label: 'Our office in New Delhi' }));
    expect(svg.attributes['role']).toBe('img');
    expect(svg.attributes['aria-label']).toBe('Our office in New Delhi');
    expect(svg.attributes['aria-hidden']).toBeUndefined();
  });

  it.each([
    ['a script', '<script>alert(1)</script>', '<script>'],
    ['an event handler', '<rect width="1" height="1" onclick="alert(1)"/>', 'onclick'],
    ['a style sheet', '<style>body{display:none}</style>', '<style>'],
    ['a style attribute', '<rect width="1" height="1" style="fill:red"/>', 'style'],
    ['text', '<text x="0" y="10">Hello</text>', '<text>'],
    ['an image', '<image href="https://example.com/a.png" width="1" height="1"/>', '<image>'],
    ['a link', '<a href="https://example.com"><rect width="1" height="1"/></a>', '<a>'],
    ['foreign content', '<foreignObject width="1" height="1"><div>Hi</div></foreignObject>', '<foreignObject>'],
    ['an animation', '<set attributeName="fill" to="red"/>', '<set>'],
    ['an id', '<rect id="main" width="1" height="1"/>', 'id'],
    ['a paint server', '<rect width="1" height="1" fill="url(#g)"/>', 'url(#g)'],
  ])('fails the build, naming the file and what it holds, when the file has %s', (_what, extra, named) => {
    const markup = icon.replace('</svg>', `${extra}</svg>`);
    expect(() => inlineArt(markup, options)).toThrow(options.source);
    expect(() => inlineArt(markup, options)).toThrow(named);
  });

  it('fails the build when the file is not an SVG', () => {
    expect(() => inlineArt('<img src="icon.png">', options)).toThrow(`${options.source}: the artwork must be an SVG`);
  });
});
