/**
 * The address a visitor sees for a built page. The site is built as files
 * (about-us.html), so during the build Astro.url.pathname ends in ".html";
 * Netlify serves the page at /about-us, which is what links, menus and
 * canonical URLs must use.
 */
export function cleanPath(pathname: string): string {
  return (
    pathname
      .replace(/\.html$/, '')
      .replace(/\/index$/, '')
      .replace(/\/+$/, '') || '/'
  );
}
