import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { serviceSchema } from '../../src/lib/content-schemas.ts';
import { logEvent } from './log.ts';

/*
 * The questions each service's request form asks, read from the same content
 * files the pages are built from (netlify.toml includes them in the function)
 * and checked with the schema the build checks them with. Artwork paths are
 * kept as written: the function never shows them.
 */

const servicesFolder = () => join(process.env.LAMBDA_TASK_ROOT ?? process.cwd(), 'src/content/services');

const catalogueServiceSchema = serviceSchema({ image: () => z.string() });

export type CatalogueService = z.infer<typeof catalogueServiceSchema>;

const cache = new Map<string, CatalogueService | null>();

/** The file of a service, checked; null when there is none, or when it is broken (and the error is logged). */
async function readService(serviceId: string): Promise<CatalogueService | null> {
  const file = `src/content/services/${serviceId}.json`;
  let text: string;
  try {
    text = await readFile(join(servicesFolder(), `${serviceId}.json`), 'utf8');
  } catch {
    return null;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    logEvent('error', { event: 'service-file-invalid', problem: `${file} is not valid JSON` });
    return null;
  }
  const result = catalogueServiceSchema.safeParse(data);
  if (!result.success) {
    // The field paths only: a content file holds no visitor's data, but its values need not be in a log.
    const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || '(file)'))].join(', ');
    logEvent('error', { event: 'service-file-invalid', problem: `${file}: ${fields}` });
    return null;
  }
  return result.data;
}

/** The service at /our-services/{serviceId}, or null when there is none. */
export async function findService(serviceId: string): Promise<CatalogueService | null> {
  if (!/^[\p{Ll}\p{M}\p{N}_-]{1,80}$/u.test(serviceId)) return null;
  if (!cache.has(serviceId)) cache.set(serviceId, await readService(serviceId));
  return cache.get(serviceId) ?? null;
}
