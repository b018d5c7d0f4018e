import { z } from 'astro/zod';
import type { ContactWays } from './lib/form-flow';

/*
 * The company's identity and every contact detail. Nothing else in the
 * repository hard-codes them. Values are honest placeholders until the
 * company fills them in (DECISIONS.md, "Identity and contact details").
 */

const siteSchema = z.object({
  name: z.string().min(2).describe('Company name, used in titles and the copyright line.'),
  wordmark: z.string().min(2).describe('The text of the logo in the toolbar.'),
  tagline: z.string().min(10),
  description: z.string().min(50).max(160).describe('Default meta description.'),
  email: z.email(),
  phone: z.string().regex(/^\+?[0-9 ]{8,20}$/),
  whatsapp: z
    .string()
    .regex(/^\+[0-9 ]{8,20}$/)
    .optional()
    .describe(
      'WhatsApp number in international form (+91 ...), offered beside phone and e-mail when a form cannot be sent. Leave it out until the company has one.',
    ),
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

/** The ways in that a form offers when it cannot be sent; given to the form islands as a prop. */
export function contactWays(identity: Site): ContactWays {
  return {
    email: identity.email,
    phone: identity.phone,
    ...(identity.whatsapp ? { whatsapp: identity.whatsapp } : {}),
  };
}

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
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/' },
    { name: 'Twitter', url: 'https://twitter.com/' },
    { name: 'Instagram', url: 'https://www.instagram.com/' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/' },
  ],
  jobApplicationUrl: 'https://forms.example.com/quartz-digital/software-trainee',
  hcaptchaSiteKey: import.meta.env?.PUBLIC_HCAPTCHA_SITE_KEY || '10000000-ffff-ffff-ffff-000000000001',
  foundedYear: 2012,
});
