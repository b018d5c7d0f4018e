/*
 * The inline scripts the site writes itself, and the only ones its pages may hold. The build hashes these into the
 * pages' Content-Security-Policy and fails on any other inline script, event-handler attribute or javascript: URL in
 * a built page (src/integrations/content-security-policy.ts): only content (Markdown, artwork, a placeholder's value)
 * could have put it there, and it would run on the origin where the content editor keeps its author's GitHub token.
 *
 * A new inline script is added here, or it fails the build.
 */

export interface SiteScript {
  /** What it is and where it is written, for the build's messages. */
  name: string;
  /**
   * How the build knows it. "astro": Astro lists the scripts it writes itself, its island loader, the client:*
   * directives (its own and src/integrations/*-directive.ts) and the components' <script>s it bundles and inlines,
   * by their hashes (the security.csp option); the build reads that list. A function: the script's exact text.
   */
  known: 'astro' | ((body: string) => boolean);
}

/** The web font's loader (src/components/WebFont.astro, which says why it works so), for these font files. */
export function webFontLoader(files: readonly string[]): string {
  return `(function(){const files = ${JSON.stringify(files)};
try {
  const key = 'qd-web-font';
  const version = files.join(' ');
  const fromThisSite = document.referrer.startsWith(location.origin + '/');
  if (fromThisSite && localStorage.getItem(key) === version) {
    document.documentElement.classList.add('web-font');
  } else {
    const connection = navigator.connection;
    const spare = connection && (connection.saveData || /(^|-)2g$/.test(connection.effectiveType || ''));
    const fetchFonts = () => {
      try {
        if (localStorage.getItem(key) === version) return;
      } catch {
        return;
      }
      Promise.all(files.map((file) => new FontFace('Inter Variable', 'url(' + file + ')').load()))
        .then(() => localStorage.setItem(key, version))
        .catch(() => {});
    };
    const later = () =>
      setTimeout(() => (window.requestIdleCallback ? requestIdleCallback(fetchFonts) : fetchFonts()), 2000);
    if (!spare) addEventListener('load', later, { once: true });
  }
} catch {
  // Storage refused: the system's font stays.
}
})();`;
}

/** The web font loader for any font files of the build's own (/_astro/*.woff2), and nothing else. */
function isWebFontLoader(body: string): boolean {
  const listed = /^\(function\(\)\{const files = (\[[^\]\n]*\]);\n/.exec(body)?.[1];
  if (!listed) return false;
  let files: unknown;
  try {
    files = JSON.parse(listed);
  } catch {
    return false;
  }
  return (
    Array.isArray(files) &&
    files.every((file) => typeof file === 'string' && /^\/_astro\/[\w.-]+\.woff2$/.test(file)) &&
    body === webFontLoader(files as string[])
  );
}

export const SITE_SCRIPTS: readonly SiteScript[] = [
  { name: 'the web font loader (src/components/WebFont.astro)', known: isWebFontLoader },
  {
    name:
      "Astro's island loader and client:* directives, and the components' scripts it inlines (the hero video " +
      "control, src/pages/_home/HeroVideo.astro; the dialog's answer to the first tap, src/components/SiteDialog.astro)",
    known: 'astro',
  },
];
