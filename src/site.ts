import { z } from 'astro/zod';

/*
 * The company's identity and every contact detail. Nothing else in the
 * repository hard-codes them. Values are honest placeholders until the
 * company fills them in (DECISIONS.md, "Identity and contact details").
 */

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

const siteSchema = z.object({
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
  social: z
    .array(
      z.object({
        name: z.enum(['Facebook', 'Twitter', 'Instagram', 'LinkedIn']),
        url: z.url({ protocol: /^https$/ }).refine((url) => new URL(url).pathname.replace(/\/$/, '') !== '', {
          message: "Give the company's own profile page, not the network's home page.",
        }),
      }),
    )
    .max(4)
    .describe("The company's profiles, shown in the footer; leave the list empty until the company has them."),
  jobApplicationUrl: z
    .url()
    .optional()
    .describe(
      "An outside application form for the open roles; leave out to take applications through the site's form.",
    ),
  hcaptchaSiteKey: z
    .string()
    .min(10)
    .describe("hCaptcha site key; hCaptcha's public test key until production sets PUBLIC_HCAPTCHA_SITE_KEY."),
  foundedYear: z.number().int(),
  taxNote: text(10, 160).describe(
    'One sentence on taxes shown wherever prices are and in the offers search engines read, e.g. "Prices in Indian rupees, GST extra at 18%."',
  ),
});

export type Site = z.infer<typeof siteSchema>;

export const site: Site = siteSchema.parse({
  name: 'Quartz Digital',
  wordmark: 'Quartz Digital',
  tagline: 'Software and design for businesses that want to grow.',
  description:
    'Quartz Digital designs and builds websites, mobile apps and the hosting behind them for businesses, from our office in New Delhi.',
  email: 'hello@example.com',
  phone: '+91 00000 00000',
  address: {
    officeName: 'Quartz Digital, New Delhi',
    street: '0 Example Marg, Connaught Place',
    locality: 'Connaught Place',
    city: 'New Delhi',
    region: 'Delhi',
    postalCode: '110001',
    country: 'IN',
  },
  mapUrl: 'https://www.openstreetmap.org/?mlat=28.6315&mlon=77.2167#map=16/28.6315/77.2167',
  social: [],
  hcaptchaSiteKey: import.meta.env?.PUBLIC_HCAPTCHA_SITE_KEY || '10000000-ffff-ffff-ffff-000000000001',
  foundedYear: 2012,
  taxNote: 'Prices in Indian rupees. GST as applicable.',
});
