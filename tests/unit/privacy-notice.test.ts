import { describe, expect, it } from 'vitest';
import noticeFile from '../../src/content/privacy-notice.json';
import { formNotice, NOTICE_FORM_KINDS, readNotice } from '../../src/lib/privacy-notice';
import { site } from '../../src/site';

describe('the form notice', () => {
  const values = {
    company: 'Acme Studio',
    retentionDays: 45,
    grievanceOfficer: { name: 'Priya Nair, Data Officer', email: 'data@acme.example' },
  };

  it.each(NOTICE_FORM_KINDS)('for the %s form says what it collects, why, who gets it and for how long', (kind) => {
    const notice = formNotice(kind, values);
    const text = notice.sentences.join(' ');
    expect(text).toContain(`We collect ${noticeFile.collected[kind]}.`);
    expect(text).toContain('45 days');
    expect(text).toContain('Acme Studio');
    expect(text).toMatch(/adults/);
    expect(text).toContain('Priya Nair, Data Officer');
    expect(text).toContain('data@acme.example');
    expect(text).not.toMatch(/\{\{/);
    expect(notice.version).toBe(noticeFile.version);
    expect(notice.links.map((link) => link.href)).toEqual(['/your-data', '/your-data#complain']);
  });

  it('takes the retention period from the identity file on the site', () => {
    expect(site.privacy.retentionDays).toBeGreaterThan(0);
    expect(
      formNotice('contact', { ...values, retentionDays: site.privacy.retentionDays }).sentences.join(' '),
    ).toContain(`${site.privacy.retentionDays} days`);
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
