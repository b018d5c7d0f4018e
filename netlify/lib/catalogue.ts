import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServiceQuestion } from '../../src/lib/forms.ts';

/*
 * The questions each service's request form asks, read from the same content
 * files the pages are built from (netlify.toml includes them in the function).
 */

const servicesFolder = () => join(process.env.LAMBDA_TASK_ROOT ?? process.cwd(), 'src/content/services');

export interface CatalogueService {
  title: string;
  packages: { name: string }[];
  inputFields: ServiceQuestion[];
}

const cache = new Map<string, CatalogueService | null>();

/** The service at /our-services/{serviceId}, or null when there is none. */
export async function findService(serviceId: string): Promise<CatalogueService | null> {
  if (!/^[\p{Ll}\p{M}\p{N}_-]{1,80}$/u.test(serviceId)) return null;
  if (!cache.has(serviceId)) {
    try {
      cache.set(
        serviceId,
        JSON.parse(await readFile(join(servicesFolder(), `${serviceId}.json`), 'utf8')) as CatalogueService,
      );
    } catch {
      cache.set(serviceId, null);
    }
  }
  return cache.get(serviceId) ?? null;
}
