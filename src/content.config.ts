import { defineCollection, type SchemaContext } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { entryOf } from './lib/cms/fields';
import { serviceSchema, text } from './lib/content-schemas';
import { bookChapters } from './loaders/book-service';

export {
  DISCIPLINES,
  INPUT_FIELD_NAMES,
  SERVICE_CATEGORIES,
  inputFieldSchema,
  serviceSchema,
} from './lib/content-schemas';

/*
 * Every collection of the site and its schema. The schemas are exported as
 * functions of Astro's `image()` helper so unit tests can check them without
 * a build. CONTENT.md explains each field to authors.
 */

type Image = SchemaContext['image'];

export const appSchema = ({ image }: { image: Image }) =>
  z
    .object({
      appId: z
        .string()
        .regex(
          /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/,
          'An appId is the Play Store package name, like "com.example.app".',
        )
        .describe('The Play Store package name; also the address of the app privacy page.'),
      title: text(2, 60).describe('The app name as in the store. Add "(Unreleased)" to mark an app not yet published.'),
      summary: text(20, 200).describe('One or two sentences on what a student learns with the app, shown on /apps.'),
      icon: image().describe(
        'The app icon, relative to this file: an SVG of plain shapes in flat colours (CONTENT.md, "Images").',
      ),
      score: z.number().min(0).max(5).optional().describe('Store rating from 0 to 5; leave out when the app has none.'),
      ratingCount: z
        .number()
        .int()
        .positive()
        .optional()
        .describe('How many people gave the store rating; the rating is shown only with this count.'),
      playstoreUrl: z
        .url({ protocol: /^https$/ })
        .optional()
        .describe('Play Store address; leave out for an unreleased app.'),
      order: z.number().int().min(1).describe('Position on /apps, 1 first.'),
    })
    .superRefine((app, ctx) => {
      const unreleased = app.title.includes('Unreleased');
      if (unreleased && app.playstoreUrl) {
        ctx.addIssue({ code: 'custom', path: ['playstoreUrl'], message: 'An unreleased app has no store link yet.' });
      }
      if (!unreleased && !app.playstoreUrl) {
        ctx.addIssue({
          code: 'custom',
          path: ['playstoreUrl'],
          message: 'A released app needs its Play Store address.',
        });
      }
    });

const topicSchema = z.object({
  title: text(2, 100).describe('The topic as the syllabus names it.'),
  overview: text(20, 600).optional().describe('One paragraph on what the topic covers.'),
});

const unitSchema = z.object({
  title: text(2, 100).describe('The unit title, without its number (the page adds "Unit 1").'),
  topics: z.array(topicSchema).min(1).describe('The topics of the unit, in teaching order.'),
});

export const bookSchema = ({ image }: { image: Image }) =>
  z.object({
    name: text(3, 80).describe('The book title; its slug is the page address.'),
    order: z.number().int().min(1).describe('Position in the list of books, 1 first.'),
    icon: image().describe(
      'The cover artwork, relative to this file: an SVG of plain shapes in flat colours (CONTENT.md, "Images").',
    ),
    description: text(40, 300).describe('Two or three sentences on the book, for its card and its page.'),
    units: z
      .array(unitSchema)
      .min(3, 'A book has at least 3 units.')
      .max(10, 'A book has at most 10 units.')
      .describe('The units of the syllabus, 3 to 10, in order.'),
  });

export const chapterSchema = z.object({
  title: text(3, 100).describe('The chapter title; its slug is the last part of the page address.'),
  description: text(40, 160).describe('One sentence on what the chapter teaches; the meta description.'),
  unit: z.number().int().min(1).max(10).describe("The unit's position in the book, 1 first."),
  topic: z.number().int().min(1).describe("The topic's position within the unit, 1 first."),
  order: z.number().int().min(1).default(1).describe('Position among the chapters of the same topic.'),
});

export const referencesSchema = z.object({
  book: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .describe("The book's file name (without .json) these references belong to."),
  note: text(20, 300).optional().describe('A sentence shown above the list.'),
  references: z
    .array(
      z.object({
        title: text(2, 200).describe('The title of the book or article.'),
        authors: z.array(text(2, 120)).min(1).describe('Its authors, as printed, first author first.'),
        publisher: text(2, 120).describe('The publisher.'),
        place: text(2, 60).optional().describe('Where it was published, if known.'),
        year: z.number().int().min(1800).max(2100).optional().describe('The year of the edition, if known.'),
        url: z
          .url({ protocol: /^https$/ })
          .optional()
          .describe('An https address where it can be found, if there is one.'),
      }),
    )
    .min(1)
    .describe('The references, in the order shown.'),
});

export const projectSchema = ({ image }: { image: Image }) =>
  z.object({
    name: text(2, 60).describe('The project name; its slug is the page address under /work.'),
    order: z.number().int().min(1).describe('Position on /work; the first three show on the home page.'),
    icon: image().describe('The project artwork, relative to this file.'),
    description: text(40, 200).describe('One or two sentences for the card and the meta description.'),
    industry: entryOf('expertise').describe(
      "The expertise file (without .md) of the client's industry; the two pages link to each other.",
    ),
    services: z
      .array(entryOf('services'))
      .min(1)
      .describe('The service files (without .json) the project used, linked from its page and its industry page.'),
  });

export const expertiseSchema = ({ image }: { image: Image }) =>
  z.object({
    name: text(2, 60).describe('The industry; its slug is the page address under /expertise.'),
    order: z.number().int().min(1).describe('Position on /expertise, 1 first.'),
    icon: image().describe('The industry artwork, relative to this file.'),
    description: text(40, 200).describe('One or two sentences for the card and the meta description.'),
    services: z
      .array(entryOf('services'))
      .min(1)
      .describe(
        'The service files (without .json) firms of this industry ask us for most, linked from its page with the services of its projects.',
      ),
  });

export const testimonialSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .describe('A short unique name in lowercase letters, digits and hyphens, like "handicraft-exporter".'),
  content: text(40, 500).describe('What the client said, in their own words, as one paragraph.'),
  name: text(2, 60).describe('The person quoted.'),
  org: text(2, 80).describe('Their company or role, shown under the name.'),
});

export const policySchema = z.object({
  title: text(3, 60).describe('The heading and page title of the policy.'),
  description: text(40, 160).describe('The meta description of the page.'),
  lastRevised: z.coerce.date().optional().describe('Shown as "Last revised July 28, 2025".'),
});

export const collections = {
  services: defineCollection({
    loader: glob({ pattern: '*.json', base: './src/content/services' }),
    // A generic schema function would leave the artwork untyped: give it Astro's image() here.
    schema: ({ image }: SchemaContext) => serviceSchema({ image }),
  }),
  apps: defineCollection({ loader: glob({ pattern: '*.json', base: './src/content/apps' }), schema: appSchema }),
  books: defineCollection({ loader: glob({ pattern: '*.json', base: './src/content/books' }), schema: bookSchema }),
  // One folder per book (named like the book's file), one Markdown file per chapter;
  // or, when a BOOKS_API_* variable is set, that service's books read at build time.
  chapters: defineCollection({ loader: bookChapters({ base: './src/content/chapters' }), schema: chapterSchema }),
  // Further reading for a book (the old site's automobile-references.json): one file per book.
  references: defineCollection({
    loader: glob({ pattern: '*.json', base: './src/content/references' }),
    schema: referencesSchema,
  }),
  projects: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/projects' }),
    schema: projectSchema,
  }),
  expertise: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/expertise' }),
    schema: expertiseSchema,
  }),
  testimonials: defineCollection({ loader: file('./src/content/testimonials.json'), schema: testimonialSchema }),
  policies: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/policies' }),
    schema: policySchema,
  }),
};
