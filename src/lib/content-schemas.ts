import { z } from 'zod';

/*
 * The schema of a service file (src/content/services/*.json), on its own so that
 * both readers of those files check them the same way: the build (through
 * src/content.config.ts) and the submission function (netlify/lib/catalogue.ts),
 * which cannot import `astro:content`. Each `.describe()` is the hint an author
 * sees for the field.
 */

/** The artwork fields: Astro's `image()` in the build, the file's path as written elsewhere. */
type ImageField<Image extends z.ZodType> = { image: () => Image };

export const text = (min: number, max: number) => z.string().trim().min(min).max(max);

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

export const serviceSchema = <Image extends z.ZodType>({ image }: ImageField<Image>) =>
  z
    .object({
      title: text(3, 60).describe('The service name; its slug is the page address.'),
      order: z.number().int().min(1).describe('Position in the services list, 1 first.'),
      category: z
        .enum(SERVICE_CATEGORIES)
        .describe('The group the service is listed under, one of the ten categories.'),
      discipline: z.enum(DISCIPLINES).describe('Which of the five disciplines on /what-we-do lists this service.'),
      description: text(40, 180).describe('One or two sentences for the card and the meta description.'),
      recurring: z.boolean().describe('True when the price is paid again each period (hosting, support).'),
      pricePeriod: text(3, 40)
        .optional()
        .describe(
          'How often a recurring price is paid, shown right after every price: ' +
            '"per month", "per year", "per user per month". Required when recurring is true.',
        ),
      mostChosen: z
        .enum(['basic', 'standard', 'ultimate'])
        .optional()
        .describe('The package most clients choose, marked "Most chosen" on its card; leave out to mark none.'),
      estimatedDeliveryDays: z
        .number()
        .int()
        .min(1)
        .max(20)
        .describe('Days until work starts, 1 to 20, shown in the banner: "Work starts within 3 days".'),
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
