/**
 * The slug rule the old site's links were made with, so they keep working: trim, lowercase, and replace each run of
 * non-word characters with one hyphen. "Word" is Unicode-aware so that a
 * title in Hindi keeps its letters instead of collapsing to hyphens.
 */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_]+/gu, '-');
}

/**
 * A chapter's address: the slug rule with the accents of Latin letters dropped ("Schrödinger" gives
 * "schrodinger"). Chapters have no old links to keep, and Netlify's local runtime answers 404 for a path with
 * an accented letter; letters of other scripts (Hindi's vowel signs) are kept as slugify keeps them.
 */
export function chapterSlug(title: string): string {
  return slugify(
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC'),
  );
}

/**
 * Throws when two items map to the same slug, naming both, so a duplicate
 * title fails the build instead of one page silently replacing the other.
 */
export function assertUniqueSlugs<T>(
  items: readonly T[],
  slugOf: (item: T) => string,
  nameOf: (item: T) => string,
): void {
  const seen = new Map<string, string>();
  for (const item of items) {
    const slug = slugOf(item);
    const earlier = seen.get(slug);
    if (earlier !== undefined) {
      throw new Error(
        `Two entries share the slug "${slug}": ${earlier} and ${nameOf(item)}. Give one of them another title.`,
      );
    }
    seen.set(slug, nameOf(item));
  }
}
