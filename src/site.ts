import { z } from 'astro/zod';
import data from './content/site.json';

/*
 * The company's identity and every contact detail, kept in src/content/site.json
 * so that authors edit them in the CMS (/admin) like any other content. Nothing
 * else in the repository hard-codes them. Values are honest placeholders until
 * the company fills them in.
 */

export const siteSchema = z.object({
  name: z.string().min(2).describe('Company name, used in titles and the copyright line.'),
  wordmark: z.string().min(2).describe('The text of the logo in the toolbar.'),
  tagline: z.string().min(10),
  description: z.string().min(50).max(160).describe('Default meta description.'),
  email: z.email(),
  phone: z.string().regex(/^\+?[0-9 ]{8,20}$/),
  address: z.object({
    officeName: z.string(),
    street: z.string(),
    locality: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string().regex(/^[0-9]{6}$/),
    country: z.string().length(2),
  }),
  mapUrl: z.url(),
  social: z.array(z.object({ name: z.enum(['Facebook', 'Twitter', 'Instagram', 'LinkedIn']), url: z.url() })).length(4),
  jobApplicationUrl: z.url(),
  hcaptchaSiteKey: z
    .string()
    .min(10)
    .describe("hCaptcha site key; hCaptcha's public test key until production sets PUBLIC_HCAPTCHA_SITE_KEY."),
  foundedYear: z.number().int(),
});

export type Site = z.infer<typeof siteSchema>;

// A build fails here, naming the field, when site.json breaks the schema.
export const site: Site = siteSchema.parse({
  ...data,
  hcaptchaSiteKey: import.meta.env?.PUBLIC_HCAPTCHA_SITE_KEY || data.hcaptchaSiteKey,
});
