import * as z from 'zod/mini';

/*
 * Every form of the site, described once: its fields in the order shown, each with its label, hint, input type and
 * the rule its answer must pass. The islands draw and check a form from it (src/islands/forms/FormFrame.tsx), and the
 * function checks every request again with the schema made from it. Messages say what to do, as GOV.UK's do.
 * zod/mini, not classic zod: the same rules in a few kilobytes of download instead of some thirty. Plain Node imports
 * this file too (scripts/submissions.ts, through netlify/lib), so it imports nothing local.
 */

/** Field length limits: generous for people, small enough to refuse abuse. */
const LIMITS = {
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

const oneLine = (what: string) =>
  z.refine<string>((value) => !lineBreakOrHidden.test(value), {
    error: `Remove line breaks and hidden characters from ${what}`,
  });
const manyLines = (what: string) =>
  z.refine<string>((value) => !hidden.test(value), { error: `Remove hidden characters from ${what}` });

export interface Option {
  value: string;
  label: string;
}

/** One field of a form: what the visitor sees, and the rule the browser and the function check its answer with. */
export interface Field<Rule extends z.ZodMiniType = z.ZodMiniType> {
  label: string;
  /** Its label where the answers are written out (the fallback e-mail, the team's lead), when not the label. */
  written?: string;
  hint?: string;
  /** "questions": the service's own questions (src/content.config.ts), which the page gives. */
  type?: 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select' | 'checkbox' | 'questions';
  autoComplete?: string;
  options?: readonly Option[];
  /** The visitor must answer it; any other field they type in says "(optional)". */
  required?: boolean;
  /** Given by the page (the service asked about), not typed: shown read-only. */
  given?: boolean;
  rule: Rule;
}

interface TextField extends Omit<Field, 'rule' | 'required' | 'options'> {
  max: number;
  /** What to say when it is left empty; without it the answer is optional, and '' when absent. */
  missing?: string | undefined;
  /** Its name in "… must be 100 characters or fewer", when not the label. */
  noun?: string;
  /** What it is in "Remove line breaks and hidden characters from …". */
  what: string;
}

/** A typed answer, trimmed; a textarea's keeps its line breaks. */
function text({ max, missing, noun, what, ...field }: TextField) {
  const tooLong = `${noun ?? field.label} must be ${max.toLocaleString('en-IN')} characters or fewer`;
  const checks = [z.maxLength(max, { error: tooLong }), (field.type === 'textarea' ? manyLines : oneLine)(what)];
  const rule = missing
    ? z.string({ error: missing }).check(z.trim(), z.minLength(1, { error: missing }), ...checks)
    : z._default(z.string().check(z.trim(), ...checks), '');
  return { ...field, required: Boolean(missing) && !field.given, rule };
}

/** A choice among options, whose value is sent. */
function choice<const V extends string>({ options, missing, ...field }: Omit<Field, 'rule'> & ChoiceOf<V>) {
  const values = options.map((option) => option.value) as [V, ...V[]];
  return { ...field, type: 'select' as const, options, required: true, rule: z.enum(values, { error: missing }) };
}
interface ChoiceOf<V extends string> {
  options: readonly { value: V; label: string }[];
  missing: string;
}

const email = z.string({ error: 'Enter your email address' }).check(
  z.trim(),
  z.superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  }),
);

const yourName = text({
  label: 'Name',
  autoComplete: 'name',
  missing: 'Enter your name',
  max: LIMITS.name,
  what: 'your name',
});
const yourEmail = { label: 'Email', type: 'email', autoComplete: 'email', required: true, rule: email } as const;
const yourPhone = (missing?: string) =>
  text({
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    missing,
    noun: 'Phone number',
    max: LIMITS.phone,
    what: 'your phone number',
  });
const yourMessage = text({
  label: 'Message',
  type: 'textarea',
  missing: 'Enter a message',
  max: LIMITS.message,
  what: 'your message',
});

/** Answers to a service's own questions (domain, platform, ...): checked against the service by `serviceFieldsProblems`. */
const serviceQuestions = {
  label: "The service's own questions",
  type: 'questions',
  rule: z._default(
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
  ),
} as const;

/** Where the CV or portfolio can be read: a shared document, a LinkedIn or GitHub profile, a personal site. */
const cvUrl = z.pipe(
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
);

const captcha = z
  .string({ error: 'Complete the check that you are not a robot' })
  .check(
    z.minLength(1, { error: 'Complete the check that you are not a robot' }),
    z.maxLength(LIMITS.captchaToken, { error: 'The robot check answer is too long; please try the check again' }),
  );

/** What every form adds to the visitor's answers, and the function requires of every request. */
const everyForm = {
  /**
   * The version (a date) of the notice the form showed before its send button, so a stored submission, and a
   * consent in it, says which wording its sender saw (src/content/privacy-notice.json). A request without it did
   * not come from a form of this site as it is.
   */
  noticeVersion: z
    .string({ error: 'Reload the page and send the form again' })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Reload the page and send the form again' })),
  'h-captcha-response': captcha,
  /** A field people never see: a bot that fills every field gives itself away, and is stored as spam. */
  website: z._default(z.string().check(z.maxLength(1000)), ''),
};

type Fields = Record<string, Field>;
type Rules = Record<string, z.ZodMiniType>;
/** A form's answers as its mail subject and confirmation read them: one value per field. */
type Answers<F extends Fields> = {
  [N in keyof F]: z.output<F[N]['rule']> extends string ? string : z.output<F[N]['rule']>;
};

/** One form: its fields, the words around them, and what the visitor is told. */
interface Description<K extends string, F extends Fields, S extends Rules> {
  kind: K;
  /** The id of a field's control ("serviceFields.domain" for a service's question). */
  fieldId: (name: string) => string;
  /** The group of a page's form, read by screen readers only; a dialog's title says it. */
  legend?: string;
  fields: F;
  /** Sent with the answers, never shown: which service a request is about. */
  alsoSent?: S;
  /** The send button's words. */
  send: string;
  /** "message", "request" or "application": what the visitor is told was not sent. */
  noun: string;
  /** Send as soon as the robot check gives its token, when the fields are valid. */
  sendOnToken?: boolean;
  /** The subject of the e-mail that carries what was typed, when the form cannot be sent. */
  mailSubject(answers: Answers<F>): string;
  /** What a page's form says once its answers were stored (a dialog's form says it in a notice). */
  confirmation?(answers: Answers<F>): string;
}

type Shape<K extends string, F extends Fields, S extends Rules> = { kind: z.ZodMiniLiteral<K> } & {
  [N in keyof F]: F[N]['rule'];
} & S &
  typeof everyForm;

/** A form's description with the schemas made from it: what the function accepts, and what the visitor fills in. */
function describeForm<
  const K extends string,
  const F extends Fields,
  const S extends Rules = Record<never, z.ZodMiniType>,
>(form: Description<K, F, S>) {
  const rules = Object.fromEntries(Object.entries(form.fields).map(([name, field]) => [name, field.rule]));
  const schema = z.object({ kind: z.literal(form.kind), ...rules, ...form.alsoSent, ...everyForm } as Shape<K, F, S>);
  const answersSchema = z.omit(schema, { noticeVersion: true, 'h-captcha-response': true });
  return { ...form, schema, answersSchema: answersSchema as z.ZodMiniType };
}

export type FormDescription = Description<FormKind, Fields, Rules> & { answersSchema: z.ZodMiniType };

const optionLabel = (options: readonly Option[] | undefined, value: string) =>
  options?.find((option) => option.value === value)?.label;

export const packageRequestForm = describeForm({
  kind: 'package-request',
  fieldId: (name) => `request-${name.replace('.', '-')}`,
  fields: {
    name: yourName,
    email: { ...yourEmail, hint: 'We will only use this to reply to you.' },
    phone: yourPhone('Enter your phone number'),
    // Below Phone, where the callback form has its own: the name field is the first in both dialogs.
    service: text({
      label: 'Service',
      given: true,
      missing: 'Choose a service and package',
      max: LIMITS.service,
      what: 'the service',
    }),
    serviceFields: serviceQuestions,
    message: { ...yourMessage, hint: 'What do you want to achieve? Any deadline?' },
  },
  alsoSent: {
    /** The service's address on the site (its slug): tells the function which questions it asks. */
    serviceId: z
      .string({ error: 'Choose a service and package' })
      .check(z.regex(/^[\p{Ll}\p{M}\p{N}_-]{1,80}$/u, { error: 'Choose a service and package' })),
  },
  send: 'Send request',
  noun: 'request',
  sendOnToken: true,
  mailSubject: ({ service }) => `Request: ${service}`,
});

export const callbackForm = describeForm({
  kind: 'callback',
  fieldId: (name) => `callback-${name}`,
  fields: {
    name: text({
      label: 'Full Name',
      written: 'Full name',
      autoComplete: 'name',
      missing: 'Enter your full name',
      noun: 'Full name',
      max: LIMITS.name,
      what: 'your name',
    }),
    email: yourEmail,
    phone: yourPhone(),
    service: text({
      label: 'Service Interested In',
      written: 'Service interested in',
      given: true,
      noun: 'Service',
      max: LIMITS.service,
      what: 'the service',
    }),
    message: yourMessage,
  },
  send: 'Submit',
  noun: 'request',
  mailSubject: ({ service }) => (service ? `Callback request: ${service}` : 'Callback request'),
});

export const contactForm = describeForm({
  kind: 'contact',
  fieldId: (name) => `contact-${name}`,
  legend: 'Your message',
  fields: {
    name: yourName,
    email: yourEmail,
    /** Optional: for a visitor who would rather be called back than written to. */
    phone: { ...yourPhone(), hint: 'If you would rather we called you.' },
    subject: text({
      label: 'Subject',
      hint: 'A few words, like “New website for our shop”.',
      missing: 'Enter a subject',
      max: LIMITS.subject,
      what: 'the subject',
    }),
    // "New project" comes first: most visitors of Contact Us are planning one.
    reason: choice({
      label: 'Reason',
      options: [
        { value: 'new-project', label: 'New project' },
        { value: 'help-needed', label: 'Help Needed' },
        { value: 'general-question', label: 'General Question' },
        { value: 'complaint', label: 'Complaint' },
      ],
      missing: 'Select a reason for your message',
    }),
    message: yourMessage,
    optIn: {
      label: 'Subscribe me to the mailing list: news and offers, about once a month. You can leave at any time.',
      written: 'Newsletter',
      type: 'checkbox',
      rule: z._default(z.boolean({ error: 'Choose whether to join the mailing list' }), false),
    },
  },
  send: 'Send message',
  noun: 'message',
  mailSubject: ({ subject }) => subject.trim() || 'Message from the website',
  confirmation: ({ subject, optIn }) =>
    optIn
      ? `Your ${subject.trim()} message has been sent and you've been subscribed to the mailing list!`
      : `Your ${subject.trim()} message has been sent!`,
});

/** What a person can ask about the personal data the forms collected from them. */
const DATA_REQUESTS = [
  { value: 'copy', label: 'A copy of my data' },
  { value: 'correction', label: 'Correct or complete my data' },
  { value: 'erasure', label: 'Erase my data' },
  { value: 'withdraw-consent', label: 'Stop sending me the newsletter (withdraw consent)' },
] as const;

export const dataRequestForm = describeForm({
  kind: 'data-request',
  fieldId: (name) => `data-request-${name}`,
  legend: 'Your request',
  fields: {
    name: yourName,
    /** The address the person used in the forms: their data is found by it. */
    email: { ...yourEmail, hint: 'The address you used in our forms: we find your data by it.' },
    request: choice({
      label: 'What would you like us to do?',
      written: 'Request',
      options: DATA_REQUESTS,
      missing: 'Select what you would like us to do',
    }),
    details: text({
      label: 'Details',
      type: 'textarea',
      hint: 'For a correction, what should it say? Anything else that helps us find your data.',
      max: LIMITS.message,
      what: 'the details',
    }),
  },
  send: 'Send request',
  noun: 'request',
  mailSubject: ({ request }) => `Request about my data: ${optionLabel(DATA_REQUESTS, request) ?? 'my data'}`,
  confirmation: ({ email }) =>
    `Your request has been sent. We will answer at ${email} within the time this page gives, ` +
    'and may ask you to confirm it is yours.',
});

/** An application for one of the open roles on /join-us, with a link to the applicant's CV or portfolio. */
export const jobApplicationForm = describeForm({
  kind: 'job-application',
  fieldId: (name) => `job-application-${name}`,
  legend: 'Your application',
  fields: {
    /** The role applied for, as the Join us page names it: the page gives the options. */
    role: text({
      label: 'Role',
      type: 'select',
      missing: 'Choose the role you are applying for',
      max: LIMITS.role,
      what: 'the role',
    }),
    name: yourName,
    email: yourEmail,
    phone: yourPhone(),
    cvUrl: {
      label: 'Link to your CV or portfolio',
      written: 'CV or portfolio',
      type: 'url',
      autoComplete: 'url',
      required: true,
      hint: 'A shared document, your LinkedIn or GitHub profile, or your own site. Check that anyone with the link can open it.',
      rule: cvUrl,
    },
    message: text({
      label: 'About you',
      written: 'About me',
      type: 'textarea',
      hint: 'What you have built or studied, and why this role.',
      missing: 'Tell us a little about yourself',
      noun: 'Message',
      max: LIMITS.message,
      what: 'your message',
    }),
  },
  send: 'Send application',
  noun: 'application',
  mailSubject: ({ role }) => `Application for ${role || 'a role'}`,
  confirmation: ({ name, role }) =>
    `Thank you, ${name}. Your application for ${role} has been sent; we reply to every one.`,
});

/** Every form, by the kind its requests name. */
export const FORMS = {
  'package-request': packageRequestForm,
  callback: callbackForm,
  contact: contactForm,
  'data-request': dataRequestForm,
  'job-application': jobApplicationForm,
};
export type FormKind = keyof typeof FORMS;
export const FORM_KINDS = Object.keys(FORMS) as FormKind[];

export const packageRequestSchema = packageRequestForm.schema;
export const callbackSchema = callbackForm.schema;
export const contactSchema = contactForm.schema;
export const dataRequestSchema = dataRequestForm.schema;
export const jobApplicationSchema = jobApplicationForm.schema;

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

/**
 * What the visitor must fix before the form can be sent, as they type: the robot check and the notice version,
 * which the form adds itself, are not theirs to fix (the check is asked for last, by src/lib/form-flow.ts).
 */
export function fieldProblems(
  form: Pick<FormDescription, 'answersSchema'>,
  body: Record<string, unknown>,
  questions: readonly ServiceQuestion[] = [],
): FieldErrors {
  const result = form.answersSchema.safeParse(body);
  const answers = (body.serviceFields ?? {}) as Record<string, string>;
  return {
    ...(result.success ? {} : fieldErrors(result.error)),
    ...(questions.length > 0 ? serviceFieldsProblems(questions, answers) : {}),
  };
}

/** Each answer with the label the visitor saw (or its shorter written one), in the form's order, a choice by its words. */
export function writtenAnswers(
  form: Pick<FormDescription, 'fields'>,
  answers: Readonly<Record<string, unknown>>,
  questions: readonly ServiceQuestion[] = [],
): Option[] {
  return Object.entries(form.fields).flatMap(([name, field]): Option[] => {
    const value = answers[name];
    if (field.type === 'questions')
      return questions.map(({ label, name: asked }) => ({
        label,
        value: (value as Record<string, string>)[asked] ?? '',
      }));
    if (typeof value !== 'string') return [];
    return [{ label: field.written ?? field.label, value: optionLabel(field.options, value) ?? value }];
  });
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
  if (lineBreakOrHidden.test(value)) return undefined;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
    const plain = (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    return plain && url.hostname.includes('.') ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const isWebAddress = (value: string) => normalWebAddress(value) !== undefined;
