import { ELEMENT_NODE, parse, renderSync, walkSync, type ElementNode } from 'ultrahtml';

/*
 * Decorative artwork drawn inside the page (src/components/InlineArt.astro) rather than loaded as an <img>.
 *
 * An SVG file shown through <img> is a document of its own: the browser builds it on the main thread when the file
 * arrives, before the first paint when it comes early (on /apps five icons did, about 13 ms each in Lighthouse's
 * trace; docs/decisions.md, "Performance budgets"). Drawn inside the page, the same shapes cost a few elements and no
 * request.
 *
 * Inside the page, though, a file's script would run, its styles would apply to the whole page and its ids would
 * meet the page's (and another icon's gradient of the same id), and the artwork comes from content files that
 * authors upload. So only plain shapes in flat colours pass: the elements and attributes below, no id, no url().
 * Anything else fails the build, naming the content file.
 */

/** The elements a piece of artwork may use (lower case: the parser keeps the file's case). */
const ELEMENTS = new Set([
  'svg',
  'g',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
]);

/** The attributes it may use: geometry and paint, nothing that loads, runs or styles the page. */
const ATTRIBUTES = new Set([
  'viewbox',
  'preserveaspectratio',
  'width',
  'height',
  'role',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'pathlength',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'opacity',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
]);

export interface InlineArtOptions {
  /** Where the artwork is named, for the build's error: a content file and its field, or a component. */
  source: string;
  width: number;
  height: number;
  class?: string | undefined;
  /** What the picture shows, when it says something the text does not; without it the picture is decoration. */
  label?: string | undefined;
}

/**
 * The markup of an SVG component (as Astro renders an imported .svg) made fit to stand inside a page: sized, without
 * its title (which would show as a tooltip), named by `label` or else hidden from assistive technology as
 * decoration, and refused when it holds anything but plain shapes.
 */
export function inlineArt(
  markup: string,
  { source, width, height, class: className, label }: InlineArtOptions,
): string {
  const document = parse(markup);
  const root = document.children.find((node: { type: number }) => node.type === ELEMENT_NODE) as
    ElementNode | undefined;
  if (root?.name.toLowerCase() !== 'svg') throw new Error(`${source}: the artwork must be an SVG file.`);
  const problems = new Set<string>();
  walkSync(root, (node) => {
    if (node.type !== ELEMENT_NODE) return;
    const element = node as ElementNode;
    const name = element.name.toLowerCase();
    if (!ELEMENTS.has(name)) problems.add(`<${element.name}>`);
    for (const [attribute, value] of Object.entries(element.attributes)) {
      if (/^xmlns(:|$)/i.test(attribute)) continue;
      if (!ATTRIBUTES.has(attribute.toLowerCase())) problems.add(`${attribute}="…" on <${element.name}>`);
      else if (/url\(/i.test(value)) problems.add(`${attribute}="${value}" on <${element.name}>`);
    }
  });
  if (problems.size > 0) {
    throw new Error(
      `${source}: the artwork has ${[...problems].join(', ')}. Artwork is drawn inside the page, so it may hold ` +
        'plain shapes in flat colours only (paths, rectangles, circles, groups): no script, style, text, image, ' +
        'link, id or gradient. See "Images" in CONTENT.md.',
    );
  }
  // A title anywhere in the drawing would show as a tooltip over it.
  walkSync(root, (node) => {
    if (node.type !== ELEMENT_NODE) return;
    const element = node as ElementNode;
    element.children = element.children.filter(
      (child) => child.type !== ELEMENT_NODE || !['title', 'desc'].includes((child as ElementNode).name.toLowerCase()),
    );
  });
  const kept = Object.fromEntries(
    Object.entries(root.attributes).filter(([name]) => !/^(role|width|height|xmlns(:.*)?)$/i.test(name)),
  );
  root.attributes = {
    ...kept,
    width: String(width),
    height: String(height),
    ...(className ? { class: className } : {}),
    ...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': 'true' }),
  };
  return renderSync(root);
}
