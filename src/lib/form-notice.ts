import { fillTokens } from './tokens';

/*
 * The words of the notice every form shows before its send button, put
 * together for one form. Kept apart from the schema that checks the file
 * (src/lib/privacy-notice.ts), so the form islands can use it without
 * shipping a validator to the browser: the build has checked the file.
 * Every word is the content file's; this module only decides the order and
 * which placeholders become links.
 */

export const YOUR_DATA_PATH = '/your-data';

/** A piece of the notice's text; one with an href is a link. */
export interface NoticePart {
  text: string;
  href?: string;
}

/** The notice as one form shows it: plain strings. */
export interface FormNotice {
  version: string;
  heading: string;
  /** The notice's sentences, each as the pieces it is shown in. */
  sentences: NoticePart[][];
  links: { label: string; href: string }[];
}

export interface NoticeValues {
  company: string;
  retentionDays: number;
  /** The grievance officer's name or role and e-mail address, from the identity file. */
  grievanceOfficer: { name: string; email: string };
  /** Where the Data Protection Board of India publishes its details, from the identity file. */
  dataProtectionBoardUrl: string;
}

/** The parts of src/content/privacy-notice.json this needs. */
export interface NoticeWords {
  version: string;
  heading: string;
  collected: Record<string, string>;
  collects: string;
  purpose: string;
  recipients: string;
  retention: string;
  adults: string;
  grievance: string;
  rightsLink: string;
  complainLink: string;
  boardLink: string;
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** Fills a sentence's placeholders; those named in `linked` become links to the given address. */
function fillParts(text: string, values: Record<string, string>, linked: Record<string, string>): NoticePart[] {
  const fill = (piece: string) => fillTokens(piece, values, 'src/content/privacy-notice.json');
  const parts: NoticePart[] = [];
  let from = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const href = linked[match[1]!];
    if (href === undefined) continue;
    parts.push({ text: fill(text.slice(from, match.index)) }, { text: values[match[1]!]!, href });
    from = match.index + match[0].length;
  }
  parts.push({ text: fill(text.slice(from)) });
  return parts.filter((part) => part.text !== '');
}

/** A sentence as one string, links as their text. */
export const plainText = (sentence: NoticePart[]) => sentence.map((part) => part.text).join('');

export function noticeFor(kind: string, values: NoticeValues, notice: NoticeWords): FormNotice {
  const filled = {
    company: values.company,
    retentionDays: String(values.retentionDays),
    grievanceOfficer: values.grievanceOfficer.name,
    grievanceEmail: values.grievanceOfficer.email,
    collected: notice.collected[kind] ?? '',
  };
  const linked = { grievanceEmail: `mailto:${values.grievanceOfficer.email}` };
  return {
    version: notice.version,
    heading: notice.heading,
    sentences: [
      notice.collects,
      notice.purpose,
      notice.recipients,
      notice.retention,
      notice.adults,
      notice.grievance,
    ].map((text) => fillParts(text, filled, linked)),
    links: [
      { label: notice.rightsLink, href: YOUR_DATA_PATH },
      { label: notice.complainLink, href: `${YOUR_DATA_PATH}#complain` },
      { label: notice.boardLink, href: values.dataProtectionBoardUrl },
    ],
  };
}
