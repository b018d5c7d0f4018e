import { z } from 'zod';
import noticeFile from '../content/privacy-notice.json' with { type: 'json' };
import { FORM_KINDS } from './forms';
import { noticeFor, type FormNotice, type NoticeValues } from './form-notice';

/*
 * The notice every form shows before its send button: what it collects, why,
 * who receives it, how long it is kept, and where to ask for the data, its
 * correction or erasure, or to complain. The words live in
 * src/content/privacy-notice.json so the company can change them; this module
 * checks that file and fills in the figures from the site's identity.
 */

/** Every form kind the function accepts: a form added later cannot go without its notice. */
export const NOTICE_FORM_KINDS = FORM_KINDS;
export type NoticeFormKind = (typeof NOTICE_FORM_KINDS)[number];

const sentence = (what: string) =>
  z
    .string()
    .min(10)
    .max(400)
    .describe(
      `${what} One or two plain sentences; {{company}}, {{retentionDays}}, {{grievanceOfficer}} and ` +
        `{{grievanceEmail}} (shown as a link to write to them) are filled in from the company details, ` +
        `{{collected}} from the form's list above.`,
    );

export const privacyNoticeSchema = z.object({
  version: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write the date of the change as YYYY-MM-DD')
    .describe(
      'The date this wording took effect (YYYY-MM-DD). Change it whenever the wording changes: every ' +
        'submission records the version its sender saw.',
    ),
  earlierVersions: z
    .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Write each date as YYYY-MM-DD'))
    .max(50)
    .default([])
    .describe(
      'Earlier versions still accepted from a page opened before a change: when you change the version, add ' +
        'the old one here. A submission naming any other version is refused.',
    ),
  heading: z.string().min(5).max(80).describe('The notice\'s heading, e.g. "What happens to what you send".'),
  formNames: z
    .object(
      Object.fromEntries(
        NOTICE_FORM_KINDS.map((kind) => [
          kind,
          z.string().min(3).max(80).describe(`The name of the ${kind} form, as the privacy policy lists it.`),
        ]),
      ) as Record<NoticeFormKind, z.ZodString>,
    )
    .describe(
      "For each form, its name in the privacy policy's and the Your data page's list of what each form collects.",
    ),
  collected: z
    .object(
      Object.fromEntries(
        NOTICE_FORM_KINDS.map((kind) => [
          kind,
          z.string().min(10).max(400).describe(`What the ${kind} form collects, as a list in one sentence.`),
        ]),
      ) as Record<NoticeFormKind, z.ZodString>,
    )
    .describe('For each form, the personal data it collects, item by item.'),
  collects: sentence('The sentence that names what the form collects, with {{collected}} where the list goes.'),
  purpose: sentence('What the data is used for.'),
  recipients: sentence('Who receives the data and who stores it for the company.'),
  retention: sentence('How long the data is kept.'),
  adults: sentence('That the forms are for adults.'),
  grievance: sentence('Who answers questions and complaints about personal data, and how to reach them.'),
  rightsLink: z.string().min(10).max(120).describe('The text of the link to the "Your data" page.'),
  complainLink: z.string().min(10).max(120).describe('The text of the link to the complaints section.'),
  boardLink: z
    .string()
    .min(10)
    .max(120)
    .describe('The text of the link to the Data Protection Board of India (its address is in the company details).'),
});

export type PrivacyNoticeFile = z.infer<typeof privacyNoticeSchema>;

export { YOUR_DATA_PATH, noticeFor, type FormNotice, type NoticeValues } from './form-notice';

/** Reads and checks the notice file; a wrong file fails the build naming the file and the field. */
export function readNotice(file: unknown = noticeFile): PrivacyNoticeFile {
  const parsed = privacyNoticeSchema.safeParse(file);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new Error(`src/content/privacy-notice.json: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** The notice versions a form may send: the current one and the earlier ones the file lists. */
export function publishedNoticeVersions(file: unknown = noticeFile): string[] {
  const notice = readNotice(file);
  return [notice.version, ...notice.earlierVersions];
}

/** The notice for one form, with the company's name and retention period filled in. */
export function formNotice(kind: NoticeFormKind, values: NoticeValues, file: unknown = noticeFile): FormNotice {
  return noticeFor(kind, values, readNotice(file));
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * What each form collects, one item for every form kind, as HTML: the privacy
 * policy and the Your data page show this list, so it never falls behind the
 * notice the forms show.
 */
export function formsCollectedHtml(file: unknown = noticeFile): string {
  const notice = readNotice(file);
  const items = NOTICE_FORM_KINDS.map(
    (kind) => `<li><strong>${escapeHtml(notice.formNames[kind])}:</strong> ${escapeHtml(notice.collected[kind])}.</li>`,
  );
  return `<ul>\n${items.join('\n')}\n</ul>`;
}

const FORMS_LINE = /<p>\{\{\s*formsCollected\s*\}\}<\/p>/g;

/** A policy's HTML with the list of what each form collects in place of its `{{formsCollected}}` line. */
export function withFormsCollected(html: string, source: string, file: unknown = noticeFile): string {
  const filled = html.replace(FORMS_LINE, () => formsCollectedHtml(file));
  if (/\{\{\s*formsCollected\s*\}\}/.test(filled)) {
    throw new Error(`${source}: {{formsCollected}} must stand alone on its own line, with blank lines around it.`);
  }
  return filled;
}
