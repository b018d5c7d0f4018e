import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/*
 * `client:first-use="<selector>"`: the island loads nothing until the visitor first activates an element matching
 * the selector (a click, or the click Enter/Space makes), so a page ships no framework code until then. The element
 * is handed to the island as `window.qdFirstUse`, so it can act on the very click that woke it.
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
