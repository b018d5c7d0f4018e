import { describe, expect, it } from 'vitest';
import { assertUniqueSlugs, chapterSlug, slugify } from '../../src/lib/slug';

describe('slugify', () => {
  it('lowercases and joins words with hyphens', () => {
    expect(slugify('Machine Learning Advance')).toBe('machine-learning-advance');
  });

  it('trims leading and trailing spaces before anything else', () => {
    expect(slugify('   Web Hosting  ')).toBe('web-hosting');
  });

  it('turns each run of punctuation and spaces into one hyphen', () => {
    expect(slugify('E-commerce   Store!!')).toBe('e-commerce-store-');
    expect(slugify('AI & Automation')).toBe('ai-automation');
    expect(slugify('Deep Learning (Unreleased)')).toBe('deep-learning-unreleased-');
  });

  it('keeps underscores and digits, which count as word characters', () => {
    expect(slugify('C_2 Programming 101')).toBe('c_2-programming-101');
  });

  it('keeps letters of other scripts instead of dropping them', () => {
    expect(slugify('गणित Basics')).toBe('गणित-basics');
    expect(slugify('Café Menu')).toBe('café-menu');
  });
});

describe('chapterSlug', () => {
  it("drops a Latin letter's accent, which the local runtime cannot serve in a path, and keeps other scripts", () => {
    expect(chapterSlug("Schrödinger's Wave Equation")).toBe('schrodinger-s-wave-equation');
    expect(chapterSlug("L'Hôpital's Rule")).toBe('l-hopital-s-rule');
    expect(chapterSlug('गणित की मूल बातें')).toBe(slugify('गणित की मूल बातें'));
  });
});

describe('assertUniqueSlugs', () => {
  it('passes when every slug is different', () => {
    expect(() => assertUniqueSlugs(['SEO', 'Logo Design'], slugify, (title) => title)).not.toThrow();
  });

  it('names both entries when two titles make the same slug', () => {
    expect(() => assertUniqueSlugs(['Web Hosting', 'web  hosting'], slugify, (title) => `services/${title}`)).toThrow(
      /"web-hosting": services\/Web Hosting and services\/web {2}hosting/,
    );
  });
});
