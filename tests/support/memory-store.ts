import type { SubmissionStore } from '../../netlify/lib/records';

/*
 * A Netlify Blobs store in memory whose conditional writes are atomic, as
 * Netlify's are (the local BlobsServer checks and writes in two steps). Each
 * write gets a fresh ETag. Used to test what two function instances do at once.
 */

export interface MemoryStore extends SubmissionStore {
  entries: Map<string, { text: string; etag: string }>;
}

export function memoryStore(): MemoryStore {
  const entries = new Map<string, { text: string; etag: string }>();
  let version = 0;
  const tick = () => new Promise<void>((done) => setImmediate(done));
  const read = (key: string) => {
    const entry = entries.get(key);
    return entry ? { data: JSON.parse(entry.text) as unknown, etag: entry.etag } : null;
  };
  return {
    entries,
    async get(key) {
      await tick();
      return read(key)?.data ?? null;
    },
    async getWithMetadata(key) {
      await tick();
      return read(key);
    },
    async setJSON(key, data, options = {}) {
      await tick();
      const current = entries.get(key);
      if (options.onlyIfNew && current) return { modified: false };
      if (options.onlyIfMatch !== undefined && current?.etag !== options.onlyIfMatch) return { modified: false };
      version += 1;
      const etag = `"${version}"`;
      entries.set(key, { text: JSON.stringify(data), etag });
      return { modified: true, etag };
    },
    async delete(key) {
      await tick();
      entries.delete(key);
    },
    async list({ prefix }) {
      await tick();
      return { blobs: [...entries.keys()].filter((key) => key.startsWith(prefix)).map((key) => ({ key })) };
    },
  };
}

/** Raised by crashingStore in place of the process dying. */
export class SimulatedCrash extends Error {}

/**
 * The store of a process that dies right after its n-th write (counting from 1):
 * that write lands, and every later call fails, as nothing runs after a crash.
 */
export function crashingStore(
  store: SubmissionStore,
  crashAfterWrite: number,
): SubmissionStore & { crashed(): boolean } {
  let writes = 0;
  let dead = false;
  const alive = () => {
    if (dead) throw new SimulatedCrash('the process has stopped');
  };
  const wrote = () => {
    writes += 1;
    if (writes >= crashAfterWrite) {
      dead = true;
      throw new SimulatedCrash(`stopped after write ${writes}`);
    }
  };
  return {
    crashed: () => dead,
    async get(key, options) {
      alive();
      return store.get(key, options);
    },
    async getWithMetadata(key, options) {
      alive();
      return store.getWithMetadata(key, options);
    },
    async setJSON(key, data, options) {
      alive();
      const result = await store.setJSON(key, data, options);
      wrote();
      return result;
    },
    async delete(key) {
      alive();
      await store.delete(key);
      wrote();
    },
    async list(options) {
      alive();
      return store.list(options);
    },
  };
}
