import { FORMS, type Field } from '../../src/lib/forms.ts';
import { escapeHtml } from '../../src/lib/tokens.ts';
import { site } from '../../src/site.ts';
import type { StoredSubmission } from './records.ts';

/*
 * The e-mails a submission produces: the lead for the team that answers it, and
 * an acknowledgement for the visitor. Plain text first, with a simple HTML part
 * in which everything the visitor typed is escaped. No tracking of any kind: no
 * pixels, no redirected links.
 */

export type MailChannel = 'team' | 'ack';

export interface OutgoingMail {
  /** Unique per submission and channel: the Message-ID's local part, and the .eml file's name locally. */
  id: string;
  to: string;
  replyTo?: { name: string; address: string } | undefined;
  subject: string;
  text: string;
  html: string;
}

/** The team addresses, from the company details (src/content/site.json, `leads`), LEADS_TO overriding sales. */
export interface LeadAddresses {
  sales: string;
  hiring: string;
  grievance: string;
}

export function leadAddresses(env: Record<string, string | undefined> = process.env): LeadAddresses {
  return {
    sales: env.LEADS_TO?.trim() || site.leads.salesEmail,
    hiring: site.leads.hiringEmail,
    grievance: site.privacy.grievanceOfficer.email,
  };
}

/** Who answers each kind of form. */
export function teamAddressFor(kind: StoredSubmission['kind'], addresses: LeadAddresses): string {
  if (kind === 'job-application') return addresses.hiring;
  if (kind === 'data-request') return addresses.grievance;
  return addresses.sales;
}

const FORM_NAMES: Record<StoredSubmission['kind'], string> = {
  'package-request': 'Package request',
  callback: 'Callback request',
  contact: 'Message',
  'data-request': 'Data request',
  'job-application': 'Job application',
};

/** The fields every form adds, which its visitor never sees. */
const SITE_LABELS: Record<string, string> = { serviceId: 'Service page', noticeVersion: 'Privacy notice version' };

/** "websiteUrl" as "Website url": a service's own questions have no label here. */
const humanise = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The field of a kind of form, as the form describes it (src/lib/forms.ts). */
const fieldOf = (kind: StoredSubmission['kind'], name: string): Field | undefined =>
  (FORMS[kind].fields as Record<string, Field>)[name];
/** The words a form showed for a choice, in place of its value. */
const choice = (kind: StoredSubmission['kind'], name: string, value: string) =>
  fieldOf(kind, name)?.options?.find((option) => option.value === value)?.label ?? value;

/** Every answer as a label and a value, in the order the form asks them. */
function answerRows(kind: StoredSubmission['kind'], fields: Record<string, unknown>): [string, string][] {
  return Object.entries(fields).flatMap(([name, value]): [string, string][] => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.entries(value as Record<string, unknown>).map(([question, answer]) => [
        humanise(question),
        String(answer),
      ]);
    }
    const field = fieldOf(kind, name);
    const label = field ? (field.written ?? field.label) : (SITE_LABELS[name] ?? humanise(name));
    if (typeof value === 'boolean') return [[label, value ? 'Yes, join the mailing list' : 'No']];
    return [[label, choice(kind, name, String(value))]];
  });
}

/** "27 Nov 2026, 15:30 IST": when the submission arrived, on the clock the team works by. */
export function istTime(iso: string): string {
  const text = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
  return `${text} IST`;
}

/** "Logo Design - Standard" as "Logo Design (Standard)". */
const servicePackage = (label: string) => label.replace(/^(.*) - ([^-]+)$/, '$1 ($2)');

/** What the visitor asked about, for the subject line. */
function topic(record: StoredSubmission): string | undefined {
  const fields = record.fields as Record<string, string | undefined>;
  if (record.kind === 'package-request') return fields.service && servicePackage(fields.service);
  if (record.kind === 'callback') return fields.service || undefined;
  if (record.kind === 'contact') return fields.subject;
  if (record.kind === 'job-application') return fields.role;
  if (record.kind === 'data-request') return fields.request && choice(record.kind, 'request', fields.request);
  return undefined;
}

function table(rows: [string, string][]): { text: string; html: string } {
  const text = rows.map(([label, value]) => `${label}: ${value.replaceAll('\n', '\n  ')}`).join('\n');
  const html = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th>` +
        `<td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return { text, html: `<table cellpadding="4">\n${html}\n</table>` };
}

const page = (body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"></head><body>\n${body}\n</body></html>`;

/** The lead for the team: who, what about, every answer, the id and the time in IST; Reply-To is the visitor. */
export function teamMail(record: StoredSubmission, addresses: LeadAddresses): OutgoingMail {
  const fields = record.fields as Record<string, string>;
  const about = topic(record);
  const subject = `${FORM_NAMES[record.kind]}: ${fields.name}${about ? `, ${about}` : ''}`;
  const rows: [string, string][] = [
    ...answerRows(record.kind, record.fields),
    ['Submission', record.id],
    ['Received', istTime(record.receivedAt)],
  ];
  const { text, html } = table(rows);
  return {
    id: `${record.id}.team`,
    to: teamAddressFor(record.kind, addresses),
    replyTo: { name: fields.name ?? '', address: fields.email ?? '' },
    subject,
    text: `${subject}\n\n${text}\n\nReply to this e-mail to answer ${fields.name}.\n`,
    html: page(
      `<p>${escapeHtml(subject)}</p>\n${html}\n<p>Reply to this e-mail to answer ${escapeHtml(fields.name ?? '')}.</p>`,
    ),
  };
}

const ACK_SUBJECTS: Record<StoredSubmission['kind'], string> = {
  'package-request': 'We have your package request',
  callback: 'We have your callback request',
  contact: 'We have your message',
  'data-request': 'We have your request about your data',
  'job-application': 'We have your job application',
};

/** The acknowledgement for the visitor: what they sent, what happens next and by when, and how else to reach us. */
export function acknowledgementMail(record: StoredSubmission, addresses: LeadAddresses, siteUrl: string): OutgoingMail {
  const fields = record.fields as Record<string, string>;
  const { leads } = site;
  const when =
    record.kind === 'data-request'
      ? `Our grievance officer answers within ${site.privacy.responseDays} days.`
      : `We answer within ${leads.answerWithinWorkingHours} working hours.`;
  const phoneHref = `tel:${site.phone.replace(/[^+0-9]/g, '')}`;
  const whatsappHref = site.whatsapp ? `https://wa.me/${site.whatsapp.replace(/[^0-9]/g, '')}` : undefined;
  const privacyHref = new URL('/privacy-policy', siteUrl).href;
  const { text: sentText, html: sentHtml } = table(answerRows(record.kind, record.fields));
  const text = [
    `Dear ${fields.name},`,
    '',
    `Thank you for writing to ${site.name}. This is what you sent us on ${istTime(record.receivedAt)}:`,
    '',
    sentText,
    '',
    `What happens next: a person at ${site.name} reads it and answers you. ${when} We work ${leads.workingHours}.`,
    '',
    `To reach us sooner, call ${site.phone} (${phoneHref})${whatsappHref ? ` or write on WhatsApp (${whatsappHref})` : ''}.`,
    `How we handle what you sent: ${privacyHref}`,
    '',
    `Your reference: ${record.id}`,
    `This e-mail answers the form you sent; we send nothing else unless you asked us to.`,
  ].join('\n');
  const html = page(
    [
      `<p>Dear ${escapeHtml(fields.name ?? '')},</p>`,
      `<p>Thank you for writing to ${escapeHtml(site.name)}. This is what you sent us on ${escapeHtml(istTime(record.receivedAt))}:</p>`,
      sentHtml,
      `<p>What happens next: a person at ${escapeHtml(site.name)} reads it and answers you. ${escapeHtml(when)} We work ${escapeHtml(leads.workingHours)}.</p>`,
      `<p>To reach us sooner, call <a href="${escapeHtml(phoneHref)}">${escapeHtml(site.phone)}</a>` +
        (whatsappHref ? ` or write on <a href="${escapeHtml(whatsappHref)}">WhatsApp</a>` : '') +
        '.</p>',
      `<p><a href="${escapeHtml(privacyHref)}">How we handle what you sent</a></p>`,
      `<p>Your reference: ${escapeHtml(record.id)}</p>`,
    ].join('\n'),
  );
  return {
    id: `${record.id}.ack`,
    to: fields.email ?? '',
    replyTo: { name: site.name, address: teamAddressFor(record.kind, addresses) },
    subject: ACK_SUBJECTS[record.kind],
    text: `${text}\n`,
    html,
  };
}

/** One alert to the team when deliveries were given up: the ids and what failed, nothing a visitor typed. */
export function givenUpAlertMail(
  givenUp: { id: string; channel: string; problem: string }[],
  addresses: LeadAddresses,
  runId: string,
): OutgoingMail {
  const lines = givenUp.map((entry) => `${entry.id}  ${entry.channel}: ${entry.problem}`);
  const subject = `Website: ${givenUp.length} lead${givenUp.length === 1 ? '' : 's'} could not be delivered`;
  const text = [
    `The website gave up delivering ${givenUp.length === 1 ? 'this lead' : 'these leads'}. Each is still stored;`,
    'see it with `npm run submissions` (with the site credentials), then fix the setting named below.',
    '',
    ...lines,
  ].join('\n');
  return {
    id: `alert.${runId}`,
    to: addresses.sales,
    subject,
    text: `${text}\n`,
    html: page(`<pre>${escapeHtml(text)}</pre>`),
  };
}
