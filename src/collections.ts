import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';
import { assertUniqueSlugs, slugify } from './lib/slug';

/*
 * Reading the collections the way the pages need them: in the authors' order,
 * with the slug each page is built at, and a build failure when two entries
 * would claim the same address.
 */

type Ordered = { data: { order: number } };
const byOrder = (a: Ordered, b: Ordered) => a.data.order - b.data.order;

export type WithSlug<C extends CollectionKey> = CollectionEntry<C> & { slug: string };

async function sluggedCollection<C extends 'services' | 'projects' | 'expertise' | 'books' | 'apps'>(
  collection: C,
  titleOf: (entry: CollectionEntry<C>) => string,
): Promise<WithSlug<C>[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
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
  return getCollection('testimonials');
}
