import { defineCollection, type SchemaContext } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { bookChapters } from './loaders/book-service';

/*
 * Every collection of the site and its schema. The schemas are exported as
 * functions of Astro's `image()` helper so unit tests can check them without
 * a build. CONTENT.md explains each field to authors.
 */

type Image = SchemaContext['image'];

export const SERVICE_CATEGORIES = [
  'Communication',
  'Infrastructure',
  'Web',
  'Marketing',
  'Design',
  'Mobile',
  'Support',
  'Cloud',
  'AI & Automation',
  'Business Tools',
] as const;

/** The five disciplines of /what-we-do, in the order shown there. */
export const DISCIPLINES = ['Design', 'Product', 'Technology', 'Strategy', 'Delivery'] as const;

export const INPUT_FIELD_NAMES = [
  'domain',
  'provider',
  'websiteUrl',
  'repoUrl',
  'storeName',
  'platform',
  'businessName',
  'crmTool',
  'teamSize',
  'appPurpose',
  'platforms',
  'goal',
  'emailTool',
  'industry',
  'targetLocation',
  'preferences',
  'priority',
  'cloudProvider',
  'environment',
  'audienceSize',
] as const;

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

export const inputFieldSchema = z
  .object({
    name: z.enum(INPUT_FIELD_NAMES).describe('The key the request form posts this answer under.'),
    label: text(2, 60).describe('The visible label of the field in the request form.'),
    type: z
      .enum(['text', 'url', 'select'])
      .describe('text, url (checked as a web address) or select (one of options).'),
    required: z.boolean().describe('Whether the visitor must answer before the request can be sent.'),
    options: z.array(text(1, 40)).min(2).optional().describe('The choices of a select field, in the order shown.'),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'select' && !field.options) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A select field needs at least two options.' });
    }
    if (field.type !== 'select' && field.options) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Only a select field has options; remove them or make the type "select".',
      });
    }
  });

const packageSchema = <Id extends string>(id: Id) =>
  z.object({
    id: z.literal(id).describe('basic, standard or ultimate, in that order.'),
    name: text(2, 40).describe('The package name shown on its card, e.g. "Starter".'),
    description: text(10, 200).describe('One sentence on who the package is for.'),
    price: z
      .number()
      .int('Write the price in whole rupees, without paise.')
      .positive('A price must be more than zero.')
      .describe('Price in whole rupees (INR), without separators.'),
    deliveryDays: z.number().int().positive().describe('Working days to deliver this package.'),
    features: z.array(text(2, 60)).min(1).max(8).describe('Short feature tags shown as chips.'),
    detail: z.array(text(5, 200)).max(8).optional().describe('Optional sentences listed under the tags.'),
  });

export const serviceSchema = ({ image }: { image: Image }) =>
  z
    .object({
      title: text(3, 60).describe('The service name; its slug is the page address.'),
      order: z.number().int().min(1).describe('Position in the services list, 1 first.'),
      category: z.enum(SERVICE_CATEGORIES),
      discipline: z.enum(DISCIPLINES).describe('Which of the five disciplines on /what-we-do lists this service.'),
      description: text(40, 180).describe('One or two sentences for the card and the meta description.'),
      recurring: z.boolean().describe('True when the price is paid again each period (hosting, support).'),
      pricePeriod: text(3, 40)
        .optional()
        .describe(
          'How often a recurring price is paid, shown right after every price: "per month", "per year", "per user per month". Required when recurring is true.',
        ),
      mostChosen: z
        .enum(['basic', 'standard', 'ultimate'])
        .optional()
        .describe('The package most clients choose, marked "Most chosen" on its card; leave out to mark none.'),
      estimatedDeliveryDays: z.number().int().min(1).max(20).describe('Typical days to deliver, 1 to 20.'),
      available: z.boolean().describe('False hides the "Get Started" buttons while the service is paused.'),
      icon: image().describe('Artwork for the hero banner, relative to this file.'),
      thumbnail: image().describe('Artwork for the card in the services list.'),
      packages: z
        .tuple([packageSchema('basic'), packageSchema('standard'), packageSchema('ultimate')])
        .describe('Exactly three packages: basic, standard, ultimate.'),
      inputFields: z
        .array(inputFieldSchema)
        .min(1)
        .max(3)
        .describe('One to three questions the request form asks for this service.'),
    })
    .superRefine((service, ctx) => {
      if (service.recurring && !service.pricePeriod) {
        ctx.addIssue({
          code: 'custom',
          path: ['pricePeriod'],
          message: 'A recurring service says how often its price is paid, like "per month".',
        });
      }
      if (!service.recurring && service.pricePeriod) {
        ctx.addIssue({
          code: 'custom',
          path: ['pricePeriod'],
          message: 'Only a recurring service has a price period; remove it or set recurring to true.',
        });
      }
      const names = service.inputFields.map((field) => field.name);
      names.forEach((name, index) => {
        if (names.indexOf(name) !== index) {
          ctx.addIssue({
            code: 'custom',
            path: ['inputFields', index, 'name'],
            message: `The field "${name}" is asked twice.`,
          });
        }
      });
    });

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
      summary: text(20, 200),
      icon: image(),
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
      order: z.number().int().min(1),
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
  title: text(2, 100),
  overview: text(20, 600).optional().describe('One paragraph on what the topic covers.'),
});

const unitSchema = z.object({
  title: text(2, 100),
  topics: z.array(topicSchema).min(1),
});

export const bookSchema = ({ image }: { image: Image }) =>
  z.object({
    name: text(3, 80),
    order: z.number().int().min(1),
    icon: image(),
    description: text(40, 300),
    units: z.array(unitSchema).min(3, 'A book has at least 3 units.').max(10, 'A book has at most 10 units.'),
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
        title: text(2, 200),
        authors: z.array(text(2, 120)).min(1),
        publisher: text(2, 120),
        place: text(2, 60).optional(),
        year: z.number().int().min(1800).max(2100).optional(),
        url: z.url({ protocol: /^https$/ }).optional(),
      }),
    )
    .min(1),
});

export const projectSchema = ({ image }: { image: Image }) =>
  z.object({
    name: text(2, 60),
    order: z.number().int().min(1).describe('Position on /work; the first three show on the home page.'),
    icon: image(),
    description: text(40, 200),
    industry: z
      .string()
      .describe("The expertise file (without .md) of the client's industry; the two pages link to each other."),
    services: z
      .array(z.string())
      .min(1)
      .describe('The service files (without .json) the project used, linked from its page and its industry page.'),
  });

export const expertiseSchema = ({ image }: { image: Image }) =>
  z.object({
    name: text(2, 60),
    order: z.number().int().min(1),
    icon: image(),
    description: text(40, 200),
  });

export const testimonialSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  content: text(40, 500),
  name: text(2, 60),
  org: text(2, 80),
});

export const policySchema = z.object({
  title: text(3, 60),
  description: text(40, 160).describe('The meta description of the page.'),
  lastRevised: z.coerce.date().optional().describe('Shown as "Last revised July 28, 2025".'),
});

export const collections = {
  services: defineCollection({
    loader: glob({ pattern: '*.json', base: './src/content/services' }),
    schema: serviceSchema,
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
