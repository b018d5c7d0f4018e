import { describe, expect, it } from 'vitest';
import noticeFile from '../../src/content/privacy-notice.json';
import { plainText } from '../../src/lib/form-notice';
import { FORM_KINDS } from '../../src/lib/forms';
import {
  formNotice,
  formsCollectedHtml,
  NOTICE_FORM_KINDS,
  readNotice,
  withFormsCollected,
} from '../../src/lib/privacy-notice';
import { site } from '../../src/site';

describe('the form notice', () => {
  const values = {
    company: 'Acme Studio',
    retentionDays: 45,
    grievanceOfficer: { name: 'Priya Nair, Data Officer', email: 'data@acme.example' },
    dataProtectionBoardUrl: 'https://board.example/complaints',
  };
  const textOf = (notice: ReturnType<typeof formNotice>) => notice.sentences.map(plainText).join(' ');

  it('has, in its file, words for every form kind the function accepts', () => {
    for (const field of ['collected', 'formNames'] as const)
      expect(Object.keys(noticeFile[field]).sort(), field).toEqual([...FORM_KINDS].sort());
  });

  it.each(NOTICE_FORM_KINDS)('for the %s form says what it collects, why, who gets it and for how long', (kind) => {
    const notice = formNotice(kind, values);
    const text = textOf(notice);
    expect(text).toContain(noticeFile.collects.replace('{{collected}}', noticeFile.collected[kind]));
    expect(text).toContain('45 days');
    expect(text).toContain('Acme Studio');
    expect(text).toMatch(/adults/);
    expect(text).toContain('Priya Nair, Data Officer');
    expect(text).toContain('data@acme.example');
    expect(text).not.toMatch(/\{\{/);
    expect(notice.version).toBe(noticeFile.version);
    expect(notice.links).toEqual([
      { label: noticeFile.rightsLink, href: '/your-data' },
      { label: noticeFile.complainLink, href: '/your-data#complain' },
      { label: noticeFile.boardLink, href: values.dataProtectionBoardUrl },
    ]);
    // The grievance officer's address is a link to write to them; the rest is plain text.
    expect(notice.sentences.flat().filter((part) => part.href)).toEqual([
      { text: 'data@acme.example', href: 'mailto:data@acme.example' },
    ]);
  });

  it('takes every word from the file, the sentence around the list of what is collected too', () => {
    const notice = formNotice('callback', values, {
      ...noticeFile,
      collects: 'Hum {{collected}} lete hain.',
      grievance: 'Likhiye {{grievanceEmail}} par.',
    });
    expect(plainText(notice.sentences[0]!)).toBe(`Hum ${noticeFile.collected.callback} lete hain.`);
    expect(notice.sentences.at(-1)).toEqual([
      { text: 'Likhiye ' },
      { text: 'data@acme.example', href: 'mailto:data@acme.example' },
      { text: ' par.' },
    ]);
  });

  it('takes the retention period from the identity file on the site', () => {
    expect(site.privacy.retentionDays).toBeGreaterThan(0);
    expect(textOf(formNotice('contact', { ...values, retentionDays: site.privacy.retentionDays }))).toContain(
      `${site.privacy.retentionDays} days`,
    );
  });

  it('fails naming the file and the field when the wording file is wrong', () => {
    expect(() => readNotice({ ...noticeFile, version: 'last week' })).toThrow(
      /src\/content\/privacy-notice\.json: version: Write the date/,
    );
    const { callback: _dropped, ...collected } = noticeFile.collected;
    expect(() => readNotice({ ...noticeFile, collected })).toThrow(/collected\.callback/);
  });

  it('refuses a placeholder it does not know, naming it', () => {
    expect(() =>
      formNotice('contact', values, { ...noticeFile, purpose: 'We use it for {{marketing}} only.' }),
    ).toThrow(/unknown placeholder \{\{marketing\}\}/);
  });
});

describe('the list of what each form collects', () => {
  it('names every form kind with what it collects, from the notice file', () => {
    const html = formsCollectedHtml();
    expect(html.match(/<li>/g)).toHaveLength(FORM_KINDS.length);
    for (const kind of FORM_KINDS) {
      expect(html).toContain(`<strong>${noticeFile.formNames[kind]}:</strong>`);
      expect(html).toContain(`${noticeFile.collected[kind]}.</li>`);
    }
    expect(
      formsCollectedHtml({ ...noticeFile, formNames: { ...noticeFile.formNames, contact: 'Contact <Us> & co' } }),
    ).toContain('<strong>Contact &lt;Us&gt; &amp; co:</strong>');
  });

  it("takes the place of a policy's {{formsCollected}} line, and refuses it inside a sentence", () => {
    const html = withFormsCollected('<h3>What</h3>\n<p>{{ formsCollected }}</p>\n<p>More</p>', 'policy.md');
    expect(html).toBe(`<h3>What</h3>\n${formsCollectedHtml()}\n<p>More</p>`);
    expect(() => withFormsCollected('<p>See {{formsCollected}} here.</p>', 'policy.md')).toThrow(
      /policy\.md: \{\{formsCollected\}\} must stand alone/,
    );
  });
});
