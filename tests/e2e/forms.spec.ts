import { readFileSync } from 'node:fs';
import type { Locator, Page, Response, Route } from '@playwright/test';
import { CAPTCHA_ANSWER_PATIENCE_MS, CAPTCHA_PATIENCE_MS } from '../../src/lib/form-flow';
import { axeViolations, expect, test } from './fixtures';

/*
 * The three forms as a visitor uses them, through the real submission function
 * (behind a fake siteverify API) with hCaptcha's script replaced by a local stub.
 */

// The notice's words and the figures it is filled with, as the content files hold them.
const readJson = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../src/content/${file}`, import.meta.url), 'utf8'));
const SENTENCES = ['collects', 'purpose', 'recipients', 'retention', 'adults', 'grievance'] as const;
const noticeWords = readJson('privacy-notice.json') as Record<(typeof SENTENCES)[number], string> & {
  version: string;
  heading: string;
  collected: Record<string, string>;
  rightsLink: string;
  complainLink: string;
  boardLink: string;
};
const siteData = readJson('site.json') as {
  name: string;
  phone: string;
  email: string;
  privacy: { retentionDays: number; dataProtectionBoardUrl: string; grievanceOfficer: { name: string; email: string } };
};

/** The notice's sentences for one kind of form, with the file's placeholders filled in. */
function noticeSentences(kind: string): string[] {
  const values: Record<string, string> = {
    company: siteData.name,
    retentionDays: String(siteData.privacy.retentionDays),
    grievanceOfficer: siteData.privacy.grievanceOfficer.name,
    grievanceEmail: siteData.privacy.grievanceOfficer.email,
    collected: noticeWords.collected[kind]!,
  };
  return SENTENCES.map((field) =>
    noticeWords[field].replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name]!),
  );
}

const RECEIVED = "We've received your request and will get back to you shortly. Thank you!";
const FAILED = 'Oops! something seems to be wrong';

async function answerContactWith(page: Page, status: number, body: unknown) {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

test.describe('package request dialog', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('loads nothing until "Get Started", then sends the request by itself once the check is done', async ({
    page,
    watch,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/our-services/seo');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);

    const getStarted = page.getByRole('link', { name: 'Get Started with Growth' });
    await getStarted.click();
    const dialog = page.getByRole('dialog', { name: 'Request Growth' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(dialog.getByLabel('Service', { exact: true })).toHaveValue('SEO - Growth');
    await expect(dialog.getByLabel('Service', { exact: true })).toHaveAttribute('readonly', '');
    // The dialog fetches the widget's code, which then asks for hCaptcha's script.
    await expect.poll(() => watch.captchaScripts.length).toBe(1);

    await dialog.getByLabel('Name', { exact: true }).fill('Asha Verma');
    await dialog.getByLabel('Email', { exact: true }).fill('asha@example.com');
    await dialog.getByLabel('Phone', { exact: true }).fill('+91 98100 12345');
    await dialog.getByLabel('Website address', { exact: true }).fill('https://clinic.example');
    await dialog.getByLabel('Target location (optional)', { exact: true }).fill('Delhi NCR');
    await dialog.getByLabel('Message', { exact: true }).fill('We want more patients to find us.');

    const posted = page.waitForRequest('**/api/contact');
    const answered = page.waitForResponse('**/api/contact');
    await dialog.getByRole('button', { name: 'I am human' }).click();
    const request = await posted;
    const body = request.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      kind: 'package-request',
      serviceId: 'seo',
      service: 'SEO - Growth',
      serviceFields: { websiteUrl: 'https://clinic.example', targetLocation: 'Delhi NCR' },
      'h-captcha-response': '10000000-aaaa-bbbb-cccc-000000000001',
    });
    const cookies = await page.context().cookies();
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
    expect(xsrf?.sameSite).toBe('Strict');
    expect(request.headers()['x-xsrf-token']).toBe(xsrf?.value);
    expect((await answered).status()).toBe(202);

    await expect(page.getByRole('status').filter({ hasText: RECEIVED })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(getStarted).toBeFocused();
    expect(watch.outbound).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });

  test('sends nothing while the form is invalid, and says how to fix each field', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posts.push(request.url());
    });
    await page.goto('/our-services/seo');
    await page.getByRole('link', { name: 'Get Started with Local' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Local' });
    await dialog.getByLabel('Email', { exact: true }).fill('asha@');
    await dialog.getByRole('button', { name: 'I am human' }).click();

    const summary = dialog.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    for (const message of [
      'Enter your name',
      'Enter an email address in the correct format, like name@example.com',
      'Enter your phone number',
      'Enter website address',
      'Enter a message',
    ]) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
    }
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(/correct format/);
    await summary.getByRole('link', { name: 'Enter your name' }).click();
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    expect(posts).toEqual([]);
  });

  test('on a failure says so, and keeps everything typed', async ({ page }) => {
    await answerContactWith(page, 503, {
      ok: false,
      error: 'We could not run the robot check just now. Please try again in a minute.',
    });
    await page.goto('/our-services/email-hosting');
    await page.getByRole('link', { name: 'Get Started with Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Team' });
    await dialog.getByLabel('Name', { exact: true }).fill('Ravi Kumar');
    await dialog.getByLabel('Email', { exact: true }).fill('ravi@example.com');
    await dialog.getByLabel('Phone', { exact: true }).fill('98100 00000');
    await dialog.getByLabel('Your domain', { exact: true }).fill('ravi.example');
    await dialog.getByLabel('Email provider', { exact: true }).selectOption('Zoho Mail');
    await dialog.getByLabel('Message', { exact: true }).fill('Five mailboxes please.');
    await dialog.getByRole('button', { name: 'I am human' }).click();

    await expect(page.getByRole('status').filter({ hasText: FAILED })).toBeVisible();
    await expect(dialog.getByRole('alert').filter({ hasText: 'robot check just now' })).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Ravi Kumar');
    await expect(dialog.getByLabel('Email provider', { exact: true })).toHaveValue('Zoho Mail');
    await expect(dialog.getByLabel('Message', { exact: true })).toHaveValue('Five mailboxes please.');

    // Closing and coming back, even after a reload, finds the same answers.
    await page.reload();
    await page.getByRole('link', { name: 'Get Started with Team' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Request Team' }).getByLabel('Your domain', { exact: true }),
    ).toHaveValue('ravi.example');
  });

  test('opened a second time, draws the check at once from the script already on the page, and it stays', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/our-services/seo');
    const getStarted = page.getByRole('link', { name: 'Get Started with Growth' });
    const dialog = page.getByRole('dialog', { name: 'Request Growth' });
    await getStarted.click();
    await expect(dialog.getByRole('button', { name: 'I am human' })).toBeVisible();
    await page.keyboard.press('Escape');
    await getStarted.click();
    await expect(dialog.getByRole('button', { name: 'I am human' })).toBeVisible();
    // Well past the wait for a script: the widget drawn from the one already loaded must not be given up.
    await page.clock.fastForward(CAPTCHA_PATIENCE_MS * 2);
    await forms.find((form) => form.name === 'package request dialog')!.fill(dialog);
    await expect(dialog.getByRole('button', { name: 'I am human' })).toBeVisible();
    const answered = page.waitForResponse('**/api/contact');
    await dialog.getByRole('button', { name: 'I am human' }).click();
    expect((await answered).status()).toBe(202);
  });

  test('closes on Escape, on the backdrop and on "Close dialog", returning focus each time; axe finds nothing while open', async ({
    page,
  }) => {
    await page.goto('/our-services/logo-design');
    const getStarted = page
      .getByRole('link', { name: 'Get Started with Brand Kit' })
      .or(page.locator('[data-package-request="standard"]'));
    await getStarted.first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-hcaptcha-stub]')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(getStarted.first()).toBeFocused();

    await getStarted.first().click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, 10);
    await expect(dialog).toBeHidden();

    await getStarted.first().press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
    await expect(getStarted.first()).toBeFocused();
  });
});

test.describe('callback dialog', () => {
  test('validates on send like the other forms: Submit is never disabled, errors are summarised, then it sends', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/our-services/web-hosting');
    await page.getByRole('banner').getByRole('link', { name: 'Request a callback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a callback' });
    await expect(dialog.getByLabel('Service Interested In', { exact: true })).toHaveValue('Web Hosting');
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Full Name', { exact: true }).fill('Meera Iyer');
    await dialog.getByLabel('Email', { exact: true }).fill('meera@');
    await dialog.getByLabel('Message', { exact: true }).fill('Please call me about moving our site.');
    // Nothing is said before the visitor sends.
    await expect(dialog.getByText('Enter an email address in the correct format, like name@example.com')).toHaveCount(
      0,
    );
    await submit.click();
    const summary = dialog.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(
      summary.getByRole('link', { name: 'Enter an email address in the correct format, like name@example.com' }),
    ).toBeVisible();
    await expect(summary.getByRole('link', { name: 'Complete the check that you are not a robot' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'I am human' }).click();
    await dialog.getByLabel('Email', { exact: true }).fill('meera@example.com');
    const answered = page.waitForResponse('**/api/contact');
    await submit.click();
    expect((await answered).status()).toBe(202);
    await expect(page.getByRole('status').filter({ hasText: RECEIVED })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('Cancel closes it; on a phone it opens from the menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.locator('[data-narrow-menu] summary').click();
    await page.locator('[data-narrow-menu]').getByRole('link', { name: 'Request a callback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a callback' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('Contact Us form', () => {
  async function fill(page: Page, subject: string) {
    await page.getByLabel('Name', { exact: true }).fill('Kabir Singh');
    await page.getByLabel('Email', { exact: true }).fill('kabir@example.com');
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByLabel('Reason', { exact: true }).selectOption({ label: 'General Question' });
    await page.getByLabel('Message', { exact: true }).fill('Do you host WordPress sites?');
    await page.getByRole('button', { name: 'I am human' }).click();
  }

  test('says the message was sent only when the server accepted it, and resets', async ({ page, watch }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    expect(watch.captchaScripts).toEqual([]);
    await fill(page, 'Hosting');
    const answered = page.waitForResponse('**/api/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await answered).status()).toBe(202);
    await expect(page.getByText('Your Hosting message has been sent!', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  });

  test('loads no script until the visitor uses the form, and keeps what was typed before it arrived', async ({
    page,
    watch,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const scripts: string[] = [];
    await page.route('**/_astro/*.js', async (route) => {
      scripts.push(route.request().url());
      await held;
      await route.fallback();
    });
    await page.goto('/contact-us');
    await page.waitForLoadState('load');
    expect(scripts, 'no script before the form is used').toEqual([]);

    // Typed fast, while the form's script is still on its way.
    await page.getByLabel('Name', { exact: true }).fill('Kabir Singh');
    await expect.poll(() => scripts.length, { message: 'focus in the form asked for its script' }).toBeGreaterThan(0);
    await page.getByLabel('Message', { exact: true }).fill('Typed before the script arrived');
    await page.getByLabel('Reason', { exact: true }).selectOption({ label: 'New project' });
    release();
    await expect
      .poll(() => watch.captchaScripts.length, { message: 'the robot check loads once the form is in use' })
      .toBe(1);
    await page.getByLabel('Email', { exact: true }).fill('kabir@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Shop');
    await page.getByRole('button', { name: 'I am human' }).click();
    const answered = page.waitForResponse('**/api/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    const body = (await answered).request().postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Kabir Singh',
      message: 'Typed before the script arrived',
      reason: 'new-project',
    });
  });

  test('a press of Send before the script arrived is carried out when it has', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    release();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  });

  test('the mailing-list opt-in starts unticked, before and after the form wakes, and sends no consent unless ticked', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    const optIn = page.getByLabel(/Subscribe me to the mailing list/);
    await expect(optIn).toBeVisible();
    await expect(optIn).not.toBeChecked();
    await fill(page, 'Hosting');
    await expect(optIn).not.toBeChecked();
    const answered = page.waitForResponse('**/api/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    const response = await answered;
    expect(response.status()).toBe(202);
    expect(response.request().postDataJSON()).toMatchObject({ optIn: false });
    await expect(page.getByText('Your Hosting message has been sent!', { exact: true })).toBeVisible();
  });

  test('with the opt-in, says the visitor was subscribed', async ({ page }) => {
    await page.goto('/contact-us');
    await fill(page, 'Newsletter');
    await page.getByLabel(/Subscribe me to the mailing list/).check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(
      page.getByText("Your Newsletter message has been sent and you've been subscribed to the mailing list!", {
        exact: true,
      }),
    ).toBeVisible();
  });

  test('on a failure says what went wrong and keeps everything typed', async ({ page }) => {
    await answerContactWith(page, 422, {
      ok: false,
      error: 'Some answers need changing.',
      fields: { subject: 'Enter a subject' },
    });
    await page.goto('/contact-us');
    await fill(page, 'Hosting');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText(/Your message was not sent\. Some answers need changing\./)).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Do you host WordPress sites?');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kabir Singh');
  });

  test('keeps a draft through a reload until it is sent', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByLabel('Name', { exact: true }).fill('Zoya Khan');
    await page.getByLabel('Message', { exact: true }).fill('Half-written message');
    // The draft is kept by the form's script, which the first use loaded: it shows the robot check when it is there.
    await expect(page.getByRole('button', { name: 'I am human' })).toBeVisible();
    await page.reload();
    // The form's script, which holds the draft, loads when the visitor is back in the form.
    await page.getByLabel('Email', { exact: true }).focus();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Zoya Khan');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Half-written message');
  });

  test('validates on send, with a summary that takes focus', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByLabel('Name', { exact: true }).fill('Zoya');
    await page.getByRole('button', { name: 'Send message' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link', { name: 'Complete the check that you are not a robot' })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'Select a reason for your message' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('menu and slider', () => {
  test('the narrow menu by mouse and keyboard: states, Escape, outside click, link click', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/what-we-do');
    const toggle = page.locator('[data-narrow-menu] summary');
    // Until its first use the menu is the browser's own <details>, with no script.
    await expect(toggle).not.toHaveAttribute('aria-expanded');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAttribute('aria-controls', 'narrow-menu-list');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(200, 700);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await page.locator('#narrow-menu-list').getByRole('link', { name: 'Expertise' }).click();
    await expect(page).toHaveURL('/expertise');
  });

  test('on a slow connection the first tap opens the menu at once, and its script takes over when it arrives', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const scripts: string[] = [];
    await page.route('**/_astro/*.js', async (route) => {
      scripts.push(route.request().url());
      await held;
      await route.fallback();
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/our-story');
    await page.waitForLoadState('load');
    expect(scripts, 'no script before the menu is opened').toEqual([]);

    const menu = page.locator('[data-narrow-menu]');
    const toggle = menu.locator('summary');
    await toggle.click();
    await expect(menu.getByRole('link', { name: 'Expertise' })).toBeVisible();
    await expect.poll(() => scripts.length, { message: 'the tap asked for the menu’s script' }).toBeGreaterThan(0);
    await expect(toggle).not.toHaveAttribute('aria-expanded');

    release();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu.getByRole('link', { name: 'Expertise' })).toBeHidden();
  });

  test('at 1280 px no script loads for the menu', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/our-story');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });

  test('the narrow menu, when it breaks, keeps the toolbar and offers the phone and e-mail in its panel', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    // A stand-in for any fault of the menu's script: the page hands it no links (Astro's island props, renamed).
    await page.route('**/our-story', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('&quot;links&quot;:', '&quot;noLinks&quot;:');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/our-story');
    const toolbar = page.locator('header.toolbar');
    const height = await toolbar.evaluate((element) => element.getBoundingClientRect().height);
    await page.locator('[data-narrow-menu] summary').click();
    const menu = page.locator('details').filter({ has: page.getByRole('alert') });
    const otherWays = menu.getByRole('alert').filter({ hasText: 'this part of the page is not working' });
    await expect(otherWays).toBeVisible();
    await expect(otherWays.getByRole('link', { name: siteData.phone })).toHaveAttribute('href', /^tel:\+?[0-9]+$/);
    await expect(otherWays.getByRole('link', { name: siteData.email })).toHaveAttribute(
      'href',
      `mailto:${siteData.email}`,
    );
    // The toolbar keeps its height, and the panel closes as the menu's does.
    expect(await toolbar.evaluate((element) => element.getBoundingClientRect().height)).toBe(height);
    await menu.locator('summary').click();
    await expect(otherWays).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

/*
 * The same behaviour for all three forms, on a phone (375 px, touch) and on a laptop (1280 px, mouse):
 * the first tap sends, problems are summarised and focused, and a blocked robot check leaves a way out.
 */

interface FormUnderTest {
  name: string;
  /** Its kind in src/lib/forms.ts: which of the notice's lists it shows. */
  kind: string;
  send: string;
  open: (page: Page) => Promise<Locator>;
  fill: (scope: Locator) => Promise<void>;
  /** Text typed into the form that the fallback e-mail must carry. */
  typed: string[];
  /** The summary's message for the first required field left empty. */
  firstProblem: string;
  /** Whether a token on a valid form sends the form by itself. */
  sendsOnToken: boolean;
  success: (page: Page) => Locator;
}

const forms: FormUnderTest[] = [
  {
    name: 'Contact Us form',
    kind: 'contact',
    send: 'Send message',
    open: async (page) => {
      await page.goto('/contact-us');
      return page.locator('form.contact-form');
    },
    fill: async (scope) => {
      await scope.getByLabel('Name', { exact: true }).fill('Kabir Singh');
      await scope.getByLabel('Email', { exact: true }).fill('kabir@example.com');
      await scope.getByLabel('Phone (optional)', { exact: true }).fill('+91 98100 11111');
      await scope.getByLabel('Subject', { exact: true }).fill('Shop website');
      await scope.getByLabel('Reason', { exact: true }).selectOption({ label: 'New project' });
      await scope.getByLabel('Message', { exact: true }).fill('We sell tea & need a shop.\nCan you help?');
    },
    typed: [
      'Kabir Singh',
      'kabir@example.com',
      '+91 98100 11111',
      'New project',
      'We sell tea & need a shop.\r\nCan you help?',
    ],
    firstProblem: 'Enter your name',
    sendsOnToken: false,
    success: (page) => page.getByText('Your Shop website message has been sent!', { exact: true }),
  },
  {
    name: 'callback dialog',
    kind: 'callback',
    send: 'Submit',
    open: async (page) => {
      await page.goto('/our-services/web-hosting');
      await page.getByRole('main').getByRole('link', { name: 'Request a callback' }).click();
      return page.getByRole('dialog', { name: 'Request a callback' });
    },
    fill: async (scope) => {
      await scope.getByLabel('Full Name', { exact: true }).fill('Meera Iyer');
      await scope.getByLabel('Email', { exact: true }).fill('meera@example.com');
      await scope.getByLabel('Message', { exact: true }).fill('Please call me about hosting.');
    },
    typed: ['Meera Iyer', 'meera@example.com', 'Web Hosting', 'Please call me about hosting.'],
    firstProblem: 'Enter your full name',
    sendsOnToken: false,
    success: (page) => page.getByRole('status').filter({ hasText: RECEIVED }),
  },
  {
    name: 'package request dialog',
    kind: 'package-request',
    send: 'Send request',
    open: async (page) => {
      await page.goto('/our-services/seo');
      await page.getByRole('link', { name: 'Get Started with Growth' }).click();
      return page.getByRole('dialog', { name: 'Request Growth' });
    },
    fill: async (scope) => {
      await scope.getByLabel('Name', { exact: true }).fill('Asha Verma');
      await scope.getByLabel('Email', { exact: true }).fill('asha@example.com');
      await scope.getByLabel('Phone', { exact: true }).fill('+91 98100 12345');
      await scope.getByLabel('Website address', { exact: true }).fill('https://clinic.example');
      await scope.getByLabel('Message', { exact: true }).fill('We want more patients.');
    },
    typed: ['SEO - Growth', 'Asha Verma', 'asha@example.com', 'https://clinic.example', 'We want more patients.'],
    firstProblem: 'Enter your name',
    sendsOnToken: true,
    success: (page) => page.getByRole('status').filter({ hasText: RECEIVED }),
  },
  {
    name: 'data request form',
    kind: 'data-request',
    send: 'Send request',
    open: async (page) => {
      await page.goto('/your-data');
      return page.locator('form.data-request-form');
    },
    fill: async (scope) => {
      await scope.getByLabel('Name', { exact: true }).fill('Farah Khan');
      await scope.getByLabel('Email', { exact: true }).fill('farah@example.com');
      await scope.getByLabel('What would you like us to do?', { exact: true }).selectOption({ label: 'Erase my data' });
      await scope.getByLabel('Details (optional)', { exact: true }).fill('I sent a callback request in May.');
    },
    typed: ['Farah Khan', 'farah@example.com', 'Erase my data', 'I sent a callback request in May.'],
    firstProblem: 'Enter your name',
    sendsOnToken: false,
    success: (page) => page.getByText(/^Your request has been sent\./),
  },
  {
    name: 'job application form',
    kind: 'job-application',
    send: 'Send application',
    open: async (page) => {
      await page.goto('/join-us');
      await page.getByRole('link', { name: 'Apply for Software Trainee' }).click();
      return page.locator('form.job-application-form');
    },
    fill: async (scope) => {
      await scope.getByLabel('Name', { exact: true }).fill('Rohan Das');
      await scope.getByLabel('Email', { exact: true }).fill('rohan@example.com');
      await scope.getByLabel('Link to your CV or portfolio', { exact: true }).fill('github.com/rohan-das');
      await scope.getByLabel('About you', { exact: true }).fill('I built two shops with Astro & React.');
    },
    typed: [
      'Software Trainee',
      'Rohan Das',
      'rohan@example.com',
      'github.com/rohan-das',
      'I built two shops with Astro & React.',
    ],
    firstProblem: 'Enter your name',
    sendsOnToken: false,
    success: (page) => page.getByText(/Your application for Software Trainee has been sent/),
  },
];

const setups = [
  {
    name: '375 px with touch',
    touch: true,
    use: { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true },
  },
  { name: '1280 px with a mouse', touch: false, use: { viewport: { width: 1280, height: 900 } } },
];

const HCAPTCHA_SCRIPT = 'https://js.hcaptcha.com/**';

for (const setup of setups) {
  test.describe(`every form at ${setup.name}`, () => {
    test.use(setup.use);
    const press = (locator: Locator) => (setup.touch ? locator.tap() : locator.click());
    /** Does the robot check, sends if the form waits for Send, and finds every answer in what was accepted. */
    const checkAndSend = async (page: Page, scope: Locator, form: FormUnderTest) => {
      const answered = page.waitForResponse('**/api/contact');
      await press(scope.getByRole('button', { name: 'I am human' }));
      if (!form.sendsOnToken) await press(scope.getByRole('button', { name: form.send }));
      await expectSentAsTyped(await answered, form);
      await expect(form.success(page)).toBeVisible();
    };

    for (const form of forms) {
      test(`${form.name}: the first press of "${form.send}" sends, and nothing moves under it as the check arrives`, async ({
        page,
      }) => {
        // hCaptcha's script is held until the Send button has been measured: a widget that pushed the button down
        // as it arrived once made the first tap on a phone land where the button no longer was.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(HCAPTCHA_SCRIPT, async (route) => {
          await held;
          await route.fallback();
        });
        const scope = await form.open(page);
        await form.fill(scope);
        const send = scope.getByRole('button', { name: form.send });
        const before = await placeOnPage(send);
        release();
        await expect(scope.getByRole('button', { name: 'I am human' })).toBeVisible();
        expect(await placeOnPage(send)).toEqual(before);
        await press(scope.getByRole('button', { name: 'I am human' }));
        const answered = page.waitForResponse('**/api/contact');
        if (!form.sendsOnToken) await press(scope.getByRole('button', { name: form.send }));
        expect((await answered).status()).toBe(202);
        await expect(form.success(page)).toBeVisible();
      });

      // The notice is the same markup at every width: it is read on the phone, where most visitors are.
      if (setup.touch)
        test(`${form.name}: shows the notice before its send button, with its links, and records its version`, async ({
          page,
        }) => {
          const scope = await form.open(page);
          const notice = scope.getByRole('region', { name: noticeWords.heading });
          await expect(notice).toBeVisible();
          for (const sentence of noticeSentences(form.kind)) await expect(notice).toContainText(sentence);
          const { email } = siteData.privacy.grievanceOfficer;
          await expect(notice.getByRole('link', { name: email, exact: true })).toHaveAttribute(
            'href',
            `mailto:${email}`,
          );
          const links = notice.getByRole('listitem').getByRole('link');
          await expect(links).toHaveText([noticeWords.rightsLink, noticeWords.complainLink, noticeWords.boardLink]);
          const hrefs = await links.evaluateAll((found) => found.map((link) => link.getAttribute('href') ?? ''));
          // The Board's site is outside: its address is checked, not fetched (the tests stay offline).
          expect(hrefs[2]).toBe(siteData.privacy.dataProtectionBoardUrl);
          for (const href of hrefs.slice(0, 2)) {
            const target = await page.request.get(href);
            expect(target.status(), href).toBe(200);
            const anchor = new URL(href, page.url()).hash.slice(1);
            if (anchor)
              expect((await target.text()).includes(`id="${anchor}"`), `${href}: no element has that id`).toBe(true);
          }
          // Before the send button, in reading order.
          const send = scope.getByRole('button', { name: form.send });
          expect(
            await notice.evaluate(
              (element, button) => Boolean(element.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING),
              await send.elementHandle(),
            ),
          ).toBe(true);
          await form.fill(scope);
          const answered = page.waitForResponse('**/api/contact');
          await press(scope.getByRole('button', { name: 'I am human' }));
          if (!form.sendsOnToken) await press(send);
          expect((await answered).request().postDataJSON()).toMatchObject({ noticeVersion: noticeWords.version });
        });

      // The summary is ErrorSummary in FormFrame: every form on the phone, a page form and a dialog with a mouse.
      if (setup.touch || ['contact', 'package-request'].includes(form.kind))
        test(`${form.name}: the first press on an untouched form summarises every problem and takes focus`, async ({
          page,
        }) => {
          const posts: string[] = [];
          page.on('request', (request) => {
            if (request.url().endsWith('/api/contact')) posts.push(request.url());
          });
          const scope = await form.open(page);
          const send = scope.getByRole('button', { name: form.send });
          await expect(send).toBeEnabled();
          await press(send);
          const summary = scope.getByRole('alert').filter({ hasText: 'There is a problem' });
          await expect(summary).toBeFocused();
          const links = summary.getByRole('link');
          await expect(links.first()).toHaveText(form.firstProblem);
          // The robot check is asked for last.
          await expect(links.last()).toHaveText('Complete the check that you are not a robot');
          await press(links.first());
          await expect(scope.getByRole('textbox').and(page.locator('[aria-invalid="true"]')).first()).toBeFocused();
          expect(posts).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
        });

      // The robot check's ways out are the same code at every width: they run on the phone, where most visitors are.
      if (setup.touch) {
        test(`${form.name}: a blocked robot check offers a way out that keeps every word, and "try again" sends without retyping`, async ({
          page,
        }) => {
          const blocked: string[] = [];
          const block = (route: Route) => {
            blocked.push(route.request().url());
            return route.abort('blockedbyclient');
          };
          await page.route(HCAPTCHA_SCRIPT, block);
          const scope = await form.open(page);
          await form.fill(scope);
          await expect(scope.getByText('The robot check could not load.')).toBeVisible();
          expect(blocked.length).toBeGreaterThan(0);
          await expectWayOut(page, scope, form);

          // Sending now says in words why it cannot go, and keeps everything.
          await press(scope.getByRole('button', { name: form.send }));
          const summary = scope.getByRole('alert').filter({ hasText: 'There is a problem' });
          await expect(summary.getByRole('link', { name: /The robot check could not load/ })).toBeVisible();

          // The block lifts (the visitor pauses their ad blocker): the check comes back, nothing was retyped.
          await page.unroute(HCAPTCHA_SCRIPT, block);
          await press(scope.getByRole('button', { name: 'Try the check again' }));
          await checkAndSend(page, scope, form);
        });
      }

      // Every form draws the same robot check (RobotCheck in FormFrame), and the test above checks each one's
      // fallback e-mail: its other troubles run on a page form and on a dialog that sends on the token.
      if (setup.touch && ['contact', 'package-request'].includes(form.kind)) {
        test(`${form.name}: a check that loads but cannot reach hCaptcha offers the way out; "try again" sends without retyping`, async ({
          page,
        }) => {
          const scope = await form.open(page);
          await form.fill(scope);
          const human = scope.getByRole('button', { name: 'I am human' });
          await expect(human).toBeVisible();
          await steerStub(page, { answer: 'network-error' });
          await press(human);
          await expect(scope.getByText('The robot check stopped working.')).toBeVisible();
          await expectWayOut(page, scope, form);

          await press(scope.getByRole('button', { name: form.send }));
          const summary = scope.getByRole('alert').filter({ hasText: 'There is a problem' });
          await expect(summary.getByRole('link', { name: /The robot check stopped working/ })).toBeVisible();

          // hCaptcha can be reached again: the check comes back and the form goes as typed.
          await steerStub(page, { answer: 'token' });
          await press(scope.getByRole('button', { name: 'Try the check again' }));
          await checkAndSend(page, scope, form);
        });

        test(`${form.name}: a check that never answers a press offers the way out after a few seconds`, async ({
          page,
        }) => {
          // The real widget is a frame from hCaptcha's servers: a press in it shows only as focus moving into it.
          await page.addInitScript(() => {
            (window as unknown as { hcaptchaStubSettings: object }).hcaptchaStubSettings = {
              framed: true,
              answer: 'nothing',
            };
          });
          await page.clock.install();
          const scope = await form.open(page);
          await form.fill(scope);
          const human = scope.frameLocator('iframe[title*="hCaptcha"]').getByRole('button', { name: 'I am human' });
          await expect(human).toBeVisible();
          // Left alone, a drawn check waits for the visitor as long as they like.
          await page.clock.fastForward(CAPTCHA_ANSWER_PATIENCE_MS * 4);
          await expect(human).toBeVisible();

          await press(human);
          await expect(scope.frameLocator('iframe[title*="hCaptcha"]').getByText('Checking…')).toBeVisible();
          await expect(scope.getByText('The robot check stopped working.')).toBeHidden();
          await page.clock.fastForward(CAPTCHA_ANSWER_PATIENCE_MS);
          await expect(scope.getByText('The robot check stopped working.')).toBeVisible();
          await expectWayOut(page, scope, form);
        });

        test(`${form.name}: an expired check is asked for again, and nothing typed is lost`, async ({ page }) => {
          const posts: string[] = [];
          page.on('request', (request) => {
            if (request.url().endsWith('/api/contact')) posts.push(request.url());
          });
          const scope = await form.open(page);
          // The check is done first: on a complete package request a token sends the form at once.
          await press(scope.getByRole('textbox').first());
          const human = scope.getByRole('button', { name: 'I am human' });
          await press(human);
          await expect(scope.getByRole('button', { name: 'Verified' })).toBeVisible();
          await form.fill(scope);
          await steerStub(page, { expire: true });
          await expect(
            scope.getByText('The check that you are not a robot has expired.', { exact: false }),
          ).toBeVisible();

          await press(scope.getByRole('button', { name: form.send }));
          const summary = scope.getByRole('alert').filter({ hasText: 'There is a problem' });
          await expect(summary).toBeFocused();
          await expect(summary.getByRole('link')).toHaveText([
            'The check that you are not a robot has expired. Complete it again',
          ]);
          expect(posts).toEqual([]);
          await checkAndSend(page, scope, form);
        });
      }
    }
  });
}

/** The fallback's links: an e-mail that carries every answer typed, and the company's phone. */
async function expectWayOut(page: Page, scope: Locator, form: FormUnderTest) {
  const mailto = new URL((await scope.getByRole('link', { name: 'Email us your message' }).getAttribute('href'))!);
  expect(mailto.protocol).toBe('mailto:');
  expect(mailto.pathname).toMatch(/@/);
  const body = mailto.searchParams.get('body') ?? '';
  for (const text of form.typed) expect(body).toContain(text);
  expect(await scope.getByRole('link', { name: /^\+?[0-9 ]+$/ }).getAttribute('href')).toMatch(/^tel:\+?[0-9]+$/);
  expect(await axeViolations(page)).toEqual([]);
}

/** The submission was accepted and carries every answer the visitor typed (the fixed ones aside). */
async function expectSentAsTyped(response: Response, form: FormUnderTest) {
  expect(response.status()).toBe(202);
  const sent = JSON.stringify(response.request().postDataJSON());
  for (const text of form.typed.filter(
    (value) => !/^(New project|SEO - Growth|Web Hosting|Erase my data)$/.test(value),
  ))
    expect(sent).toContain(JSON.stringify(text).slice(1, -1).replace(/\\r/g, ''));
}

/** Tells the loaded hCaptcha stand-in what a press does next, or makes its token expire. */
async function steerStub(page: Page, order: { answer?: string; expire?: boolean }) {
  await page.evaluate(({ answer, expire }) => {
    const stub = (window as unknown as { hcaptchaStub: { answer: string; expire: () => void } }).hcaptchaStub;
    if (answer) stub.answer = answer;
    if (expire) stub.expire();
  }, order);
}

test.describe('Contact Us form and the server', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a robot check whose script never arrives is given up after a few seconds', async ({ page }) => {
    await page.route(HCAPTCHA_SCRIPT, () => {
      // Held for ever, like a firewall that drops the request.
    });
    await page.goto('/contact-us');
    await page.getByLabel('Name', { exact: true }).fill('Kabir Singh');
    await expect(page.getByText('The robot check could not load.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kabir Singh');
  });

  test('focus moved into the check with Tab is not taken for a press that hCaptcha left unanswered', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { hcaptchaStubSettings: object }).hcaptchaStubSettings = { framed: true };
    });
    await page.clock.install();
    await page.goto('/contact-us');
    await forms[0]!.fill(page.locator('form.contact-form'));
    const widget = page.frameLocator('iframe[title*="hCaptcha"]');
    await expect(widget.getByRole('button', { name: 'I am human' })).toBeVisible();
    await page.getByLabel(/Subscribe me to the mailing list/).focus();
    await page.keyboard.press('Tab');
    await expect(widget.getByRole('button', { name: 'I am human' })).toBeFocused();
    await page.clock.fastForward(CAPTCHA_ANSWER_PATIENCE_MS * 2);
    // Still the widget, not the way out: the keyboard's press does the check.
    await page.keyboard.press('Space');
    await expect(widget.getByRole('button', { name: 'Verified' })).toBeVisible();
    await expect(page.getByText('The robot check stopped working.')).toBeHidden();
  });

  test('409 (the key was used with other answers) sends once more under a new key', async ({ page }) => {
    const keys: string[] = [];
    await page.route('**/api/contact', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1)
        return route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ ok: false, error: 'This key was used with different answers.' }),
        });
      return route.fallback();
    });
    await page.goto('/contact-us');
    await forms[0]!.fill(page.locator('form.contact-form'));
    await page.getByRole('button', { name: 'I am human' }).click();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(forms[0]!.success(page)).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  test('503 or a network failure keeps everything and offers a retry and the other ways in', async ({ page }) => {
    await answerContactWith(page, 503, { ok: false, error: 'We could not store your message just now.' });
    await page.goto('/contact-us');
    await forms[0]!.fill(page.locator('form.contact-form'));
    await page.getByRole('button', { name: 'I am human' }).click();
    await page.getByRole('button', { name: 'Send message' }).click();
    const problem = page.getByRole('alert').filter({ hasText: 'Your message was not sent.' });
    await expect(problem).toContainText('We could not store your message just now.');
    const mailto = await problem.getByRole('link', { name: 'Email us your message' }).getAttribute('href');
    expect(decodeURIComponent(mailto!)).toContain('We sell tea & need a shop.');
    await expect(problem.getByRole('link', { name: /^\+?[0-9 ]+$/ })).toHaveAttribute('href', /^tel:/);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('We sell tea & need a shop.\nCan you help?');

    await page.unroute('**/api/contact');
    await page.getByRole('button', { name: 'I am human' }).click();
    const answered = page.waitForResponse('**/api/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await answered).status()).toBe(202);
    await expect(forms[0]!.success(page)).toBeVisible();
  });

  test('403 from the robot check asks for the check again', async ({ page }) => {
    await answerContactWith(page, 403, {
      ok: false,
      error: 'The robot check did not pass. Please do the check again.',
    });
    await page.goto('/contact-us');
    await forms[0]!.fill(page.locator('form.contact-form'));
    await page.getByRole('button', { name: 'I am human' }).click();
    await page.getByRole('button', { name: 'Send message' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(
      summary.getByRole('link', { name: 'The robot check did not pass. Please do the check again.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'I am human' })).toBeVisible();
  });
});

/*
 * Finding 8 of the security review (the unit half is tests/attacks/crafted-links.test.ts): a crafted link or a
 * damaged draft must not break a form, and a form that breaks anyway keeps the page and says how else to reach us.
 */
test.describe('crafted links and broken drafts', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  const EMOJI = '\u{1F600}';

  test('a ?service= cut inside an emoji does not break Contact Us', async ({ page, watch }) => {
    // The emoji straddles the 100th UTF-16 unit, where the subject used to be cut in two.
    const service = 'a'.repeat(99) + EMOJI;
    const subject = page.getByLabel('Subject', { exact: true });
    await answerContactWith(page, 503, { ok: false, error: 'We could not store your message just now.' });
    await page.goto(`/contact-us?kind=package-request&service=${encodeURIComponent(service)}#contact-form`);
    await page.getByLabel('Name', { exact: true }).fill('Kabir Singh');
    await expect(subject).toHaveValue(service);
    // The draft holds that subject now, and gives it back after a reload.
    await page.reload();
    await page.getByLabel('Email', { exact: true }).fill('kabir@example.com');
    await expect(subject).toHaveValue(service);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kabir Singh');
    await page.getByLabel('Reason', { exact: true }).selectOption({ label: 'New project' });
    await page.getByLabel('Message', { exact: true }).fill('A shop for our tea.');
    await page.getByRole('button', { name: 'I am human' }).click();
    await page.getByRole('button', { name: 'Send message' }).click();
    const problem = page.getByRole('alert').filter({ hasText: 'Your message was not sent.' });
    const mailto = await problem.getByRole('link', { name: 'Email us your message' }).getAttribute('href');
    expect(new URL(mailto!).searchParams.get('subject')).toBe(service);
    // Nothing threw: the one error is the browser's note of the 503 this test answered.
    expect(watch.consoleErrors.filter((error) => !error.includes('status of 503'))).toEqual([]);
  });

  test('a saved draft with half an emoji does not break Contact Us', async ({ page, watch }) => {
    await page.goto('/contact-us');
    await page.evaluate(
      (draft) => sessionStorage.setItem('qd-draft:contact', JSON.stringify(draft)),
      // Half of the emoji: JSON keeps it as the escape \ud83d.
      { name: 'Zoya Khan', message: `Half an emoji ${EMOJI.slice(0, 1)}` },
    );
    await page.reload();
    await page.getByLabel('Email', { exact: true }).focus();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Zoya Khan');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Half an emoji \uFFFD');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    expect(watch.consoleErrors).toEqual([]);
  });

  // The fallback is FormFrame's error boundary, the same for every form: on a page form and in a dialog.
  for (const form of forms.filter(({ kind }) => ['contact', 'package-request'].includes(kind))) {
    test(`${form.name}: when it breaks, the page stays and offers the phone and e-mail in plain words, and its draft is forgotten`, async ({
      page,
    }) => {
      // A stand-in for any fault of the form: building the e-mail that carries the answers throws.
      await page.addInitScript(() => {
        const encode = window.encodeURIComponent;
        window.encodeURIComponent = (text) => {
          if (String(text).includes('Email: ')) throw new URIError('URI malformed');
          return encode(text);
        };
      });
      await answerContactWith(page, 503, { ok: false, error: 'We could not store your message just now.' });
      const scope = await form.open(page);
      await form.fill(scope);
      await scope.getByRole('button', { name: 'I am human' }).click();
      if (!form.sendsOnToken) await scope.getByRole('button', { name: form.send }).click();

      const otherWays = page.getByRole('alert').filter({ hasText: 'this part of the page is not working' });
      await expect(otherWays).toBeVisible();
      await expect(otherWays.getByRole('link', { name: siteData.phone })).toHaveAttribute('href', /^tel:\+?[0-9]+$/);
      await expect(otherWays.getByRole('link', { name: siteData.email })).toHaveAttribute(
        'href',
        `mailto:${siteData.email}`,
      );
      // The rest of the page carries on.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(
        await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('qd-draft:'))),
      ).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

/**
 * Where an element is on the page, not in the window, once what is moving has settled: the site scrolls smoothly, so
 * a measure in the window taken while the scroll that brought a field into view is still running differs from one
 * taken after, and a dialog slides into place as it opens, though nothing pushed the button.
 */
function placeOnPage(locator: Locator) {
  return locator.evaluate(async (element) => {
    const settling = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
    const box = element.getBoundingClientRect();
    return { x: box.left + scrollX, y: box.top + scrollY, width: box.width, height: box.height };
  });
}
