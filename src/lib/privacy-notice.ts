import { z } from 'zod';
import noticeFile from '../content/privacy-notice.json' with { type: 'json' };
import { noticeFor, type FormNotice, type NoticeValues } from './form-notice';

/*
 * The notice every form shows before its send button: what it collects, why,
 * who receives it, how long it is kept, and where to ask for the data, its
 * correction or erasure, or to complain. The words live in
 * src/content/privacy-notice.json so the company can change them; this module
 * checks that file and fills in the figures from the site's identity.
 */

export const NOTICE_FORM_KINDS = ['package-request', 'callback', 'contact', 'data-request', 'job-application'] as const;
export type NoticeFormKind = (typeof NOTICE_FORM_KINDS)[number];

const sentence = (what: string) =>
  z
    .string()
    .min(10)
    .max(400)
    .describe(
      `${what} One or two plain sentences; {{company}}, {{retentionDays}}, {{grievanceOfficer}} and ` +
        `{{grievanceEmail}} are filled in from the company details.`,
    );

export const privacyNoticeSchema = z.object({
  version: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write the date of the change as YYYY-MM-DD')
    .describe(
      'The date this wording took effect (YYYY-MM-DD). Change it whenever the wording changes: every ' +
        'submission records the version its sender saw.',
    ),
  heading: z.string().min(5).max(80).describe('The notice\'s heading, e.g. "What happens to what you send".'),
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
  purpose: sentence('What the data is used for.'),
  recipients: sentence('Who receives the data and who stores it for the company.'),
  retention: sentence('How long the data is kept.'),
  adults: sentence('That the forms are for adults.'),
  grievance: sentence('Who answers questions and complaints about personal data, and how to reach them.'),
  rightsLink: z.string().min(10).max(120).describe('The text of the link to the "Your data" page.'),
  complainLink: z.string().min(10).max(120).describe('The text of the link to the complaints section.'),
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

/** The notice for one form, with the company's name and retention period filled in. */
export function formNotice(kind: NoticeFormKind, values: NoticeValues, file: unknown = noticeFile): FormNotice {
  return noticeFor(kind, values, readNotice(file));
}
