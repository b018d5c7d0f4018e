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
 * The content files as authors keep them: every entry valid, and the rules the
 * site depends on true of whatever the authors write. No test names today's
 * prices or counts, so an author who changes a price or adds a service passes CI.
 */

const services = readCollection('services');
const apps = readCollection('apps');
const books = readCollection('books');
const projects = readCollection('projects');
const expertise = readCollection('expertise');
const policies = readCollection('policies');
const testimonials = JSON.parse(readFileSync(join(contentRoot, 'testimonials.json'), 'utf8')) as unknown[];

describe('every collection has entries to show', () => {
  it.each([
    ['services', services.length],
    ['apps', apps.length],
    ['books', books.length],
    ['testimonials', testimonials.length],
  ])('%s has at least one entry', (_name, count) => {
    expect(count).toBeGreaterThan(0);
  });

  it('has at least three projects and areas of expertise, which the home page shows', () => {
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

type Service = {
  title: string;
  order: number;
  packages: { id: string; price: number; deliveryDays: number }[];
  inputFields: { name: string; type: string; options?: string[] }[];
};
const serviceData = services.map((entry) => [entry.id, entry.data as Service] as const);

describe('the catalogue', () => {
  it('names each service file after the slug of its title, which the request form sends as serviceId', () => {
    for (const entry of services)
      expect(`${slugify((entry.data as { title: string }).title)}.json`).toBe(entry.file.split('/').pop());
  });

  it('gives every service its own position in the list', () => {
    const orders = serviceData.map(([, service]) => service.order);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it.each(serviceData)('%s has the three packages basic, standard and ultimate, in that order', (_id, service) => {
    expect(service.packages.map((pkg) => pkg.id)).toEqual(['basic', 'standard', 'ultimate']);
  });

  it.each(serviceData)('%s prices each package in positive whole rupees, delivered in whole days', (_id, service) => {
    for (const pkg of service.packages) {
      expect(Number.isInteger(pkg.price) && pkg.price > 0, `price ${pkg.price}`).toBe(true);
      expect(Number.isInteger(pkg.deliveryDays) && pkg.deliveryDays > 0, `days ${pkg.deliveryDays}`).toBe(true);
    }
  });

  it.each(serviceData)('%s asks one to three questions, each once, every select with options', (_id, service) => {
    expect(service.inputFields.length).toBeGreaterThanOrEqual(1);
    expect(service.inputFields.length).toBeLessThanOrEqual(3);
    const names = service.inputFields.map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
    for (const field of service.inputFields) {
      if (field.type === 'select') expect(field.options?.length ?? 0, field.name).toBeGreaterThanOrEqual(2);
      else expect(field.options, field.name).toBeUndefined();
    }
  });

  it('asks the same question with the same choices in every service', () => {
    const choices = new Map<string, string>();
    for (const [id, service] of serviceData) {
      for (const field of service.inputFields.filter((candidate) => candidate.options)) {
        // The provider question differs by service (e-mail providers or web hosts); every other select is shared.
        if (field.name === 'provider') continue;
        const options = JSON.stringify(field.options);
        expect(choices.get(field.name) ?? options, `${id}: ${field.name}`).toBe(options);
        choices.set(field.name, options);
      }
    }
  });
});

describe('apps and books', () => {
  const appData = apps.map(
    (entry) => entry.data as { title: string; appId: string; score?: number; playstoreUrl?: string },
  );

  it('gives an unreleased app no store link, and every released app one', () => {
    for (const app of appData) {
      expect(app.playstoreUrl === undefined, app.title).toBe(app.title.includes('Unreleased'));
    }
  });

  it('gives every app a unique appId and title slug', () => {
    const addresses = appData.flatMap((app) => [app.appId, slugify(app.title)]);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it('gives every book 3 to 10 units', () => {
    for (const entry of books) {
      const count = (entry.data as { units: unknown[] }).units.length;
      expect(count >= 3 && count <= 10, entry.id).toBe(true);
    }
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

  it('numbers the sections of the terms 1, 2, 3… in order', () => {
    const numbers = [...body('terms-and-conditions').matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1]));
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
  });

  it('dates privacy and terms, never in the future', () => {
    for (const id of ['privacy-policy', 'terms-and-conditions']) {
      const data = policySchema.parse(policies.find((entry) => entry.id === id)!.data);
      expect(data.lastRevised, id).toBeInstanceOf(Date);
      expect(data.lastRevised!.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('links each policy to the pages a reader needs next', () => {
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
