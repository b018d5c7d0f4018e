import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv } from 'ajv';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { collections } from '../../src/content.config';
import {
  type CmsConfig,
  type Collections,
  cmsConfig,
  LOCATIONS,
  NOTICE_FILE,
  schemaOf,
  SITE_FILE,
} from '../../src/lib/cms/config';
import { privacyNoticeSchema } from '../../src/lib/privacy-notice';
import { type CmsField, fieldPaths } from '../../src/lib/cms/fields';
import { siteSchema } from '../../src/site';

/*
 * The CMS configuration generated from the content schemas: valid for the CMS,
 * complete for the schemas, and able to hold every key of every content file.
 * A save in the CMS without a change must give back the same bytes.
 */

const root = join(import.meta.dirname, '../..');
const config: CmsConfig = cmsConfig(collections, siteSchema, { repo: 'owner/site' });

type Target = { name: string; fields: CmsField[]; files: string[]; format: 'json' | 'markdown' };

const filesUnder = (folder: string, extension: string): string[] =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(extension))
    .map((name) => join(folder, name))
    .sort();

const targets: Target[] = [
  ...config.collections.map((collection): Target => {
    const location = LOCATIONS[collection.name]!;
    if ('files' in collection) {
      const file = collection.files[0]!;
      const list = file.fields[0]! as CmsField;
      return { name: collection.name, fields: list.fields as CmsField[], files: [file.file], format: 'json' };
    }
    return {
      name: collection.name,
      fields: collection.fields as CmsField[],
      files: filesUnder(location.folder!, location.format === 'json' ? '.json' : '.md'),
      format: location.format,
    };
  }),
  { name: 'site', fields: config.singletons[0]!.fields, files: [SITE_FILE], format: 'json' },
  { name: 'privacy-notice', fields: config.singletons[1]!.fields, files: [NOTICE_FILE], format: 'json' },
];

function read(file: string, format: Target['format']): { data: Record<string, unknown>[]; body?: string } {
  const text = readFileSync(join(root, file), 'utf8');
  if (format === 'json') {
    const data = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    return { data: Array.isArray(data) ? data : [data] };
  }
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
  return { data: [parseYaml(match[1]!) as Record<string, unknown>], body: match[2]! };
}

/** Every key path of a value, "packages.price" style; list items share their list's path. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => keyPaths(item, prefix));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [`${prefix}${key}`, ...keyPaths(child, `${prefix}${key}.`)]);
}

/** Every key path of a zod schema, read from its JSON Schema (independently of the generator's own walk). */
function schemaPaths(schema: object, prefix = ''): string[] {
  const node = schema as {
    properties?: Record<string, object>;
    items?: object;
    prefixItems?: object[];
    anyOf?: object[];
  };
  const children = [...(node.items ? [node.items] : []), ...(node.prefixItems ?? []), ...(node.anyOf ?? [])].flatMap(
    (child) => schemaPaths(child, prefix),
  );
  const own = Object.entries(node.properties ?? {}).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...schemaPaths(child, `${prefix}${key}.`),
  ]);
  return [...new Set([...own, ...children])];
}

const toJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
const schemaNamed = (name: string): z.ZodType =>
  name === 'site'
    ? siteSchema
    : name === 'privacy-notice'
      ? privacyNoticeSchema
      : schemaOf((collections as Collections)[name]!.schema);

describe('the generated CMS configuration', () => {
  it("is valid against the CMS's own JSON schema", () => {
    const cmsSchema = JSON.parse(
      readFileSync(join(root, 'node_modules/@sveltia/cms/schema/sveltia-cms.json'), 'utf8'),
    ) as object;
    const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(cmsSchema);
    validate(config);
    expect(validate.errors ?? []).toEqual([]);
    // Compiling the CMS's large schema takes seconds on a busy machine.
  }, 60_000);

  it('has a location for every collection of src/content.config.ts', () => {
    expect(config.collections.map((collection) => collection.name).sort()).toEqual(Object.keys(collections).sort());
  });

  it('sends every change through a pull request, signing in with GitHub through Netlify', () => {
    expect(config.publish_mode).toBe('editorial_workflow');
    expect(config.backend).toMatchObject({ name: 'github', base_url: 'https://api.netlify.com' });
    expect(config.output.omit_empty_optional_fields).toBe(true);
  });

  it.each(targets.map((target) => [target.name, target] as const))(
    'has a CMS field for every field of %s',
    (name, target) => {
      const paths = new Set(fieldPaths(target.fields));
      const body = target.fields.some((field) => field.name === 'body') ? ['body'] : [];
      expect([...paths].sort()).toEqual([...schemaPaths(toJsonSchema(schemaNamed(name))), ...body].sort());
    },
  );

  it.each(targets.map((target) => [target.name, target] as const))(
    'has a CMS field for every key of the %s files',
    (_name, target) => {
      const paths = new Set(fieldPaths(target.fields));
      for (const file of target.files) {
        const missing = read(file, target.format)
          .data.flatMap((entry) => keyPaths(entry))
          .filter((key) => !paths.has(key));
        expect({ file, missing: [...new Set(missing)] }).toEqual({ file, missing: [] });
      }
    },
  );

  it.each(targets.map((target) => [target.name, target] as const))(
    'shows a hint from the schema under every field of %s',
    (_name, target) => {
      const unexplained = (fields: CmsField[], prefix = ''): string[] =>
        fields.flatMap((field) => [
          ...(field.hint ? [] : [`${prefix}${field.name}`]),
          ...unexplained((field.fields as CmsField[] | undefined) ?? [], `${prefix}${field.name}.`),
        ]);
      // A field without .describe() in its schema has no hint in the editor and an empty cell in the field reference.
      expect(unexplained(target.fields)).toEqual([]);
    },
  );

  it('gives every hint of the schemas to its field', () => {
    const services = config.collections.find((collection) => collection.name === 'services')!;
    const packages = (services as { fields: CmsField[] }).fields.find((field) => field.name === 'packages')!;
    const price = (packages.fields as CmsField[]).find((field) => field.name === 'price')!;
    expect(price).toMatchObject({ widget: 'number', value_type: 'int', min: 1, hint: expect.stringMatching(/rupees/) });
    expect(packages).toMatchObject({ min: 3, max: 3 });
    expect((packages.fields as CmsField[])[0]).toMatchObject({
      name: 'id',
      options: ['basic', 'standard', 'ultimate'],
    });
  });

  it("saves a new chapter in the book's folder chosen in the editor, never beside the book folders", () => {
    // Without meta.path, Sveltia's New ignores the open folder and writes src/content/chapters/<slug>.md.
    expect(config.collections.find((entry) => entry.name === 'chapters')).toMatchObject({
      nested: { depth: 2, subfolders: false },
      meta: { path: { widget: 'string' } },
    });
  });

  it('edits chapters and policies in raw Markdown only, so formulas stay as written', () => {
    for (const name of ['chapters', 'policies']) {
      const collection = config.collections.find((entry) => entry.name === name) as { fields: CmsField[] };
      expect(collection.fields.find((field) => field.name === 'body')).toMatchObject({ modes: ['raw'] });
    }
  });
});

/** What the CMS writes for JSON: keys in the order of its fields, two spaces, one final newline. */
function serialise(value: unknown, fields?: CmsField[]): unknown {
  if (Array.isArray(value)) return value.map((item) => serialise(item, fields));
  if (value === null || typeof value !== 'object' || !fields) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const order = fields.map((field) => field.name);
  return Object.fromEntries(
    entries
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
      .map(([key, child]) => [key, serialise(child, fields.find((field) => field.name === key)?.fields as CmsField[])]),
  );
}

describe('a save without a change gives back the same bytes', () => {
  const jsonFiles = targets
    .filter((target) => target.format === 'json')
    .flatMap((target) => target.files.map((file) => [file, target] as const));
  it.each(jsonFiles)('%s', (file, target) => {
    const text = readFileSync(join(root, file), 'utf8');
    const data = JSON.parse(text) as unknown;
    expect(`${JSON.stringify(serialise(data, target.fields), null, 2)}\n`).toBe(text);
  });

  const markdownFiles = targets.filter((target) => target.format === 'markdown').flatMap((target) => target.files);
  // The YAML options the editor writes front matter with (plain strings unless quotes are needed).
  const yamlOptions = {
    indent: 2,
    indentSeq: true,
    lineWidth: 0,
    defaultKeyType: 'PLAIN',
    defaultStringType: 'PLAIN',
  } as const;
  it.each(markdownFiles.map((file) => [relative('src/content', file), file]))('%s', (_name, file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const { data, body } = read(file, 'markdown');
    const head = stringifyYaml(data[0], null, { ...yamlOptions, singleQuote: true }).trim();
    // The editor writes the front matter, one blank line, the body, and one final newline.
    expect(text).toBe(`---\n${head}\n---\n\n${body!.trim()}\n`);
  });
});
