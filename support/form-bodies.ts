import noticeWords from '../src/content/privacy-notice.json' with { type: 'json' };

/*
 * Valid bodies of POST /api/contact, one per form, as the site's forms send
 * them: the tests, the load script and the fault test all send these.
 */

export const person = {
  name: 'Asha Verma',
  email: 'asha.verma@example.com',
  phone: '+91 98100 12345',
  message: 'We need a new website for our clinic.',
};

/** The version of the notice the forms show: every submission records it. */
export const NOTICE_VERSION = noticeWords.version;

export type FormKind = 'package-request' | 'callback' | 'contact' | 'data-request' | 'job-application';

/** Each form's body with the given captcha token (and the sender's answers changed by `who`, if given). */
export function formBodies(token: string, who: Partial<typeof person> = {}): Record<FormKind, Record<string, unknown>> {
  const sender = { ...person, ...who };
  const common = { noticeVersion: NOTICE_VERSION, 'h-captcha-response': token };
  return {
    'package-request': {
      kind: 'package-request',
      ...sender,
      serviceId: 'seo',
      service: 'SEO - Growth',
      serviceFields: { websiteUrl: 'https://clinic.example', targetLocation: 'Delhi NCR' },
      ...common,
    },
    callback: { kind: 'callback', ...sender, service: 'Web Hosting', ...common },
    contact: {
      kind: 'contact',
      ...sender,
      subject: 'Opening hours',
      reason: 'general-question',
      optIn: true,
      ...common,
    },
    'data-request': {
      kind: 'data-request',
      name: sender.name,
      email: sender.email,
      request: 'erasure',
      details: 'Please erase what I sent.',
      ...common,
    },
    'job-application': {
      kind: 'job-application',
      ...sender,
      role: 'Software Trainee',
      cvUrl: 'https://portfolio.example/asha-verma',
      message: 'I build small web apps and would like to learn from a team.',
      ...common,
    },
  };
}
