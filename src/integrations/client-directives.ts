import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/*
 * The site's own hydration directive, for islands that should load later than
 * Astro's built-in ones allow.
 *
 * `client:first-use="<selector>"`: an island that loads nothing until the
 * visitor first activates an element matching the selector anywhere on the page
 * (a click, or Enter/Space through the click it causes). The dialogs use it, so
 * a page with a "Request a callback" link ships no framework code until that
 * link is used. The activated element is handed to the island through
 * `window.qdFirstUse` so it can act on the very click that woke it.
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
  }
}

export default function clientDirectives(): AstroIntegration {
  return {
    name: 'quartz:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'first-use',
          entrypoint: fileURLToPath(new URL('./first-use-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
