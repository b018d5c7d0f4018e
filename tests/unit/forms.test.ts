import { describe, expect, it } from 'vitest';
import {
  callbackSchema,
  contactForm,
  contactSchema,
  emailProblem,
  fieldErrors,
  fieldProblems,
  jobApplicationSchema,
  packageRequestForm,
  packageRequestSchema,
  serviceFieldsProblems,
  submissionSchema,
  writtenAnswers,
  type ServiceQuestion,
} from '../../src/lib/forms';

/* The forms' validation rules, rule by rule, for every form (src/lib/forms.ts). */

/** What every form adds to the visitor's answers: the robot check's token and the version of the notice shown. */
const token = { 'h-captcha-response': '10000000-aaaa-bbbb-cccc-000000000001', noticeVersion: '2026-11-23' };
const packageRequest = {
  kind: 'package-request',
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+91 98100 00000',
  serviceId: 'seo',
  service: 'SEO - Growth',
  message: 'We want more customers from Delhi NCR.',
  ...token,
};

const errorsOf = (schema: { safeParse: (value: unknown) => { error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value) as { error?: Parameters<typeof fieldErrors>[0] };
  return result.error ? fieldErrors(result.error) : {};
};

describe('e-mail addresses', () => {
  it.each(['name@example.com', 'first.last+tag@sub.example.co.in', "o'brien@example.org", 'a@b'])(
    'accepts %s',
    (address) => {
      expect(emailProblem(address)).toBeUndefined();
    },
  );

  it.each([
    ['', 'Enter your email address'],
    ['name.example.com', 'Enter an email address in the correct format, like name@example.com'],
    ['name@', 'Enter an email address in the correct format, like name@example.com'],
    ['na me@example.com', 'Enter an email address in the correct format, like name@example.com'],
    ['.name@example.com', 'Enter an email address in the correct format, like name@example.com'],
    ['name@-example.com', 'Enter an email address in the correct format, like name@example.com'],
  ])('refuses "%s" with "%s"', (address, message) => {
    expect(emailProblem(address)).toBe(message);
  });

  it('accepts 64 characters before the @ and refuses 65', () => {
    expect(emailProblem(`${'a'.repeat(64)}@example.com`)).toBeUndefined();
    expect(emailProblem(`${'a'.repeat(65)}@example.com`)).toBe('The part before the @ must be 64 characters or fewer');
  });

  it('accepts 254 characters in total and refuses 255', () => {
    const domain = (length: number) =>
      `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(length - 183)}`;
    const at254 = `${'a'.repeat(10)}@${domain(243)}`;
    expect(at254).toHaveLength(254);
    expect(emailProblem(at254)).toBeUndefined();
    expect(emailProblem(`a${at254}`)).toBe('Email address must be 254 characters or fewer');
  });
});

describe('package request', () => {
  it('accepts a complete request', () => {
    expect(errorsOf(packageRequestSchema, packageRequest)).toEqual({});
  });

  it.each([
    ['name', 'Enter your name'],
    ['email', 'Enter your email address'],
    ['phone', 'Enter your phone number'],
    ['service', 'Choose a service and package'],
    ['message', 'Enter a message'],
    ['h-captcha-response', 'Complete the check that you are not a robot'],
  ])('requires %s', (field, message) => {
    expect(errorsOf(packageRequestSchema, { ...packageRequest, [field]: '' })[field]).toBe(message);
    expect(errorsOf(packageRequestSchema, { ...packageRequest, [field]: undefined })[field]).toBe(message);
  });

  it('treats a name of spaces as missing', () => {
    expect(errorsOf(packageRequestSchema, { ...packageRequest, name: '   ' }).name).toBe('Enter your name');
  });

  it('does not check the format of a phone number, only its length', () => {
    expect(errorsOf(packageRequestSchema, { ...packageRequest, phone: 'call after 6pm' })).toEqual({});
    expect(errorsOf(packageRequestSchema, { ...packageRequest, phone: '9'.repeat(31) }).phone).toMatch(
      /30 characters or fewer/,
    );
  });

  it('refuses a message over 5,000 characters', () => {
    expect(errorsOf(packageRequestSchema, { ...packageRequest, message: 'x'.repeat(5001) }).message).toBe(
      'Message must be 5,000 characters or fewer',
    );
  });
});

describe('callback request', () => {
  const callback = {
    kind: 'callback',
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    message: 'Please call me about hosting.',
    ...token,
  };

  it('needs no phone and no service', () => {
    expect(errorsOf(callbackSchema, callback)).toEqual({});
  });

  it('requires a full name, an e-mail in the correct format, a message and the captcha', () => {
    const errors = errorsOf(callbackSchema, { kind: 'callback', email: 'ravi', noticeVersion: '2026-11-23' });
    expect(errors).toEqual({
      name: 'Enter your full name',
      email: 'Enter an email address in the correct format, like name@example.com',
      message: 'Enter a message',
      'h-captcha-response': 'Complete the check that you are not a robot',
    });
  });
});

describe('job application', () => {
  const application = {
    kind: 'job-application',
    name: 'Rohan Das',
    email: 'rohan@example.com',
    role: 'Software Trainee',
    cvUrl: 'https://github.com/rohan-das',
    message: 'I have built two small shops with Astro.',
    ...token,
  };

  it('accepts a complete application; the phone is optional', () => {
    expect(errorsOf(jobApplicationSchema, application)).toEqual({});
    expect(jobApplicationSchema.parse({ ...application, phone: '+91 98100 22222' }).phone).toBe('+91 98100 22222');
  });

  it('takes a link without its https:// as people type it, and refuses what is not a link', () => {
    expect(errorsOf(jobApplicationSchema, { ...application, cvUrl: 'linkedin.com/in/rohan-das' })).toEqual({});
    expect(errorsOf(jobApplicationSchema, { ...application, cvUrl: 'my cv is attached' })).toEqual({
      cvUrl: 'Enter the link in the correct format, like https://example.com/my-cv.pdf',
    });
    expect(errorsOf(jobApplicationSchema, { ...application, cvUrl: 'ftp://files.example/cv.pdf' })).toHaveProperty(
      'cvUrl',
    );
  });

  it('says what is missing: the role, the name, the e-mail, the link and a few lines', () => {
    expect(errorsOf(jobApplicationSchema, { kind: 'job-application', ...token })).toEqual({
      name: 'Enter your name',
      email: 'Enter your email address',
      role: 'Choose the role you are applying for',
      cvUrl: 'Enter a link to your CV or portfolio',
      message: 'Tell us a little about yourself',
    });
  });
});

describe('contact message', () => {
  const contact = {
    kind: 'contact',
    name: 'Meera',
    email: 'meera@example.com',
    subject: 'Hosting',
    reason: 'general-question',
    message: 'Do you host WordPress?',
    ...token,
  };

  it('accepts the four reasons and defaults the opt-in to no', () => {
    for (const reason of ['new-project', 'help-needed', 'general-question', 'complaint']) {
      expect(contactSchema.parse({ ...contact, reason }).optIn).toBe(false);
    }
  });

  it('takes an optional phone number, up to 30 characters', () => {
    expect(contactSchema.parse(contact).phone).toBe('');
    expect(contactSchema.parse({ ...contact, phone: ' +91 98100 12345 ' }).phone).toBe('+91 98100 12345');
    expect(errorsOf(contactSchema, { ...contact, phone: '1'.repeat(31) }).phone).toBe(
      'Phone number must be 30 characters or fewer',
    );
  });

  it('refuses another reason', () => {
    expect(errorsOf(contactSchema, { ...contact, reason: 'other' }).reason).toBe('Select a reason for your message');
  });
});

describe('any submission', () => {
  it('is told apart by its kind', () => {
    expect(submissionSchema.parse(packageRequest).kind).toBe('package-request');
    expect(errorsOf(submissionSchema, { ...packageRequest, kind: 'newsletter' })).toHaveProperty('kind');
  });

  it('records the version of the notice its sender saw, and is refused without it', () => {
    expect(submissionSchema.parse(packageRequest).noticeVersion).toBe('2026-11-23');
    const { noticeVersion: _version, ...unversioned } = packageRequest;
    expect(errorsOf(submissionSchema, unversioned)).toEqual({
      noticeVersion: 'Reload the page and send the form again',
    });
    expect(errorsOf(submissionSchema, { ...packageRequest, noticeVersion: '' })).toHaveProperty('noticeVersion');
  });

  it('keeps the honeypot so the function can spot a bot', () => {
    expect(submissionSchema.parse({ ...packageRequest, website: 'http://spam.example' }).website).toBe(
      'http://spam.example',
    );
  });
});

describe("a service's own questions", () => {
  const questions: ServiceQuestion[] = [
    { name: 'websiteUrl', label: 'Website address', type: 'url', required: true },
    { name: 'priority', label: 'Priority', type: 'select', required: false, options: ['Normal', 'Urgent'] },
  ];

  it('accepts required answers and leaves optional ones out', () => {
    expect(serviceFieldsProblems(questions, { websiteUrl: 'example.com' })).toEqual({});
  });

  it('says how to fix a missing, malformed or unknown answer', () => {
    expect(serviceFieldsProblems(questions, {})).toEqual({ 'serviceFields.websiteUrl': 'Enter website address' });
    expect(serviceFieldsProblems(questions, { websiteUrl: 'not a site' })['serviceFields.websiteUrl']).toBe(
      'Enter a web address in the correct format, like https://example.com',
    );
    expect(
      serviceFieldsProblems(questions, { websiteUrl: 'https://example.com', priority: 'Yesterday' })[
        'serviceFields.priority'
      ],
    ).toBe('Select priority from the list');
    expect(
      serviceFieldsProblems(questions, { websiteUrl: 'https://example.com', shoeSize: '9' })['serviceFields.shoeSize'],
    ).toBeDefined();
  });
});

describe("a form's description", () => {
  const questions: ServiceQuestion[] = [
    { name: 'websiteUrl', label: 'Website address', type: 'url', required: true },
    { name: 'priority', label: 'Priority', type: 'select', required: false, options: ['Normal', 'Urgent'] },
  ];

  it('writes the answers out in the form’s order, a choice in its words, a tick left out', () => {
    const answers = { name: 'Meera', email: 'meera@example.com', phone: '', subject: 'Hosting', optIn: true };
    const written = writtenAnswers(contactForm, { ...answers, reason: 'general-question', message: 'Hi' });
    expect(written.map(({ label, value }) => `${label}: ${value}`).join('; ')).toBe(
      'Name: Meera; Email: meera@example.com; Phone: ; Subject: Hosting; Reason: General Question; Message: Hi',
    );
  });

  it('writes a service’s questions out at their place, with their own labels', () => {
    const answers = { ...packageRequest, serviceFields: { websiteUrl: 'clinic.example' } };
    const labels = writtenAnswers(packageRequestForm, answers, questions).map(({ label }) => label);
    expect(labels.join(', ')).toBe('Name, Email, Phone, Service, Website address, Priority, Message');
  });

  it('checks the visitor’s answers without the token and notice version, and the service’s questions with them', () => {
    const { 'h-captcha-response': _token, noticeVersion: _version, ...typed } = packageRequest;
    expect(fieldProblems(packageRequestForm, { ...typed, serviceFields: {} })).toEqual({});
    expect(fieldProblems(packageRequestForm, { ...typed, serviceFields: {} }, questions)).toEqual({
      'serviceFields.websiteUrl': 'Enter website address',
    });
  });
});
