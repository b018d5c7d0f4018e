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
