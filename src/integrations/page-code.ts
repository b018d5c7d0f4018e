import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { isScriptUrl } from './markdown-html';

/*
 * What in a built page can run code, read as a browser reads the page (parse5 follows the HTML standard's parser,
 * entities decoded, SVG and MathML included): its inline scripts, its event-handler attributes and its script URLs.
 * The build allows the site's own inline scripts and refuses the rest (content-security-policy.ts).
 */

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** Attributes a browser follows as an address (href covers SVG's xlink:href); SVG animations set one by value. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'data',
  'poster',
  'background',
  'cite',
  'codebase',
  'longdesc',
  'manifest',
  'ping',
  'to',
  'from',
  'by',
  'values',
]);

/** Something in a page that runs code: how the build's message shows it, and its text as a content file has it. */
export interface PageCodeFinding {
  shown: string;
  text: string;
}

export interface PageCode {
  /** The text of each inline script a browser would run (JSON-LD data is not run and not listed). */
  scripts: string[];
  /** Each event-handler attribute, script URL and inline document (srcdoc). */
  refused: PageCodeFinding[];
}

export const shortened = (text: string) => {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

/** A script element without an address, unless it is the structured data blocks the site writes (JsonLd.astro). */
function inlineScriptText(element: Element): string | undefined {
  const attribute = (name: string) => element.attrs.find((candidate) => candidate.name === name)?.value;
  if (attribute('src') !== undefined || (element.namespaceURI !== 'http://www.w3.org/1999/xhtml' && attribute('href')))
    return undefined;
  if (attribute('type')?.trim().toLowerCase() === 'application/ld+json') return undefined;
  return element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
}

/** The inline scripts, event handlers and script URLs of a page (or of a fragment of one, for a test). */
export function codeInPage(html: string): PageCode {
  const scripts: string[] = [];
  const refused: PageCodeFinding[] = [];
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      if (child.tagName === 'script') {
        const text = inlineScriptText(child);
        if (text !== undefined) scripts.push(text);
      }
      for (const { name, prefix, value } of child.attrs) {
        const finding = {
          shown: `<${child.tagName} ${prefix ? `${prefix}:` : ''}${name}="${shortened(value)}">`,
          text: value,
        };
        if (/^on/i.test(name) || name === 'srcdoc') refused.push(finding);
        else if (URL_ATTRIBUTES.has(name) && (name === 'values' ? value.split(';') : [value]).some(isScriptUrl))
          refused.push(finding);
      }
      // A template's content is not shown, but a script of the page could clone it.
      if (child.tagName === 'template') visit((child as DefaultTreeAdapterTypes.Template).content);
      visit(child);
    }
  };
  visit(parse(html));
  return { scripts, refused };
}
