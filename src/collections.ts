import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';
import { assertUniqueSlugs, slugify } from './lib/slug';

/*
 * Reading the collections the way the pages need them: in the authors' order,
 * with the slug each page is built at, and a build failure when two entries
 * would claim the same address.
 */

type Ordered = { data: { order: number } };

/**
 * Astro only warns when a collection is empty (a malformed JSON file or a moved
 * folder leaves it so); a site with no services must not deploy, so this fails the build.
 */
function requireEntries<T>(collection: string, entries: T[]): T[] {
  if (entries.length === 0) {
    throw new Error(`The "${collection}" collection is empty. Check src/content/${collection} (or ${collection}.json) for a file that is not valid JSON or Markdown: see the errors above.`);
  }
  return entries;
}
const byOrder = (a: Ordered, b: Ordered) => a.data.order - b.data.order;

export type WithSlug<C extends CollectionKey> = CollectionEntry<C> & { slug: string };

async function sluggedCollection<C extends 'services' | 'projects' | 'expertise' | 'books' | 'apps'>(
  collection: C,
  titleOf: (entry: CollectionEntry<C>) => string,
): Promise<WithSlug<C>[]> {
  const entries = requireEntries(collection, (await getCollection(collection)) as CollectionEntry<C>[]);
  const slugged = entries
    .sort((a, b) => byOrder(a as Ordered, b as Ordered))
    .map((entry) => ({ ...entry, slug: slugify(titleOf(entry)) }));
  assertUniqueSlugs(slugged, (entry) => entry.slug, (entry) => `${collection}/${entry.id}`);
  return slugged;
}

export const getServices = () => sluggedCollection('services', (entry) => entry.data.title);
export const getProjects = () => sluggedCollection('projects', (entry) => entry.data.name);
export const getExpertise = () => sluggedCollection('expertise', (entry) => entry.data.name);
export const getBooks = () => sluggedCollection('books', (entry) => entry.data.name);
export const getApps = () => sluggedCollection('apps', (entry) => entry.data.title);

export async function getTestimonials() {
  return requireEntries('testimonials', await getCollection('testimonials'));
}
