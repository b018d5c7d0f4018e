import fc from 'fast-check';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactHref, subjectFromContactLink } from '../../src/lib/contact-link';
import { clearDraft, loadDraft, saveDraft, type DraftStorage } from '../../src/lib/drafts';
import { answersText, reachLinks, type ContactWays } from '../../src/lib/form-flow';
import IslandErrorBoundary, { OtherWaysIn } from '../../src/islands/IslandErrorBoundary';
import FormFrame from '../../src/islands/forms/FormFrame';

/*
 * A crafted link to Contact Us (finding 8 of the security review): `?service=` was cut at 100 UTF-16 units, so an
 * emoji across the limit left half a character (a lone surrogate); the e-mail and WhatsApp links that carry the
 * message were built on every render with encodeURIComponent, which throws on it; nothing caught the error, so the
 * form vanished, and the draft saved with that subject broke it again after every reload. The same half character
 * can come from a field or a draft. Its browser half is in tests/e2e/forms.spec.ts ("crafted links and broken drafts").
 */

const ways: ContactWays = { email: 'hello@example.com', phone: '+91 98100 12345', whatsapp: '+91 98100 54321' };
const EMOJI = '\u{1F600}';
/** What `?service=` holds when an emoji straddles the 100th UTF-16 unit. */
const straddling = 'a'.repeat(99) + EMOJI;

/** Any UTF-16 text, often with half an emoji: what a paste or an input method gone wrong can leave in a field. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    fc.constantFrom(EMOJI[0]!, EMOJI[1]!, EMOJI),
  ),
});

function memory(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a crafted ?service= link', () => {
  it('a ?service= cut inside an emoji does not break Contact Us', () => {
    expect(straddling.slice(0, 100).isWellFormed(), 'the old cut left half a character').toBe(false);
    const link = contactHref({ kind: 'package-request', service: straddling, package: 'b'.repeat(59) + EMOJI });
    const subject = subjectFromContactLink(new URL(link, 'https://quartz.example').search);
    // Cut by characters: the emoji is the 100th (and the package's the 60th), so it is kept whole.
    expect(subject).toBe(`${straddling} - ${'b'.repeat(59)}${EMOJI}`);
    const links = reachLinks(ways, subject, [{ label: 'Message', value: 'Hello' }]);
    expect(new URL(links.mailto).searchParams.get('subject')).toBe(subject);
  });

  it('a longer ?service= is cut to 100 characters, never to half of one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 150 }), fc.boolean(), (service, callback) => {
        const search = `?${new URLSearchParams({ kind: callback ? 'callback' : 'package-request', service })}`;
        const subject = subjectFromContactLink(search);
        expect(subject.isWellFormed()).toBe(true);
        expect([...subject].length).toBeLessThanOrEqual(100 + (callback ? 'Callback about '.length : 0));
      }),
    );
  });
});

describe('what a visitor typed, or a draft holds', () => {
  it('half an emoji in any field still gives working e-mail and WhatsApp links', () => {
    fc.assert(
      fc.property(anyText, anyText, (subject, message) => {
        const answers = [{ label: 'Message', value: message }];
        const links = reachLinks(ways, subject, answers);
        expect(new URL(links.mailto).searchParams.get('subject')).toBe(subject.toWellFormed());
        expect(new URL(links.whatsapp!).searchParams.get('text')).toBe(answersText(answers).toWellFormed());
      }),
    );
  });

  it('a saved draft with half an emoji is read back as whole characters', () => {
    const store = memory();
    store.setItem('qd-draft:contact', JSON.stringify({ subject: straddling.slice(0, 100), message: 'ok' }));
    expect(loadDraft('contact', store)).toEqual({ subject: `${'a'.repeat(99)}\uFFFD`, message: 'ok' });
    store.setItem('qd-draft:request', JSON.stringify({ serviceFields: { domain: `x${EMOJI.slice(1)}` } }));
    expect(loadDraft('request', store)).toEqual({ serviceFields: { domain: 'x\uFFFD' } });
  });

  it('a saved draft that cannot be read is discarded, not read again on every visit', () => {
    const store = memory();
    for (const text of ['{broken', '[1, 2]', '"text"', 'null']) {
      store.setItem('qd-draft:contact', text);
      expect(loadDraft('contact', store), text).toBeUndefined();
      expect(store.data.has('qd-draft:contact'), text).toBe(false);
    }
    const refusing: DraftStorage = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    expect(loadDraft('contact', refusing)).toBeUndefined();
    expect(() => clearDraft('contact', refusing)).not.toThrow();
  });

  it('a saved draft keeps only answers of the shapes a form has', () => {
    const store = memory();
    saveDraft(
      'request',
      { name: 'Asha', optIn: true, serviceFields: { domain: 'clinic.example' }, broken: null, list: ['a'], n: 5 },
      store,
    );
    store.setItem('qd-draft:other', '{"serviceFields": {"domain": 5}, "__proto__": {"polluted": "yes"}}');
    expect(loadDraft('request', store)).toEqual({
      name: 'Asha',
      optIn: true,
      serviceFields: { domain: 'clinic.example' },
    });
    const other = loadDraft<Record<string, unknown>>('other', store)!;
    expect(Object.keys(other)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('a form that would build its links while it renders', () => {
  it('builds no e-mail or WhatsApp link until it shows one', async () => {
    vi.stubGlobal('encodeURIComponent', () => {
      throw new URIError('URI malformed');
    });
    const { default: ContactForm } = await import('../../src/islands/ContactForm');
    expect(() => renderToString(createElement(ContactForm, { siteKey: 'site-key', ways }))).not.toThrow();
  });
});

describe('an island that breaks anyway', () => {
  const islands = import.meta.glob<{ default: (props: Record<string, unknown>) => ReactElement }>(
    ['../../src/islands/*.tsx', '../../src/islands/dialogs/*Form.tsx', '!../../src/islands/IslandErrorBoundary.tsx'],
    { eager: true },
  );
  const props = {
    ways,
    siteKey: 'site-key',
    roles: ['Software Trainee'],
    dialog: { kind: 'package-request', service: { id: 'seo', title: 'SEO', questions: [] }, packageName: 'Growth' },
  };

  it('sits inside the error boundary, which knows the ways in and the draft to forget', () => {
    const found = Object.keys(islands).map((path) => path.replace(/^.*\/islands\//, ''));
    expect(found).toEqual(
      expect.arrayContaining([
        'BookSearch.tsx',
        'ContactForm.tsx',
        'DataRequestForm.tsx',
        'JobApplicationForm.tsx',
        'NarrowMenu.tsx',
        'SiteDialogs.tsx',
        'TestimonialSlider.tsx',
        'dialogs/DialogForm.tsx',
      ]),
    );
    const drafts: Record<string, string | undefined> = {
      'ContactForm.tsx': 'contact',
      'DataRequestForm.tsx': 'data-request',
      'JobApplicationForm.tsx': 'job-application',
      'dialogs/DialogForm.tsx': 'package-request:seo',
    };
    // A form renders the one form frame, itself a wrapper without hooks (src/islands/forms/FormFrame.tsx).
    const opened = (element: ReactElement) =>
      element.type === FormFrame ? FormFrame(element.props as Parameters<typeof FormFrame>[0]) : element;
    for (const [path, island] of Object.entries(islands)) {
      const name = path.replace(/^.*\/islands\//, '');
      // The island's own function is a wrapper without hooks: called, it returns what React would render first.
      const root = opened(island.default(props));
      expect(root.type, name).toBe(IslandErrorBoundary);
      const { ways: offered, draft } = root.props as { ways: ContactWays; draft?: string };
      expect(offered, name).toBe(ways);
      expect(draft, name).toBe(drafts[name]);
    }
    const callback = opened(
      islands['../../src/islands/dialogs/DialogForm.tsx']!.default({
        ...props,
        dialog: { kind: 'callback', service: '' },
      }),
    );
    expect((callback.props as { draft?: string }).draft).toBe('callback');
  });

  it('gives way to the phone, WhatsApp and e-mail in plain words, and forgets the draft that broke it', () => {
    const html = renderToString(createElement(OtherWaysIn, { ways }));
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/Call us on <a href="tel:\+919810012345">\+91 98100 12345<\/a>/);
    expect(html).toContain('href="https://wa.me/919810054321"');
    expect(html).toContain('href="mailto:hello@example.com"');
    expect(
      renderToString(createElement(OtherWaysIn, { ways: { email: 'a@example.com', phone: '+91 1' } })),
    ).not.toContain('WhatsApp');

    expect(IslandErrorBoundary.getDerivedStateFromError()).toEqual({ failed: true });
    const store = memory();
    store.setItem('qd-draft:contact', '{"subject":"x"}');
    vi.stubGlobal('sessionStorage', store);
    new IslandErrorBoundary({ ways, draft: 'contact', children: null }).componentDidCatch();
    expect(store.data.has('qd-draft:contact')).toBe(false);
  });
});
