import type { APIRoute } from 'astro';

// Deploy previews are kept out of search engines by an X-Robots-Tag header (netlify.toml);
// this file names the sitemap for the production site.
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site);
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap.href}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
