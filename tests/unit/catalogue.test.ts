import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findService } from '../../netlify/lib/catalogue';

/*
 * The function reads a service's questions from its content file with the
 * build's schema: a file the build would refuse is no service at all to the
 * function, and the log names the file and the fields, never their values.
 */

const seo = JSON.parse(readFileSync(new URL('../../src/content/services/seo.json', import.meta.url), 'utf8')) as {
  title: string;
  packages: { price: number }[];
  inputFields: { name: string }[];
};
let root: string;
const previousRoot = process.env.LAMBDA_TASK_ROOT;

function writeService(id: string, content: string) {
  writeFileSync(join(root, 'src/content/services', `${id}.json`), content);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'catalogue-'));
  mkdirSync(join(root, 'src/content/services'), { recursive: true });
  process.env.LAMBDA_TASK_ROOT = root;
});

afterAll(() => {
  if (previousRoot === undefined) delete process.env.LAMBDA_TASK_ROOT;
  else process.env.LAMBDA_TASK_ROOT = previousRoot;
  rmSync(root, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('findService', () => {
  it('reads a valid service file with its questions', async () => {
    writeService('valid', JSON.stringify(seo));
    const service = await findService('valid');
    expect(service?.title).toBe(seo.title);
    expect(service?.inputFields.map((field) => field.name)).toEqual(seo.inputFields.map((field) => field.name));
  });

  it('has no service for an address without a file', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await findService('missing')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('treats a file the schema refuses as no service, and logs the file and field without the value', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = structuredClone(seo);
    broken.packages[1]!.price = -123456;
    writeService('broken-price', JSON.stringify(broken));
    expect(await findService('broken-price')).toBeNull();
    expect(errors).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(errors.mock.calls[0]![0])) as { level: string; problem: string };
    expect(line.level).toBe('error');
    expect(line.problem).toContain('src/content/services/broken-price.json');
    expect(line.problem).toContain('packages.1.price');
    expect(line.problem).not.toContain('123456');
  });

  it('treats a file that is not JSON as no service, and logs it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    writeService('not-json', '{ "title": "SEO", ');
    expect(await findService('not-json')).toBeNull();
    expect(String(errors.mock.calls[0]![0])).toContain('src/content/services/not-json.json is not valid JSON');
  });

  it('refuses an id that is not a file name of the catalogue', async () => {
    expect(await findService('../../package')).toBeNull();
  });
});
