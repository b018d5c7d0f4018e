import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { SubmissionConfig } from './config.ts';
import type { OutgoingMail } from './lead-mail.ts';

/*
 * Sending the site's e-mail: over SMTP through the company's own mail server
 * (SMTP_URL), or, with no SMTP_URL on a local run, as .eml files in a folder,
 * so the whole path works without an account.
 */

/** Each SMTP conversation step gives up after this long; a delivery run has 20 s in all. */
export const MAIL_TIMEOUT_MS = 8_000;

export interface Mailer {
  /** Where the mail goes, for `npm run submissions`: "smtp" or the .eml folder. */
  describe: string;
  /** Resolves when the mail server (or the folder) took the message; throws a MailProblem otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  /** Removes the local copies of a submission's messages (the .eml files); SMTP keeps none. */
  forget(submissionId: string): Promise<string[]>;
}

export class MailProblem extends Error {
  /** The server refused for good (a 5xx, a failed login): retrying cannot help. */
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.permanent = permanent;
  }
}

function message(mail: OutgoingMail, from: string) {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return {
    from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.id}@${domain}>`,
    // An automatic message: out-of-office replies and mailing-list software leave it alone (RFC 3834).
    headers: { 'Auto-Submitted': 'auto-generated' },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** What went wrong, without the message or an address in it. */
function problemOf(error: unknown): MailProblem {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  if (code === 'EAUTH') return new MailProblem('mail server refused the login in SMTP_URL', true);
  if (typeof responseCode === 'number') {
    return new MailProblem(`mail server answered ${responseCode}`, responseCode >= 500);
  }
  if (code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'ECONNECTION' || code === 'EDNS') {
    return new MailProblem(`mail server unreachable (${code})`, false);
  }
  return new MailProblem('mail could not be sent', false);
}

export function smtpMailer(url: string, from: string, { requireTLS = false } = {}): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS,
    requireTLS,
  });
  return {
    describe: 'smtp',
    async send(mail) {
      try {
        await transport.sendMail(message(mail, from));
      } catch (error) {
        throw problemOf(error);
      }
    },
    forget: async () => [],
  };
}

/** Messages written as `{id}.eml` files: one file per message id, so a second send of it changes nothing. */
export function emlMailer(directory: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: directory,
    async send(mail) {
      const { message: bytes } = (await transport.sendMail(message(mail, from))) as { message: Buffer };
      await mkdir(directory, { recursive: true });
      const path = join(directory, `${mail.id}.eml`);
      await writeFile(`${path}.tmp`, bytes);
      await rename(`${path}.tmp`, path);
    },
    async forget(submissionId) {
      const paths = ['team', 'ack'].map((channel) => join(directory, `${submissionId}.${channel}.eml`));
      await Promise.all(paths.map((path) => rm(path, { force: true })));
      return paths;
    },
  };
}

/** The mailer a configuration asks for; undefined where the site sends no mail (deploy previews). */
export function mailerFor(config: Pick<SubmissionConfig, 'mail'>): Mailer | undefined {
  const { mail } = config;
  if (!mail) return undefined;
  return mail.kind === 'smtp'
    ? smtpMailer(mail.url, mail.from, { requireTLS: mail.requireTLS })
    : emlMailer(mail.directory, mail.from);
}
