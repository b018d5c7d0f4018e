import { z } from 'astro/zod';

/*
 * Turns a zod 4 schema into the fields of the CMS (Sveltia CMS, served at /admin),
 * so the editor asks for exactly what the build accepts. It reads any schema
 * generically: an object becomes an object field, an array a list, an enum a
 * select, and so on; limits come from zod's own JSON Schema output. What the CMS
 * cannot express (superRefine, transforms) is still checked by the build.
 */

export type CmsField = {
  name: string;
  label: string;
  widget: string;
  hint?: string;
  required?: boolean;
  [option: string]: unknown;
};

/** Marks a string as an image path; the CMS shows an image picker for it. */
export const IMAGE = 'image';

/** Stands in for Astro's image() helper when the schemas are read for the CMS. */
export const imageField = () => z.string().meta({ cmsWidget: IMAGE });

type Schema = z.ZodType;
type Def = { type: string; [key: string]: unknown };

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** "estimatedDeliveryDays" -> "Estimated delivery days". */
export function labelFor(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Unwrapped = {
  schema: Schema;
  description: string | undefined;
  title: string | undefined;
  optional: boolean;
  defaultValue: unknown;
};

/**
 * The name of an entry of another collection, as a file name: the build checks it (src/collections.ts) and the
 * CMS offers the entries of that collection to pick from.
 */
export const entryOf = (collection: string) => z.string().meta({ cmsRelation: collection });

/** The collection an Astro reference() or entryOf() points to, or undefined when `schema` is neither. */
export function referencedCollection(schema: Schema): string | undefined {
  const named = (schema.meta() as { cmsRelation?: string } | undefined)?.cmsRelation;
  if (named) return named;
  const def = defOf(schema);
  if (def.type !== 'pipe') return undefined;
  const input = defOf(def.in as Schema);
  const lookup = (input.options as Schema[] | undefined)?.some((option) => {
    const shape = defOf(option).shape as Record<string, unknown> | undefined;
    return shape !== undefined && 'id' in shape && 'collection' in shape;
  });
  if (input.type !== 'union' || !lookup) return undefined;
  // reference() keeps its collection in a closure; its own error for another collection names it.
  const result = schema.safeParse({ id: 'probe', collection: '\u0000' });
  return result.error?.issues.map((issue) => /Expected (\S+)\. Received/.exec(issue.message)?.[1]).find(Boolean);
}

/** Strips optional, default, readonly and transform wrappers, keeping the first description met. */
export function unwrap(schema: Schema): Unwrapped {
  let current = schema;
  let description: string | undefined;
  let title: string | undefined;
  let optional = false;
  let defaultValue: unknown;
  for (;;) {
    description ??= current.description;
    title ??= (current.meta() as { title?: string } | undefined)?.title;
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'readonly' || def.type === 'catch') {
      if (def.type === 'optional') optional = true;
      current = def.innerType as Schema;
    } else if (def.type === 'default' || def.type === 'prefault') {
      optional = true;
      defaultValue ??= def.defaultValue;
      current = def.innerType as Schema;
    } else if (def.type === 'pipe' && referencedCollection(current) === undefined) {
      // What the author writes is the pipe's input (z.coerce, .transform()).
      const input = def.in as Schema;
      current = defOf(input).type === 'transform' ? (def.out as Schema) : input;
    } else {
      return { schema: current, description, title, optional, defaultValue };
    }
  }
}

type JsonSchema = {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  cmsWidget?: string;
};

const jsonSchemaOf = (schema: Schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const LONG_TEXT = 120;

function leaf(schema: Schema, def: Def): Partial<CmsField> & { widget: string } {
  const json = jsonSchemaOf(schema);
  const meta = schema.meta() as { cmsWidget?: string } | undefined;
  switch (def.type) {
    case 'string': {
      if (meta?.cmsWidget === IMAGE) return { widget: 'image' };
      const long = json.maxLength !== undefined && json.maxLength > LONG_TEXT;
      const field: Partial<CmsField> & { widget: string } = { widget: long ? 'text' : 'string' };
      if (json.format === 'email') field.type = 'email';
      if (json.format === 'uri') field.type = 'url';
      if (json.minLength !== undefined) field.minlength = json.minLength;
      if (json.maxLength !== undefined) field.maxlength = json.maxLength;
      // An e-mail or web address is checked by its type; its long regular expression would only confuse.
      if (json.pattern && !json.format) field.pattern = [json.pattern, 'Follow the form given in the hint.'];
      return field;
    }
    case 'number': {
      const integer = json.type === 'integer';
      const field: Partial<CmsField> & { widget: string } = { widget: 'number', value_type: integer ? 'int' : 'float' };
      const step = integer ? 1 : 0.1;
      const min = json.minimum ?? (json.exclusiveMinimum === undefined ? undefined : json.exclusiveMinimum + step);
      const max = json.maximum ?? (json.exclusiveMaximum === undefined ? undefined : json.exclusiveMaximum - step);
      // zod writes the safe-integer range for .int(); only real limits matter to an author.
      if (min !== undefined && min > Number.MIN_SAFE_INTEGER) field.min = min;
      if (max !== undefined && max < Number.MAX_SAFE_INTEGER) field.max = max;
      if (!integer) field.step = step;
      return field;
    }
    case 'boolean':
      return { widget: 'boolean' };
    case 'enum':
      return { widget: 'select', options: Object.values(def.entries as Record<string, string>) };
    case 'literal':
      return { widget: 'select', options: [...(def.values as unknown[])] };
    case 'date':
      // Written as a plain YYYY-MM-DD, as the Markdown front matter holds it.
      return { widget: 'datetime', date_format: 'YYYY-MM-DD', time_format: false, picker_utc: true };
    default:
      return { widget: 'string' };
  }
}

/** Merges the objects of a tuple (the three packages) into one list item; literals become a select of all values. */
function tupleItemFields(items: Schema[]): CmsField[] | undefined {
  const shapes = items.map((item) => unwrap(item).schema).map((item) => defOf(item));
  if (!shapes.every((def) => def.type === 'object')) return undefined;
  const first = objectFields(items[0]!);
  return first.map((field) => {
    if (field.widget !== 'select') return field;
    const values = shapes.flatMap((def) => {
      const inner = (def.shape as Record<string, Schema>)[field.name];
      const innerDef = inner && defOf(unwrap(inner).schema);
      return innerDef?.type === 'literal' ? (innerDef.values as unknown[]) : [];
    });
    return values.length > 0
      ? { ...field, options: [...new Set([...(field.options as unknown[]), ...values])] }
      : field;
  });
}

export function objectFields(schema: Schema): CmsField[] {
  const def = defOf(unwrap(schema).schema);
  const shape = def.shape as Record<string, Schema>;
  return Object.entries(shape).map(([name, child]) => fieldFor(name, child));
}

/** The CMS field for one schema key. */
export function fieldFor(name: string, schema: Schema): CmsField {
  const { schema: inner, description, title, optional, defaultValue } = unwrap(schema);
  const def = defOf(inner);
  const field: CmsField = { name, label: title ?? labelFor(name), widget: 'string' };
  if (description) field.hint = description;
  if (optional) field.required = false;
  const collection = referencedCollection(inner);
  if (collection) {
    Object.assign(field, { widget: 'relation', collection, value_field: '{{slug}}' });
  } else if (def.type === 'object') {
    Object.assign(field, { widget: 'object', fields: objectFields(inner) });
  } else if (def.type === 'array' || def.type === 'tuple') {
    const json = jsonSchemaOf(inner);
    const items = def.type === 'tuple' ? (def.items as Schema[]) : [def.element as Schema];
    const element = unwrap(items[0]!).schema;
    const elementCollection = referencedCollection(element);
    if (elementCollection) {
      Object.assign(field, {
        widget: 'relation',
        collection: elementCollection,
        value_field: '{{slug}}',
        multiple: true,
      });
    } else if (defOf(element).type === 'object') {
      const fields = def.type === 'tuple' ? tupleItemFields(items) : objectFields(element);
      Object.assign(field, { widget: 'list', fields: fields ?? objectFields(element) });
      const names = new Set((fields ?? []).map((child) => child.name));
      const named = ['name', 'title', 'label', 'id'].find((key) => names.has(key));
      if (named) field.summary = `{{fields.${named}}}`;
    } else {
      Object.assign(field, { widget: 'list', field: fieldFor(singular(name), element) });
    }
    const min = def.type === 'tuple' ? items.length : json.minItems;
    const max = def.type === 'tuple' ? items.length : json.maxItems;
    if (min !== undefined) field.min = min;
    if (max !== undefined) field.max = max;
  } else {
    Object.assign(field, leaf(inner, def));
  }
  if (defaultValue !== undefined && typeof defaultValue !== 'object') field.default = defaultValue;
  return field;
}

function singular(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, '');
}

/** Every key path of a field list, "packages.price" style, for the tests and the field reference. */
export function fieldPaths(fields: readonly CmsField[], prefix = ''): string[] {
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`;
    const children = (field.fields as CmsField[] | undefined) ?? [];
    return [path, ...fieldPaths(children, `${path}.`)];
  });
}
