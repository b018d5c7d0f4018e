import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collections } from '../../src/content.config';
import { cmsConfig } from '../../src/lib/cms/config';
import { END, fieldReference, START, withReference } from '../../src/lib/cms/reference';
import { siteSchema } from '../../src/site';

/* The field reference (docs/content-reference.md) is the one the schemas give today: `npm run content:reference` rewrites it. */

const guide = readFileSync(join(import.meta.dirname, '../../docs/content-reference.md'), 'utf8');
const reference = fieldReference(cmsConfig(collections, siteSchema, { repo: 'owner/site' }));

describe('the field reference of docs/content-reference.md', () => {
  it('is generated from the current schemas (run `npm run content:reference` when this fails)', () => {
    expect(guide.slice(guide.indexOf(START), guide.indexOf(END) + END.length)).toBe(reference);
  });

  it('names every field with its hint, like the price in whole rupees', () => {
    expect(reference).toMatch(/\| `packages\.price` \| whole number \| yes \| at least 1 \| Price in whole rupees/);
  });

  it('replaces only the generated part of the guide', () => {
    const edited = withReference(`# Guide\n\n${START}\nold\n${END}\n\nAfter.\n`, reference);
    expect(edited).toBe(`# Guide\n\n${reference}\n\nAfter.\n`);
  });
});
