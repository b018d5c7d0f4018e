import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import {
  appSchema,
  bookSchema,
  inputFieldSchema,
  policySchema,
  serviceSchema,
  testimonialSchema,
} from '../../src/content.config';

/* Each schema with a valid entry and with the broken entries an author might write. */

const image = (() => z.string()) as never;
const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

const pkg = (id: string, price: number) => ({
  id,
  name: `${id} plan`,
  description: 'A package for a small business.',
  price,
  deliveryDays: 2,
  features: ['1 user'],
});

const validService = {
  title: 'Email Hosting',
  order: 1,
  category: 'Communication',
  description: 'Professional email on your own domain, set up for you with spam filtering included.',
  recurring: true,
  discipline: 'Delivery',
  pricePeriod: 'per user per month',
  estimatedDeliveryDays: 2,
  available: true,
  icon: 'icon.svg',
  thumbnail: 'thumbnail.svg',
  packages: [pkg('basic', 189), pkg('standard', 179), pkg('ultimate', 149)],
  inputFields: [{ name: 'domain', label: 'Your domain', type: 'text', required: true }],
};

describe('service schema', () => {
  const schema = serviceSchema({ image });

  it('accepts a valid service', () => {
    expect(schema.safeParse(validService).success).toBe(true);
  });

  it.each([
    ['a negative price', { packages: [pkg('basic', -1), pkg('standard', 2), pkg('ultimate', 3)] }, 'packages.0.price'],
    [
      'a price in paise',
      { packages: [pkg('basic', 1), pkg('standard', 99.5), pkg('ultimate', 3)] },
      'packages.1.price',
    ],
    ['a zero price', { packages: [pkg('basic', 1), pkg('standard', 2), pkg('ultimate', 0)] }, 'packages.2.price'],
    ['packages out of order', { packages: [pkg('standard', 1), pkg('basic', 2), pkg('ultimate', 3)] }, 'packages.0.id'],
    ['only two packages', { packages: [pkg('basic', 1), pkg('standard', 2)] }, 'packages'],
    ['an unknown category', { category: 'Gardening' }, 'category'],
    ['an estimate over 20 days', { estimatedDeliveryDays: 21 }, 'estimatedDeliveryDays'],
    ['no input fields', { inputFields: [] }, 'inputFields'],
    [
      'a field asked twice',
      { inputFields: [validService.inputFields[0], validService.inputFields[0]] },
      'inputFields.1.name',
    ],
    ['a missing title', { title: undefined }, 'title'],
    ['a recurring price without its period', { pricePeriod: undefined }, 'pricePeriod'],
    ['a period on a one-time price', { recurring: false }, 'pricePeriod'],
    ['a "most chosen" package that does not exist', { mostChosen: 'premium' }, 'mostChosen'],
  ])('rejects %s, naming the field', (_case, change, path) => {
    expect(paths(schema.safeParse({ ...validService, ...change }))).toContain(path);
  });

  it('accepts a one-time service without a period, and a "most chosen" package', () => {
    expect(schema.safeParse({ ...validService, recurring: false, pricePeriod: undefined }).success).toBe(true);
    expect(schema.safeParse({ ...validService, mostChosen: 'standard' }).success).toBe(true);
  });

  it('rejects a price written as text', () => {
    const result = schema.safeParse({
      ...validService,
      packages: [{ ...pkg('basic', 1), price: '189' }, pkg('standard', 2), pkg('ultimate', 3)],
    });
    expect(paths(result)).toContain('packages.0.price');
  });
});

describe('input field schema', () => {
  it('needs options on a select field', () => {
    expect(
      paths(inputFieldSchema.safeParse({ name: 'priority', label: 'Priority', type: 'select', required: false })),
    ).toEqual(['options']);
  });

  it('refuses options on a text field', () => {
    expect(
      paths(
        inputFieldSchema.safeParse({ name: 'goal', label: 'Goal', type: 'text', required: true, options: ['a', 'b'] }),
      ),
    ).toEqual(['options']);
  });

  it('refuses a field name the forms do not know', () => {
    expect(
      paths(inputFieldSchema.safeParse({ name: 'shoeSize', label: 'Shoe size', type: 'text', required: false })),
    ).toEqual(['name']);
  });
});

describe('app schema', () => {
  const schema = appSchema({ image });
  const valid = {
    appId: 'com.quartzdigital.mladvance',
    title: 'Machine Learning Advance',
    summary: 'Machine learning beyond the basics, topic by topic.',
    icon: 'icon.svg',
    score: 4.6,
    playstoreUrl: 'https://play.google.com/store/apps/details?id=com.quartzdigital.mladvance',
    order: 1,
  };

  it('accepts a released app with a score, and one without a score', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, score: undefined }).success).toBe(true);
  });

  it.each([
    ['a score above 5', { score: 5.1 }, 'score'],
    ['a rating count of zero', { ratingCount: 0 }, 'ratingCount'],
    ['a negative score', { score: -0.1 }, 'score'],
    ['an appId that is not a package name', { appId: 'Machine Learning' }, 'appId'],
    ['a released app without a store link', { playstoreUrl: undefined }, 'playstoreUrl'],
    ['an unreleased app with a store link', { title: 'Deep Learning (Unreleased)' }, 'playstoreUrl'],
    ['a store link that is not https', { playstoreUrl: 'http://play.google.com/store' }, 'playstoreUrl'],
  ])('rejects %s', (_case, change, path) => {
    expect(paths(schema.safeParse({ ...valid, ...change }))).toContain(path);
  });
});

describe('book schema', () => {
  const schema = bookSchema({ image });
  const unit = { title: 'DC Circuits', topics: [{ title: "Ohm's law" }] };
  const valid = {
    name: 'Basic Electrical Engineering',
    order: 1,
    icon: 'i.svg',
    description: 'Circuits, machines and measurements for first-year engineering students.',
    units: [unit, unit, unit],
  };

  it('accepts 3 to 10 units', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, units: Array(10).fill(unit) }).success).toBe(true);
  });

  it('rejects fewer than 3 or more than 10 units, and a unit with no topics', () => {
    expect(paths(schema.safeParse({ ...valid, units: [unit, unit] }))).toContain('units');
    expect(paths(schema.safeParse({ ...valid, units: Array(11).fill(unit) }))).toContain('units');
    expect(paths(schema.safeParse({ ...valid, units: [unit, unit, { title: 'Empty', topics: [] }] }))).toContain(
      'units.2.topics',
    );
  });
});

describe('testimonial and policy schemas', () => {
  it('accepts a testimonial and rejects one with no author', () => {
    const valid = {
      id: 'one',
      content: 'They built our shop quickly and explained every step to us clearly.',
      name: 'Priya S.',
      org: 'Founder',
    };
    expect(testimonialSchema.safeParse(valid).success).toBe(true);
    expect(paths(testimonialSchema.safeParse({ ...valid, name: '' }))).toContain('name');
  });

  it('reads the revision date and rejects one that is not a date', () => {
    const valid = {
      title: 'Privacy Policy',
      description: 'How we collect, use and protect the information you share with us.',
    };
    expect(policySchema.parse({ ...valid, lastRevised: '2025-07-28' }).lastRevised?.getUTCDate()).toBe(28);
    expect(paths(policySchema.safeParse({ ...valid, lastRevised: 'last summer' }))).toContain('lastRevised');
  });
});
