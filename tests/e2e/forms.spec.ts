import AxeBuilder from '@axe-core/playwright';
import { wcagTags } from '../../scripts/bench/budgets.mjs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The three forms as a visitor uses them, through the real submission function
 * (behind a fake siteverify API) with hCaptcha's script replaced by a local stub.
 */

const RECEIVED = "We've received your request and will get back to you shortly. Thank you!";
const FAILED = 'Oops! something seems to be wrong';

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

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
    expect(await axe(page)).toEqual([]);

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
  test('keeps Submit disabled until the form is valid and the check is done, then sends', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/our-services/web-hosting');
    await page.getByRole('banner').getByRole('link', { name: 'Request a callback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a callback' });
    await expect(dialog.getByLabel('Service Interested In', { exact: true })).toHaveValue('Web Hosting');
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    expect(await axe(page)).toEqual([]);

    await dialog.getByLabel('Full Name', { exact: true }).fill('Meera Iyer');
    await dialog.getByLabel('Email', { exact: true }).fill('meera@');
    await dialog.getByLabel('Message', { exact: true }).fill('Please call me about moving our site.');
    await expect(dialog.getByText('Enter an email address in the correct format, like name@example.com')).toBeVisible();
    await dialog.getByRole('button', { name: 'I am human' }).click();
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Email', { exact: true }).fill('meera@example.com');
    await expect(submit).toBeEnabled();

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

  // This tells client:after-paint from client:load or client:idle; client:visible could pass it
  // too, when the browser paints before it computes what is in view.
  test('its script is fetched only after the page has shown its first content', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    const timing = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter(
          (entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'),
        )
        .map((entry) => entry.startTime),
    }));
    expect(timing.painted).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.painted!);
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
    await page.reload();
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
    expect(await axe(page)).toEqual([]);
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
});
