/**
 * Replaces {{token}} placeholders in authored text with the site's values, so
 * policies never hard-code the company's name or contact details. An unknown
 * token throws, naming it, so a typo fails the build instead of reaching a page.
 */
export function fillTokens(text: string, values: Readonly<Record<string, string>>, source = 'text'): string {
  return text.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(
        `${source}: unknown placeholder {{${name}}}. Known placeholders: ${Object.keys(values)
          .map((key) => `{{${key}}}`)
          .join(', ')}.`,
      );
    }
    return value;
  });
}

/** Text made safe to stand in HTML, in an element or an attribute. */
export const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * fillTokens for HTML (a policy as Markdown renders it): each value is escaped, so a site value with markup in it (a
 * postal address edited in the CMS) shows as text, in the page's text or inside a link's address alike.
 */
export function fillHtmlTokens(html: string, values: Readonly<Record<string, string>>, source = 'text'): string {
  return fillTokens(
    html,
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, escapeHtml(value)])),
    source,
  );
}
