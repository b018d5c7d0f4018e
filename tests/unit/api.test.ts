import { describe, expect, it } from 'vitest';
import { apiFetch, isRelative, readCookie, postSubmission, xsrfToken } from '../../src/lib/api';
import { clearDraft, loadDraft, saveDraft, type DraftStorage } from '../../src/lib/drafts';

/* The fetch wrapper's header rule, the XSRF cookie and the drafts. */

function jar(initial = '') {
  const cookies = new Map<string, string>();
  for (const part of initial.split(';').filter(Boolean)) {
    const [key, value] = part.trim().split('=');
    cookies.set(key!, value!);
  }
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    },
    set cookie(text: string) {
      written.push(text);
      const [pair] = text.split(';');
      const [key, value] = pair!.split('=');
      cookies.set(key!.trim(), value!.trim());
    },
  };
}

function recorder() {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ ok: true, id: 'x' }), { status: 202 });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('the XSRF token', () => {
  it('is read from the XSRF-TOKEN cookie when it exists', () => {
    const doc = jar('theme=dark; XSRF-TOKEN=abc123');
    expect(xsrfToken(doc, false)).toBe('abc123');
    expect(doc.written).toEqual([]);
  });

  it('is created as a random SameSite=Strict cookie when missing, Secure over https', () => {
    const doc = jar();
    const token = xsrfToken(doc, true);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(doc.written[0]).toBe(`XSRF-TOKEN=${token}; Path=/; SameSite=Strict; Secure`);
    expect(xsrfToken(doc, true)).toBe(token);
    expect(xsrfToken(jar(), true)).not.toBe(token);
  });

  it('replaces a cookie that cannot be decoded instead of failing the form', () => {
    const doc = jar('XSRF-TOKEN=%');
    expect(xsrfToken(doc, false)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('reads cookies by exact name', () => {
    expect(readCookie('MY-XSRF-TOKEN=no; XSRF-TOKEN=yes', 'XSRF-TOKEN')).toBe('yes');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeUndefined();
  });
});

describe('apiFetch', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])('adds X-XSRF-TOKEN to a %s to a relative URL', async (method) => {
    const { calls, fetch } = recorder();
    await apiFetch('/api/contact', { method }, { fetch, doc: jar('XSRF-TOKEN=tok') });
    expect(new Headers(calls[0]!.init.headers).get('X-XSRF-TOKEN')).toBe('tok');
  });

  it.each(['GET', 'HEAD'])('leaves a %s without it', async (method) => {
    const { calls, fetch } = recorder();
    await apiFetch('/api/contact', { method }, { fetch, doc: jar('XSRF-TOKEN=tok') });
    expect(new Headers(calls[0]!.init.headers).has('X-XSRF-TOKEN')).toBe(false);
  });

  it.each(['https://other.example/api', '//other.example/api', 'http://localhost/api'])(
    'never sends it to an absolute URL like %s',
    async (url) => {
      const { calls, fetch } = recorder();
      await apiFetch(url, { method: 'POST' }, { fetch, doc: jar('XSRF-TOKEN=tok') });
      expect(new Headers(calls[0]!.init.headers).has('X-XSRF-TOKEN')).toBe(false);
    },
  );

  it('tells relative from absolute addresses', () => {
    expect(isRelative('/api/contact')).toBe(true);
    expect(isRelative('api/contact')).toBe(true);
    expect(isRelative('mailto:a@example.com')).toBe(false);
  });

  it('sends the idempotency key of the submission', async () => {
    const { calls, fetch } = recorder();
    await postSubmission({ kind: 'contact' }, 'key-1234567890', { fetch, doc: jar() });
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('Idempotency-Key')).toBe('key-1234567890');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-XSRF-TOKEN')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('turns a network failure into a result a form can show', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    const result = await postSubmission({}, 'key-1234567890', { fetch, doc: jar() });
    expect(result).toMatchObject({ ok: false, status: 0, error: expect.stringMatching(/what you typed is kept/) });
  });

  it('passes on the field errors of a 422', async () => {
    const fetch = (async () =>
      new Response(
        JSON.stringify({
          ok: false,
          error: 'Some answers need changing.',
          fields: { email: 'Enter your email address' },
        }),
        { status: 422 },
      )) as typeof globalThis.fetch;
    expect(await postSubmission({}, 'key-1234567890', { fetch, doc: jar() })).toEqual({
      ok: false,
      status: 422,
      error: 'Some answers need changing.',
      fields: { email: 'Enter your email address' },
    });
  });
});

describe('drafts', () => {
  function memory(): DraftStorage & { data: Map<string, string> } {
    const data = new Map<string, string>();
    return {
      data,
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
      removeItem: (key) => void data.delete(key),
    };
  }

  it('keeps what was typed until it is cleared', () => {
    const store = memory();
    saveDraft('contact', { name: 'Zoya', optIn: true }, store);
    expect(loadDraft('contact', store)).toEqual({ name: 'Zoya', optIn: true });
    clearDraft('contact', store);
    expect(loadDraft('contact', store)).toBeUndefined();
  });

  it('ignores a damaged draft instead of breaking the form', () => {
    const store = memory();
    store.setItem('qd-draft:contact', '{broken');
    expect(loadDraft('contact', store)).toBeUndefined();
  });

  it('survives a storage that refuses to write', () => {
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => saveDraft('contact', { name: 'x' }, full)).not.toThrow();
  });
});
