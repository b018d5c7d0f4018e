import { DOMParser, type Element, type Node } from '@xmldom/xmldom';

/*
 * Artwork drawn inside the page (InlineArt.astro), so that no SVG document is built before the first paint
 * (docs/decisions.md, "Performance budgets"). Authors upload it, and inside the page its script would run and its
 * style and ids would reach the page: so only the plain shapes listed below pass, and the page gets markup written
 * afresh from what an XML parser read (entities decoded). Comments, CDATA, doctypes, PIs and text are refused, as a
 * browser may end a comment where the XML parser does not. Anything else fails the build, naming the file.
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

/** Elements the page never shows: a title would be a tooltip over the drawing. Their text is dropped with them. */
const DROPPED = new Set(['title', 'desc']);

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

// The DOM's node types (the parser's own constants are on its Node class, which is not exported as a value type).
const ELEMENT = 1;
const TEXT = 3;

const NODE_KINDS: Record<number, string> = {
  4: 'a CDATA section',
  7: 'a processing instruction',
  8: 'a comment',
  10: 'a doctype',
};

export interface InlineArtOptions {
  /** Where the artwork is named, for the build's error: a content file and its field, or a component. */
  source: string;
  width: number;
  height: number;
  class?: string | undefined;
  /** What the picture shows, when it says something the text does not; without it the picture is decoration. */
  label?: string | undefined;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function parseSvg(markup: string, source: string): Element {
  let problem: string | undefined;
  let document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        problem ??= message;
        throw new Error(`${level}: ${message}`);
      },
    }).parseFromString(markup, 'image/svg+xml');
  } catch (error) {
    throw new Error(`${source}: the artwork must be an SVG file of well-formed XML (${problem ?? error}).`, {
      cause: error,
    });
  }
  const root = document.documentElement;
  if (root?.nodeName.toLowerCase() !== 'svg') throw new Error(`${source}: the artwork must be an SVG file.`);
  // A doctype or comment beside the root element is as refused as one inside it.
  for (const node of Array.from(document.childNodes) as Node[]) {
    if (node !== root)
      throw new Error(`${source}: the artwork has ${NODE_KINDS[node.nodeType] ?? 'markup'} around it.`);
  }
  return root;
}

/** What in the artwork is not a plain shape, as the build's message names it. */
function problemsIn(root: Element): Set<string> {
  const problems = new Set<string>();
  const visit = (element: Element) => {
    const name = element.nodeName;
    if (!ELEMENTS.has(name.toLowerCase())) problems.add(`<${name}>`);
    for (const attribute of Array.from(element.attributes)) {
      if (/^xmlns(:|$)/i.test(attribute.name)) continue;
      if (!ATTRIBUTES.has(attribute.name.toLowerCase())) problems.add(`${attribute.name}="…" on <${name}>`);
      // The value as the browser reads it: entities decoded by the parser; CSS escapes (\75rl) refused outright.
      else if (/url\(|\\/i.test(attribute.value)) problems.add(`${attribute.name}="${attribute.value}" on <${name}>`);
    }
    const dropped = DROPPED.has(name.toLowerCase());
    for (const child of Array.from(element.childNodes) as Node[]) {
      if (child.nodeType === ELEMENT) visit(child as Element);
      else if (child.nodeType === TEXT) {
        if (!dropped && child.nodeValue!.trim() !== '') problems.add(`text ("${child.nodeValue!.trim()}")`);
      } else problems.add(NODE_KINDS[child.nodeType] ?? `node type ${child.nodeType}`);
    }
  };
  visit(root);
  return problems;
}

/** The element written afresh: its name, its attributes (values escaped) and its child elements, nothing else. */
function written(element: Element, attributes: Record<string, string>): string {
  const name = element.nodeName;
  const children = (Array.from(element.childNodes) as Node[])
    .filter((child): child is Element => child.nodeType === ELEMENT && !DROPPED.has(child.nodeName.toLowerCase()))
    .map((child) => written(child, ownAttributes(child)))
    .join('');
  const text = Object.entries(attributes)
    .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
    .join('');
  // Inside an HTML page an SVG element may close itself, as in the file: the shorter form for an empty shape.
  return children === '' ? `<${name}${text}/>` : `<${name}${text}>${children}</${name}>`;
}

/** An element's attributes but its namespace declarations, which markup inside an HTML page does without. */
function ownAttributes(element: Element): Record<string, string> {
  return Object.fromEntries(
    Array.from(element.attributes)
      .filter((attribute) => !/^xmlns(:|$)/i.test(attribute.name))
      .map((attribute) => [attribute.name, attribute.value]),
  );
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
  const root = parseSvg(markup, source);
  const problems = problemsIn(root);
  if (problems.size > 0) {
    throw new Error(
      `${source}: the artwork has ${[...problems].join(', ')}. Artwork is drawn inside the page, so it may hold ` +
        'plain shapes in flat colours only (paths, rectangles, circles, groups): no script, style, text, image, ' +
        'link, id, gradient or comment. See "Images" in CONTENT.md.',
    );
  }
  const kept = Object.fromEntries(
    Object.entries(ownAttributes(root)).filter(([name]) => !/^(role|width|height)$/i.test(name)),
  );
  return written(root, {
    ...kept,
    width: String(width),
    height: String(height),
    ...(className ? { class: className } : {}),
    ...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': 'true' }),
  });
}
