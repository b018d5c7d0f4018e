import { fillTokens } from './tokens';

/*
 * The words of the notice every form shows before its send button, put
 * together for one form. Kept apart from the schema that checks the file
 * (src/lib/privacy-notice.ts), so the form islands can use it without
 * shipping a validator to the browser: the build has checked the file.
 */

export const YOUR_DATA_PATH = '/your-data';

/** The notice as one form shows it: plain strings. */
export interface FormNotice {
  version: string;
  heading: string;
  sentences: string[];
  links: { label: string; href: string }[];
}

export interface NoticeValues {
  company: string;
  retentionDays: number;
  /** The grievance officer's name or role and e-mail address, from the identity file. */
  grievanceOfficer: { name: string; email: string };
}

/** The parts of src/content/privacy-notice.json this needs. */
export interface NoticeWords {
  version: string;
  heading: string;
  collected: Record<string, string>;
  purpose: string;
  recipients: string;
  retention: string;
  adults: string;
  grievance: string;
  rightsLink: string;
  complainLink: string;
}

export function noticeFor(kind: string, values: NoticeValues, notice: NoticeWords): FormNotice {
  const fill = (text: string) =>
    fillTokens(
      text,
      {
        company: values.company,
        retentionDays: String(values.retentionDays),
        grievanceOfficer: values.grievanceOfficer.name,
        grievanceEmail: values.grievanceOfficer.email,
      },
      'src/content/privacy-notice.json',
    );
  return {
    version: notice.version,
    heading: notice.heading,
    sentences: [
      `We collect ${notice.collected[kind] ?? ''}.`,
      fill(notice.purpose),
      fill(notice.recipients),
      fill(notice.retention),
      fill(notice.adults),
      fill(notice.grievance),
    ],
    links: [
      { label: notice.rightsLink, href: YOUR_DATA_PATH },
      { label: notice.complainLink, href: `${YOUR_DATA_PATH}#complain` },
    ],
  };
}
