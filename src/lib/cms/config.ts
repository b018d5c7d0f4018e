import type { z } from 'astro/zod';
import { privacyNoticeSchema } from '../privacy-notice';
import { type CmsField, fieldFor, imageField, objectFields } from './fields';

/*
 * The configuration of the CMS at /admin (Sveltia CMS), built from the content
 * schemas every time the site is built (src/pages/admin/config.yml.ts). The
 * fields come only from the schemas; this file says where each collection's
 * files live, which the schemas do not know.
 */

// Astro passes its image() helper to a schema function; the CMS passes a stand-in that marks the field.
type SchemaFactory = (context: { image: typeof imageField }) => z.ZodType;
type SchemaOrFactory = z.ZodType | ((context: never) => z.ZodType);
export type Collections = Record<string, { schema?: SchemaOrFactory }>;

type Location = {
  label: string;
  description: string;
  /** A folder of entries (one file each) or a single file. */
  folder?: string;
  file?: string;
  format: 'json' | 'markdown';
  /** The field that names an entry; its slug is the file name. */
  identifier?: string;
  /** Where new images go, from the repository root; the entries refer to them relatively. */
  media?: string;
  /** How the Markdown body is edited: raw only keeps formulas and placeholders byte for byte. */
  body?: 'raw' | 'raw-or-rich';
  create?: boolean;
  nested?: boolean;
  /** A single file whose top level is a list of entries (testimonials.json). */
  list?: boolean;
};

/** Every collection of src/content.config.ts, in the order the CMS lists them. */
export const LOCATIONS: Record<string, Location> = {
  services: {
    label: 'Services',
    description: 'The services, their three packages and prices, and the questions of their request form.',
    folder: 'src/content/services',
    format: 'json',
    identifier: 'title',
    media: 'src/assets/services',
  },
  apps: {
    label: 'Apps',
    description: 'The study apps on /apps and their privacy pages.',
    folder: 'src/content/apps',
    format: 'json',
    identifier: 'title',
    media: 'src/assets/apps',
  },
  books: {
    label: 'Books',
    description: 'Each book: its units and their topics. Chapters belong to a book through their folder.',
    folder: 'src/content/books',
    format: 'json',
    identifier: 'name',
    media: 'src/assets/books',
  },
  chapters: {
    label: 'Chapters',
    description: "One file per chapter, in its book's folder: open the folder, then New. Formulas go between $ or $$.",
    folder: 'src/content/chapters',
    format: 'markdown',
    identifier: 'title',
    body: 'raw',
    nested: true,
  },
  references: {
    label: 'Further reading',
    description: 'The list of further reading for a book, one file per book.',
    folder: 'src/content/references',
    format: 'json',
    identifier: 'book',
  },
  projects: {
    label: 'Projects',
    description: 'The case studies on /work; the first three by order show on the home page.',
    folder: 'src/content/projects',
    format: 'markdown',
    identifier: 'name',
    media: 'src/assets/projects',
    body: 'raw-or-rich',
  },
  expertise: {
    label: 'Expertise',
    description: 'The areas of expertise on /expertise.',
    folder: 'src/content/expertise',
    format: 'markdown',
    identifier: 'name',
    media: 'src/assets/expertise',
    body: 'raw-or-rich',
  },
  testimonials: {
    label: 'Testimonials',
    description: 'What clients say, shown on the home page.',
    file: 'src/content/testimonials.json',
    format: 'json',
    list: true,
  },
  policies: {
    label: 'Policies',
    description: 'The four policy pages. {{company}} and {{product}} in the text are replaced by the build.',
    folder: 'src/content/policies',
    format: 'markdown',
    identifier: 'title',
    body: 'raw',
    create: false,
  },
};

export const SITE_FILE = 'src/content/site.json';
export const NOTICE_FILE = 'src/content/privacy-notice.json';

export const schemaOf = (schema: SchemaOrFactory | undefined): z.ZodType => {
  if (!schema) throw new Error('A collection without a schema cannot be edited in the CMS.');
  return typeof schema === 'function' ? (schema as SchemaFactory)({ image: imageField }) : schema;
};

function bodyField(mode: NonNullable<Location['body']>): CmsField {
  return {
    name: 'body',
    label: 'Text',
    widget: 'markdown',
    hint:
      mode === 'raw'
        ? 'The page text in Markdown, kept exactly as typed: formulas between $…$ or $$…$$, placeholders like {{company}}.'
        : 'The page text in Markdown.',
    modes: mode === 'raw' ? ['raw'] : ['raw', 'rich_text'],
  };
}

function media(location: Location, folder: string) {
  if (!location.media) return {};
  const depth = folder.split('/').length + (location.nested ? 1 : 0);
  return { media_folder: `/${location.media}`, public_folder: `${'../'.repeat(depth - 1)}${location.media.slice(4)}` };
}

function collection(name: string, location: Location, schema: z.ZodType) {
  const fields = objectFields(schema);
  const common = { name, label: location.label, description: location.description };
  if (location.file) {
    // A file whose top level is a list is one list field saved at the root of the file.
    const fileFields = location.list
      ? [{ ...fieldFor('items', schema.array()), label: location.label, root: true }]
      : fields;
    return {
      ...common,
      files: [{ name, label: location.label, file: location.file, format: 'json', fields: fileFields }],
    };
  }
  const folder = location.folder!;
  return {
    ...common,
    folder,
    ...(location.format === 'json'
      ? { format: 'json', extension: 'json' }
      : { format: 'frontmatter', extension: 'md' }),
    identifier_field: location.identifier,
    slug: `{{${location.identifier}}}`,
    summary: `{{${location.identifier}}}`,
    ...(location.create === false ? { create: false, delete: false } : {}),
    ...(location.nested
      ? {
          nested: { depth: 2, subfolders: false },
          // With meta.path the editor asks which folder a new entry goes in ("Parent Folder", filled in by New
          // inside a book's folder); without it every new chapter would land at the top, which is no book.
          meta: { path: { widget: 'string', label: 'Book folder' } },
        }
      : {}),
    ...media(location, folder),
    ...(fields.some((field) => field.name === 'order') ? { sortable_fields: ['order', location.identifier] } : {}),
    fields: location.body ? [...fields, bodyField(location.body)] : fields,
  };
}

export type CmsOptions = {
  /** "owner/name" of the GitHub repository the CMS commits to. */
  repo: string;
  siteUrl?: string | undefined;
};

/** Netlify sets REPOSITORY_URL in its builds; CMS_GITHUB_REPO overrides it. */
export function repoFromEnvironment(env: Record<string, string | undefined>): string {
  if (env.CMS_GITHUB_REPO) return env.CMS_GITHUB_REPO;
  const match = /github\.com[/:]([^/]+\/[^/.]+)/.exec(env.REPOSITORY_URL ?? '');
  return match?.[1] ?? 'quartz-digital/website';
}

export function cmsConfig(collections: Collections, siteSchema: z.ZodType, options: CmsOptions) {
  const missing = Object.keys(collections).filter((name) => !(name in LOCATIONS));
  if (missing.length > 0) throw new Error(`No CMS location for the collection(s) ${missing.join(', ')}.`);
  return {
    backend: {
      name: 'github',
      repo: options.repo,
      // Netlify's OAuth provider signs authors in with the GitHub OAuth app added to the site.
      base_url: 'https://api.netlify.com',
      auth_endpoint: 'auth',
    },
    // Every change is a pull request, so Netlify builds a deploy preview of it first.
    publish_mode: 'editorial_workflow',
    media_folder: '/src/assets',
    app_title: 'Quartz Digital content',
    ...(options.siteUrl ? { site_url: options.siteUrl } : {}),
    slug: { encoding: 'ascii', clean_accents: true },
    output: { omit_empty_optional_fields: true, json: { indent_style: 'space', indent_size: 2 } },
    collections: Object.entries(LOCATIONS)
      .filter(([name]) => name in collections)
      .map(([name, location]) => collection(name, location, schemaOf(collections[name]!.schema))),
    singletons: [
      {
        name: 'site',
        label: 'Company details',
        file: SITE_FILE,
        format: 'json',
        fields: objectFields(siteSchema),
      },
      {
        name: 'privacy-notice',
        label: 'Form notice',
        file: NOTICE_FILE,
        format: 'json',
        fields: objectFields(privacyNoticeSchema),
      },
    ],
  };
}

export type CmsConfig = ReturnType<typeof cmsConfig>;
