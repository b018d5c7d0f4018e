import { z } from 'zod';
import data from './content/site.json' with { type: 'json' };
import type { ContactWays } from './lib/form-flow';

/*
 * The company's identity and every contact detail, kept in src/content/site.json
 * so that authors edit them in the CMS (/admin) like any other content. Nothing
 * else in the repository hard-codes them. Values are honest placeholders until
 * the company fills them in (docs/decisions.md, "Identity placeholders").
 */

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

export const siteSchema = z.object({
  name: z.string().min(2).describe('Company name, used in titles and the copyright line.'),
  wordmark: z.string().min(2).describe('The text of the logo in the toolbar.'),
  tagline: z
    .string()
    .min(10)
    .describe('A short line after the name in the home page title: "Quartz Digital: {tagline}".'),
  description: z.string().min(50).max(160).describe('Default meta description.'),
  email: z.email().describe('The e-mail address on the contact page, in the footer and for {{email}} in policies.'),
  phone: z
    .string()
    .regex(/^\+?[0-9 ]{8,20}$/)
    .describe(
      'The phone number, like +91 11 2345 6789: digits and spaces, no hyphens. Contact page, footer, {{phone}}.',
    ),
  whatsapp: z
    .string()
    .regex(/^\+[0-9 ]{8,20}$/)
    .optional()
    .describe(
      'WhatsApp number in international form (+91 ...), offered beside phone and e-mail when a form cannot ' +
        'be sent. Leave it out until the company has one.',
    ),
  address: z
    .object({
      officeName: z.string().describe('The first line of the address on the contact page.'),
      street: z
        .string()
        .describe('Building and street, shown on the contact page, in the footer and the office banner.'),
      locality: z.string().describe('The neighbourhood, e.g. "Connaught Place"; kept with the address, not shown.'),
      city: z.string().describe('The city, shown with the postal code.'),
      region: z.string().describe('The state, e.g. "Delhi"; given to search engines.'),
      postalCode: z
        .string()
        .regex(/^[0-9]{6}$/)
        .describe('The six-digit PIN code.'),
      country: z.string().length(2).describe('The two-letter country code, "IN" for India; given to search engines.'),
    })
    .describe('The office address.'),
  mapUrl: z.url().describe('The address of the office on a map, linked as "View on map" on the contact page.'),
  social: z
    .array(
      z.object({
        name: z.enum(['Facebook', 'Twitter', 'Instagram', 'LinkedIn']).describe('The network.'),
        url: z
          .url({ protocol: /^https$/ })
          .refine((url) => new URL(url).pathname.replace(/\/$/, '') !== '', {
            message: "Give the company's own profile page, not the network's home page.",
          })
          .describe("The https address of the company's own page on that network."),
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
  foundedYear: z
    .number()
    .int()
    .describe('The year the company began, as in "since 2012" on the home page and Our story.'),
  leads: z
    .object({
      salesEmail: z.email().describe('Where package requests, callbacks and Contact Us messages are e-mailed.'),
      hiringEmail: z.email().describe('Where job applications are e-mailed.'),
      answerWithinWorkingHours: z
        .number()
        .int()
        .min(1)
        .max(72)
        .describe('The working hours within which the company answers a lead, as the acknowledgement promises.'),
      workingHours: z
        .string()
        .min(10)
        .max(80)
        .describe(
          'When the company works, as the acknowledgement says it, e.g. "Monday to Saturday, 10:00 to 19:00 IST".',
        ),
    })
    .describe('Who receives the leads from the forms, and what the acknowledgement to the visitor promises.'),
  privacy: z
    .object({
      grievanceOfficer: z
        .object({
          name: z
            .string()
            .min(2)
            .describe('The grievance officer: a name, or a role such as "Data protection officer".'),
          email: z.email().describe('Where complaints and requests about personal data go.'),
          postalAddress: z.string().min(10).describe('A postal address for complaints, on one line.'),
        })
        .describe('The person who answers complaints about personal data, named in the privacy policy and every form.'),
      retentionDays: z
        .number()
        .int()
        .min(1)
        .max(3650)
        .describe('Days a form submission is kept before it is erased automatically.'),
      spamRetentionDays: z
        .number()
        .int()
        .min(1)
        .max(365)
        .describe('Days a submission caught as spam is kept (for checking mistakes) before it is erased.'),
      responseDays: z
        .number()
        .int()
        .min(1)
        .max(90)
        .describe('Days within which the company promises to answer a request or complaint about personal data.'),
      dataProtectionBoardUrl: z
        .url()
        .describe(
          "Where a person can complain to India's Data Protection Board when our answer does not satisfy them " +
            "(the Ministry of Electronics and IT publishes the Board's details).",
        ),
    })
    .describe('How personal data from the forms is handled: the grievance contact and how long things are kept.'),
  taxNote: text(10, 160).describe(
    'One sentence on taxes shown wherever prices are and in the offers search engines read, ' +
      'e.g. "Prices in Indian rupees, GST extra at 18%."',
  ),
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

// A build fails here, naming the field, when site.json breaks the schema.
export const site: Site = siteSchema.parse({
  ...data,
  hcaptchaSiteKey: import.meta.env?.PUBLIC_HCAPTCHA_SITE_KEY || data.hcaptchaSiteKey,
});
