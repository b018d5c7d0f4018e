import * as z from 'zod/mini';

/*
 * The forms of the site and what the submission function accepts, written
 * once: the islands validate with these schemas as a visitor types, and the
 * function validates every request again with the same ones. Messages follow
 * the GOV.UK pattern: they say what to do, not what went wrong.
 *
 * zod/mini, not classic zod: the same rules in a few kilobytes of the browser's
 * download instead of some thirty.
 */

export const FORM_KINDS = ['package-request', 'callback', 'contact', 'data-request', 'job-application'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** "New project" comes first: most visitors of Contact Us are planning one. */
export const CONTACT_REASONS = [
  { value: 'new-project', label: 'New project' },
  { value: 'help-needed', label: 'Help Needed' },
  { value: 'general-question', label: 'General Question' },
  { value: 'complaint', label: 'Complaint' },
] as const;

/** Field length limits: generous for people, small enough to refuse abuse. */
export const LIMITS = {
  name: 100,
  email: 254,
  emailLocalPart: 64,
  phone: 30,
  service: 200,
  subject: 150,
  message: 5000,
  serviceField: 500,
  role: 100,
  link: 500,
  captchaToken: 10_000,
} as const;

// The usual pattern for an e-mail address: a local part of the characters RFC 5322
// allows without quoting, dot-separated, then a domain of labels of letters, digits
// and inner hyphens, each at most 63 characters.
const localPart = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const domainPart = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** The e-mail rule of every form, with a message for each way it can fail. */
export function emailProblem(value: string): string | undefined {
  if (value.length === 0) return 'Enter your email address';
  if (value.length > LIMITS.email) return `Email address must be ${LIMITS.email} characters or fewer`;
  const at = value.lastIndexOf('@');
  const local = at === -1 ? '' : value.slice(0, at);
  const domain = at === -1 ? '' : value.slice(at + 1);
  if (local.length > LIMITS.emailLocalPart)
    return `The part before the @ must be ${LIMITS.emailLocalPart} characters or fewer`;
  if (!localPart.test(local) || !domainPart.test(domain))
    return 'Enter an email address in the correct format, like name@example.com';
  return undefined;
}

/*
 * What a visitor types is forwarded to people and tools: a line break in a one-line answer can forge a
 * header or a log line, a control character can act on a terminal, and a bidi override can make text read
 * other than it is. One-line answers refuse all of them; a message keeps its line breaks only.
 */
const HIDDEN = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';
// Half of a surrogate pair (a cut emoji) is no character at all: mail and JSON tools replace or reject it.
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const lineBreakOrHidden = new RegExp(`[\\n\\r\\t${HIDDEN}]|${LONE_SURROGATE}`);
const hidden = new RegExp(`[\\t${HIDDEN}]|${LONE_SURROGATE}`);

/** Whether a one-line answer holds a line break, a control character or a bidi override. */
export const hasLineBreakOrHidden = (value: string) => lineBreakOrHidden.test(value);

const oneLine = (what: string) =>
  z.refine<string>((value) => !lineBreakOrHidden.test(value), {
    error: `Remove line breaks and hidden characters from ${what}`,
  });
const manyLines = (what: string) =>
  z.refine<string>((value) => !hidden.test(value), { error: `Remove hidden characters from ${what}` });

const required = (message: string, max: number, maxMessage: string, what: string, lines = oneLine) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: maxMessage }), lines(what));

const optional = (max: number, maxMessage: string, what: string, lines = oneLine) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, { error: maxMessage }), lines(what)), '');

const email = z.string({ error: 'Enter your email address' }).check(
  z.trim(),
  z.superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  }),
);

const name = required('Enter your name', LIMITS.name, `Name must be ${LIMITS.name} characters or fewer`, 'your name');
const message = required(
  'Enter a message',
  LIMITS.message,
  'Message must be 5,000 characters or fewer',
  'your message',
  manyLines,
);
const captcha = z
  .string({ error: 'Complete the check that you are not a robot' })
  .check(
    z.minLength(1, { error: 'Complete the check that you are not a robot' }),
    z.maxLength(LIMITS.captchaToken, { error: 'The robot check answer is too long; please try the check again' }),
  );

/**
 * The version (a date) of the notice the form showed before its send button, so
 * a stored submission, and a consent in it, says which wording its sender saw
 * (src/content/privacy-notice.json). Every form sends it; a request without it
 * did not come from a form of this site as it is.
 */
const noticeVersion = z
  .string({ error: 'Reload the page and send the form again' })
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Reload the page and send the form again' }));

/**
 * A field people never see. A person leaves it empty; a bot that fills every
 * field gives itself away. The function stores such a submission as spam.
 */
const honeypot = z._default(z.string().check(z.maxLength(1000)), '');

/** Answers to a service's own questions (domain, platform, ...): checked against the service by `serviceFieldsProblems`. */
const serviceFields = z._default(
  z
    .record(
      z.string().check(z.regex(/^[a-zA-Z]{1,40}$/)),
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(LIMITS.serviceField, { error: `Answers must be ${LIMITS.serviceField} characters or fewer` }),
          oneLine('your answer'),
        ),
    )
    .check(z.refine((fields) => Object.keys(fields).length <= 10, { error: 'Too many answers' })),
  {},
);

export const packageRequestSchema = z.object({
  kind: z.literal('package-request'),
  name,
  email,
  phone: required(
    'Enter your phone number',
    LIMITS.phone,
    `Phone number must be ${LIMITS.phone} characters or fewer`,
    'your phone number',
  ),
  /** The service's address on the site (its slug): tells the function which questions it asks. */
  serviceId: z
    .string({ error: 'Choose a service and package' })
    .check(z.regex(/^[\p{Ll}\p{M}\p{N}_-]{1,80}$/u, { error: 'Choose a service and package' })),
  service: required(
    'Choose a service and package',
    LIMITS.service,
    `Service must be ${LIMITS.service} characters or fewer`,
    'the service',
  ),
  message,
  serviceFields,
  noticeVersion,
  'h-captcha-response': captcha,
  website: honeypot,
});

export const callbackSchema = z.object({
  kind: z.literal('callback'),
  name: required(
    'Enter your full name',
    LIMITS.name,
    `Full name must be ${LIMITS.name} characters or fewer`,
    'your name',
  ),
  email,
  phone: optional(LIMITS.phone, `Phone number must be ${LIMITS.phone} characters or fewer`, 'your phone number'),
  service: optional(LIMITS.service, `Service must be ${LIMITS.service} characters or fewer`, 'the service'),
  message,
  noticeVersion,
  'h-captcha-response': captcha,
  website: honeypot,
});

export const contactSchema = z.object({
  kind: z.literal('contact'),
  name,
  email,
  /** Optional: for a visitor who would rather be called back than written to. */
  phone: optional(LIMITS.phone, `Phone number must be ${LIMITS.phone} characters or fewer`, 'your phone number'),
  subject: required(
    'Enter a subject',
    LIMITS.subject,
    `Subject must be ${LIMITS.subject} characters or fewer`,
    'the subject',
  ),
  reason: z.enum(
    CONTACT_REASONS.map((reason) => reason.value) as ['new-project', 'help-needed', 'general-question', 'complaint'],
    { error: 'Select a reason for your message' },
  ),
  message,
  optIn: z._default(z.boolean({ error: 'Choose whether to join the mailing list' }), false),
  noticeVersion,
  'h-captcha-response': captcha,
  website: honeypot,
});

/** What a person can ask about the personal data the forms collected from them. */
export const DATA_REQUESTS = [
  { value: 'copy', label: 'A copy of my data' },
  { value: 'correction', label: 'Correct or complete my data' },
  { value: 'erasure', label: 'Erase my data' },
  { value: 'withdraw-consent', label: 'Stop sending me the newsletter (withdraw consent)' },
] as const;

export const dataRequestSchema = z.object({
  kind: z.literal('data-request'),
  name,
  /** The address the person used in the forms: their data is found by it. */
  email,
  request: z.enum(DATA_REQUESTS.map((entry) => entry.value) as ['copy', 'correction', 'erasure', 'withdraw-consent'], {
    error: 'Select what you would like us to do',
  }),
  details: optional(LIMITS.message, 'Details must be 5,000 characters or fewer', 'the details', manyLines),
  noticeVersion,
  'h-captcha-response': captcha,
  website: honeypot,
});

/** An application for one of the open roles on /join-us, with a link to the applicant's CV or portfolio. */
export const jobApplicationSchema = z.object({
  kind: z.literal('job-application'),
  name,
  email,
  phone: optional(LIMITS.phone, `Phone number must be ${LIMITS.phone} characters or fewer`, 'your phone number'),
  /** The role applied for, as the Join us page names it. */
  role: required(
    'Choose the role you are applying for',
    LIMITS.role,
    `Role must be ${LIMITS.role} characters or fewer`,
    'the role',
  ),
  /** Where the CV or portfolio can be read: a shared document, a LinkedIn or GitHub profile, a personal site. */
  cvUrl: z.pipe(
    z.string({ error: 'Enter a link to your CV or portfolio' }).check(
      z.trim(),
      z.superRefine((value, ctx) => {
        const problem = !value
          ? 'Enter a link to your CV or portfolio'
          : value.length > LIMITS.link
            ? `The link must be ${LIMITS.link} characters or fewer`
            : !isWebAddress(value)
              ? 'Enter the link in the correct format, like https://example.com/my-cv.pdf'
              : undefined;
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
      }),
    ),
    // Kept as the address that was checked, never as typed: what tools make a link of is a plain http(s) URL.
    z.transform((value: string) => normalWebAddress(value) ?? value),
  ),
  message: required(
    'Tell us a little about yourself',
    LIMITS.message,
    'Message must be 5,000 characters or fewer',
    'your message',
    manyLines,
  ),
  noticeVersion,
  'h-captcha-response': captcha,
  website: honeypot,
});

/*
 * The fields a visitor fills in, without the robot check and the notice version
 * the form adds itself: what a form checks as the visitor types and before it
 * asks for the check, the last step.
 */
const withoutCaptcha = { 'h-captcha-response': true, noticeVersion: true } as const;
export const packageRequestFields = z.omit(packageRequestSchema, withoutCaptcha);
export const callbackFields = z.omit(callbackSchema, withoutCaptcha);
export const contactFields = z.omit(contactSchema, withoutCaptcha);
export const dataRequestFields = z.omit(dataRequestSchema, withoutCaptcha);
export const jobApplicationFields = z.omit(jobApplicationSchema, withoutCaptcha);

/** Any of the forms, told apart by `kind`. */
export const submissionSchema = z.discriminatedUnion(
  'kind',
  [packageRequestSchema, callbackSchema, contactSchema, dataRequestSchema, jobApplicationSchema],
  { error: 'Say which form this is: package-request, callback, contact, data-request or job-application' },
);

export type PackageRequest = z.infer<typeof packageRequestSchema>;
export type CallbackRequest = z.infer<typeof callbackSchema>;
export type ContactMessage = z.infer<typeof contactSchema>;
export type DataRequest = z.infer<typeof dataRequestSchema>;
export type JobApplication = z.infer<typeof jobApplicationSchema>;
export type Submission = z.infer<typeof submissionSchema>;

/** One message per field, keyed by the field's name ("serviceFields.domain" for a service question). */
export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A service's own question, as the content collection describes it. */
export interface ServiceQuestion {
  name: string;
  label: string;
  type: 'text' | 'url' | 'select';
  required: boolean;
  options?: readonly string[] | undefined;
}

/** Checks the answers to a service's questions: required ones given, URLs well formed, selects one of their options. */
export function serviceFieldsProblems(
  questions: readonly ServiceQuestion[],
  answers: Readonly<Record<string, string>>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const question of questions) {
    const value = (answers[question.name] ?? '').trim();
    const key = `serviceFields.${question.name}`;
    if (!value) {
      if (question.required)
        errors[key] =
          question.type === 'select' ? `Select ${lowerFirst(question.label)}` : `Enter ${lowerFirst(question.label)}`;
      continue;
    }
    if (question.type === 'url' && !isWebAddress(value))
      errors[key] = 'Enter a web address in the correct format, like https://example.com';
    if (question.type === 'select' && !question.options?.includes(value))
      errors[key] = `Select ${lowerFirst(question.label)} from the list`;
  }
  for (const name of Object.keys(answers)) {
    if (!questions.some((question) => question.name === name))
      errors[`serviceFields.${name}`] = 'This service does not ask this question';
  }
  return errors;
}

function lowerFirst(label: string): string {
  // Keep acronyms and names as written ("CRM tool", "URL"); lower only an ordinary capital.
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/**
 * A web address as the forms keep it: http or https, a dotted host name, no user name or password (which
 * would let `javascript:…@host` pass as a host), "https://" added when no scheme was typed.
 */
export function normalWebAddress(value: string): string | undefined {
  if (hasLineBreakOrHidden(value)) return undefined;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
    const plain = (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    return plain && url.hostname.includes('.') ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const isWebAddress = (value: string) => normalWebAddress(value) !== undefined;
