import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appSchema,
  bookSchema,
  expertiseSchema,
  policySchema,
  projectSchema,
  serviceSchema,
  testimonialSchema,
} from '../../src/content.config';
import { slugify } from '../../src/lib/slug';
import { contentRoot, imageFor, readCollection } from './content-files';

/*
 * The content files as authors wrote them: every entry valid, every collection
 * with its exact count, and the catalogue's figures exactly those of the company's
 * price table (docs/decisions.md, "The 17 services and their categories").
 */

const services = readCollection('services');
const apps = readCollection('apps');
const books = readCollection('books');
const projects = readCollection('projects');
const expertise = readCollection('expertise');
const policies = readCollection('policies');
const testimonials = JSON.parse(readFileSync(join(contentRoot, 'testimonials.json'), 'utf8')) as unknown[];

// [prices basic/standard/ultimate], [package days], estimate, recurring, category
const priceTable: Record<string, [number[], number[], number, boolean, string]> = {
  'email-hosting': [[189, 179, 149], [1, 2, 3], 2, true, 'Communication'],
  'web-hosting': [[129, 349, 799], [1, 2, 3], 2, false, 'Infrastructure'],
  'website-design': [[5000, 10000, 51000], [15, 45, 60], 15, false, 'Web'],
  seo: [[15000, 40000, 60000], [45, 60, 60], 4, true, 'Marketing'],
  'e-commerce-store': [[35000, 60000, 100000], [20, 30, 45], 20, false, 'Web'],
  'logo-design': [[8000, 25000, 50000], [3, 7, 10], 5, false, 'Design'],
  'mobile-app-development': [[15000, 499999, 999999], [20, 30, 60], 14, false, 'Mobile'],
  'website-maintenance': [[3000, 6000, 12000], [1, 1, 1], 1, true, 'Support'],
  'landing-page': [[5000, 10000, 15000], [3, 5, 7], 3, false, 'Web'],
  'tech-support': [[2000, 5000, 10000], [1, 1, 1], 1, true, 'Support'],
  'saas-deployment': [[3000, 7000, 15000], [3, 5, 7], 5, false, 'Cloud'],
  devops: [[2500, 6000, 12000], [3, 4, 6], 4, false, 'Cloud'],
  'ai-chatbot': [[1500, 6000, 12000], [2, 4, 6], 3, false, 'AI & Automation'],
  'newsletter-automation': [[999, 2200, 3999], [2, 3, 4], 3, true, 'Marketing'],
  'crm-setup': [[5000, 15000, 30000], [2, 3, 5], 3, false, 'Business Tools'],
  'ssl-certificate': [[799, 2499, 6999], [1, 1, 2], 1, true, 'Infrastructure'],
  'daily-backups': [[149, 299, 599], [1, 1, 1], 1, true, 'Cloud'],
};

// The questions each service's request form asks (docs/decisions.md, "The 17 services and their categories"); "*" marks a required one.
const fieldTable: Record<string, string[]> = {
  'email-hosting': ['domain*', 'provider*', 'teamSize'],
  'web-hosting': ['domain*', 'provider*'],
  'ssl-certificate': ['domain*'],
  'daily-backups': ['websiteUrl*', 'cloudProvider'],
  'website-design': ['businessName*', 'industry', 'preferences'],
  'logo-design': ['businessName*', 'industry', 'preferences'],
  seo: ['websiteUrl*', 'targetLocation', 'industry'],
  'e-commerce-store': ['storeName*', 'platform*'],
  'mobile-app-development': ['appPurpose*', 'platforms*'],
  'website-maintenance': ['websiteUrl*', 'priority'],
  'tech-support': ['websiteUrl*', 'priority'],
  'landing-page': ['goal*', 'audienceSize'],
  'saas-deployment': ['repoUrl*', 'cloudProvider', 'environment'],
  devops: ['repoUrl*', 'cloudProvider', 'environment'],
  'ai-chatbot': ['websiteUrl*', 'goal*'],
  'newsletter-automation': ['emailTool*', 'audienceSize'],
  'crm-setup': ['crmTool*', 'teamSize'],
};

const selectOptions: Record<string, string[]> = {
  cloudProvider: ['AWS', 'GCP', 'DigitalOcean', 'Vercel'],
  platform: ['Shopify', 'WooCommerce', 'Custom'],
  platforms: ['Android', 'iOS', 'Both'],
  priority: ['Normal', 'Urgent'],
  environment: ['Dev', 'Staging', 'Production'],
  emailTool: ['Mailchimp', 'ConvertKit', 'Sendinblue'],
  crmTool: ['Zoho', 'HubSpot', 'Freshworks'],
};

describe('collections have their exact counts', () => {
  it.each([
    ['services', services.length, 17],
    ['apps', apps.length, 15],
    ['books', books.length, 24],
    ['testimonials', testimonials.length, 3],
    ['policies', policies.length, 4],
  ])('%s has %i entries, expected %i', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('has projects and expertise to show', () => {
    expect(projects.length).toBeGreaterThanOrEqual(3);
    expect(expertise.length).toBeGreaterThanOrEqual(3);
  });
});

describe('every entry passes its schema', () => {
  const cases = [
    ...services.map((entry) => ({ entry, schema: serviceSchema({ image: imageFor(entry.file) as never }) })),
    ...apps.map((entry) => ({ entry, schema: appSchema({ image: imageFor(entry.file) as never }) })),
    ...books.map((entry) => ({ entry, schema: bookSchema({ image: imageFor(entry.file) as never }) })),
    ...projects.map((entry) => ({ entry, schema: projectSchema({ image: imageFor(entry.file) as never }) })),
    ...expertise.map((entry) => ({ entry, schema: expertiseSchema({ image: imageFor(entry.file) as never }) })),
    ...policies.map((entry) => ({ entry, schema: policySchema })),
  ];
  it.each(cases.map(({ entry, schema }) => [entry.file.slice(contentRoot.length + 1), entry, schema] as const))(
    '%s',
    (_name, entry, schema) => {
      const result = schema.safeParse(entry.data);
      expect(result.error?.issues ?? []).toEqual([]);
    },
  );

  it.each(testimonials.map((entry, index) => [index, entry]))('testimonials.json entry %i', (_index, entry) => {
    expect(testimonialSchema.safeParse(entry).error?.issues ?? []).toEqual([]);
  });

  it('gives every testimonial its own id (Astro keeps only one of two with the same id)', () => {
    const ids = testimonials.map((entry) => (entry as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the catalogue matches the price table', () => {
  it('names each service file after the slug of its title, which the request form sends as serviceId', () => {
    for (const entry of services)
      expect(`${slugify((entry.data as { title: string }).title)}.json`).toBe(entry.file.split('/').pop());
  });

  it('has exactly the services of the table', () => {
    expect(services.map((entry) => entry.id).sort()).toEqual(Object.keys(priceTable).sort());
  });

  it.each(services.map((entry) => [entry.id, entry.data] as const))(
    '%s has the prices, days, estimate, recurrence and category of the table',
    (id, data) => {
      const service = data as {
        packages: { price: number; deliveryDays: number }[];
        estimatedDeliveryDays: number;
        recurring: boolean;
        category: string;
        available: boolean;
      };
      const [prices, days, estimate, recurring, category] = priceTable[id]!;
      expect(service.packages.map((pkg) => pkg.price)).toEqual(prices);
      expect(service.packages.map((pkg) => pkg.deliveryDays)).toEqual(days);
      expect(service.estimatedDeliveryDays).toBe(estimate);
      expect(service.recurring).toBe(recurring);
      expect(service.category).toBe(category);
      expect(service.available).toBe(true);
    },
  );

  it.each(services.map((entry) => [entry.id, entry.data] as const))('%s asks for its own questions', (id, data) => {
    const fields = (data as { inputFields: { name: string; required: boolean; type: string; options?: string[] }[] })
      .inputFields;
    expect(fields.map((field) => `${field.name}${field.required ? '*' : ''}`)).toEqual(fieldTable[id]);
    for (const field of fields) {
      if (field.name === 'provider') {
        const expected =
          id === 'email-hosting'
            ? ['Google Workspace', 'Zoho Mail', 'Microsoft 365']
            : ['Namecheap', 'GoDaddy', 'Cloudways', 'Other'];
        expect(field.options).toEqual(expected);
      } else if (selectOptions[field.name]) {
        expect(field.options).toEqual(selectOptions[field.name]);
      } else {
        expect(field.type).toBe(field.name.endsWith('Url') ? 'url' : 'text');
      }
    }
  });

  it('states the tier contents of each package in the feature tags', () => {
    const features = (id: string) =>
      (services.find((entry) => entry.id === id)!.data as { packages: { features: string[] }[] }).packages.map((pkg) =>
        pkg.features.join(' ').toLowerCase(),
      );
    const [email1, email5, email15] = features('email-hosting');
    expect([email1, email5, email15].map((text) => /\b(1|5|15) users?\b/.exec(text!)?.[1])).toEqual(['1', '5', '15']);
    expect(features('seo').map((text) => /(\d+\+?) keywords/.exec(text)?.[1])).toEqual(['5', '10', '20+']);
    expect(features('website-design').map((text) => /(\d+|unlimited) pages/.exec(text)?.[1])).toEqual([
      '5',
      '10',
      'unlimited',
    ]);
    expect(features('e-commerce-store').map((text) => /(\d+|unlimited) products/.exec(text)?.[1])).toEqual([
      '20',
      '100',
      'unlimited',
    ]);
  });
});

describe('apps and books', () => {
  const appData = apps.map(
    (entry) => entry.data as { title: string; appId: string; score?: number; playstoreUrl?: string },
  );

  it('has exactly one unreleased app, without a store link', () => {
    const unreleased = appData.filter((app) => app.title.includes('Unreleased'));
    expect(unreleased).toHaveLength(1);
    expect(unreleased[0]!.playstoreUrl).toBeUndefined();
  });

  it('includes the two apps the company is known for', () => {
    expect(appData.map((app) => app.title)).toEqual(
      expect.arrayContaining(['Machine Learning Advance', 'Artificial Intelligence']),
    );
  });

  it('has scores between 3.8 and 5 where an app has one, and some without', () => {
    const scores = appData.flatMap((app) => (app.score === undefined ? [] : [app.score]));
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(3.8);
    expect(Math.max(...scores)).toBeLessThanOrEqual(5);
    expect(scores.length).toBeLessThan(appData.length);
  });

  it('gives every app a unique appId and title slug', () => {
    const addresses = appData.flatMap((app) => [app.appId, slugify(app.title)]);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it('includes the two books of the old services, with units mostly 5, between 3 and 10', () => {
    const bookData = books.map((entry) => entry.data as { name: string; units: unknown[] });
    expect(bookData.map((book) => book.name)).toEqual(
      expect.arrayContaining(['Basic Electrical Engineering', 'Automobile Engineering']),
    );
    const units = bookData.map((book) => book.units.length);
    expect(units.every((count) => count >= 3 && count <= 10)).toBe(true);
    expect(units.filter((count) => count === 5).length).toBeGreaterThan(books.length / 2);
  });
});

describe('policies', () => {
  const body = (id: string) => policies.find((entry) => entry.id === id)!.body!;

  it('has the four policies at their routes', () => {
    expect(policies.map((entry) => entry.id).sort()).toEqual([
      'privacy-policy',
      'refunds-and-cancellations',
      'shipping-policy',
      'terms-and-conditions',
    ]);
  });

  it('numbers the terms in 25 sections, 1 to 25 in order', () => {
    const numbers = [...body('terms-and-conditions').matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1]));
    expect(numbers).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
  });

  it('dates both privacy and terms with a revision date', () => {
    for (const id of ['privacy-policy', 'terms-and-conditions']) {
      const data = policySchema.parse(policies.find((entry) => entry.id === id)!.data);
      expect(data.lastRevised?.toISOString()).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
  });

  it('links each policy to the pages it refers to', () => {
    expect(body('privacy-policy')).toMatch(/\]\(\/terms-and-conditions\)/);
    expect(body('privacy-policy')).toMatch(/\]\(\/\)/);
    for (const href of ['/', '/refunds-and-cancellations', '/privacy-policy']) {
      expect(body('terms-and-conditions')).toContain(`](${href})`);
    }
  });

  it('states the refund rules', () => {
    const text = body('refunds-and-cancellations');
    for (const fact of ['7 days', '30 days', 'Google Workspace', 'original payment method']) {
      expect(text).toContain(fact);
    }
  });
});
