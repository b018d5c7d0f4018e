import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/*
 * The site's own hydration directives, for islands that should load later than
 * Astro's built-in ones allow.
 *
 * `client:first-use="<selector>"`: an island that loads nothing until the
 * visitor first activates an element matching the selector anywhere on the page
 * (a click, or Enter/Space through the click it causes). The dialogs use it, so
 * a page with a "Request a callback" link ships no framework code until that
 * link is used. The activated element is handed to the island through
 * `window.qdFirstUse` so it can act on the very click that woke it.
 *
 * `client:after-paint`: an island that loads once the page has painted its
 * first content and the island is in view. The Contact Us form uses it: it is
 * in the first view of a phone, and its script would otherwise race the page's
 * text and font for the connection.
 */

declare global {
  interface Window {
    qdFirstUse?: Element | undefined;
  }
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates the island on the first click of an element matching this selector. */
    'client:first-use'?: string;
    /** Hydrates the island after the first contentful paint, once it is in view. */
    'client:after-paint'?: boolean;
  }
}

const directives = { 'first-use': './first-use-directive.ts', 'after-paint': './after-paint-directive.ts' };

export default function clientDirectives(): AstroIntegration {
  return {
    name: 'quartz:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const [name, file] of Object.entries(directives))
          addClientDirective({ name, entrypoint: fileURLToPath(new URL(file, import.meta.url)) });
      },
    },
  };
}
