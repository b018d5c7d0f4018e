import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

/*
 * The first tap on a dialog's link is answered by the page itself, before any island script has arrived
 * (docs/decisions.md, "The first tap answers at once"). Every script of the site is held back here until the test
 * lets it go, so what is asserted before that cannot depend on how fast anything loads: the dialog is open, named,
 * focused and closable, every module the island needs has been asked for at once, and what was typed into it is
 * still there, with the focus, once the island has taken it over. How fast it all is, the bench measures
 * (`npm run bench:taps`).
 */

/** Holds every script of the site until `release` is called; `asked` lists them as the page asks for them. */
async function holdScripts(page: Page) {
  const asked: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await held;
    await route.fallback();
  });
  return { asked, release };
}

/** The modules the page's dialog asks for on the tap (data-modules, written by the build). */
async function dialogModules(page: Page): Promise<string[]> {
  const list = await page.locator('dialog[data-modules]').getAttribute('data-modules');
  return (list ?? '').split(' ').filter(Boolean);
}

/**
 * Resolves once the dialogs island has said it takes over (src/lib/first-use.ts) and the task that said so has ended:
 * by then it has opened whatever it was going to open for the tap that woke it.
 */
function islandTakesOver(page: Page) {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        addEventListener('qd:ready', (event) => {
          if ((event as CustomEvent<string>).detail.includes('data-callback-trigger')) setTimeout(resolve);
        }),
      ),
  );
}

test.describe('on a phone, by touch', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

  test('"Get Started" opens its dialog before any script has arrived, asks for every module at once, and the island keeps what was typed', async ({
    page,
    watch,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/our-services/seo');
    await page.waitForLoadState('load');
    expect(scripts.asked, 'no script before the tap').toEqual([]);
    const modules = await dialogModules(page);
    // The island, Astro's React renderer, React, React DOM and the captcha widget, at least.
    expect(modules.length).toBeGreaterThanOrEqual(5);

    const getStarted = page.getByRole('link', { name: 'Get Started with Growth' });
    await getStarted.tap();
    const dialog = page.getByRole('dialog', { name: 'Request Growth' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('SEO', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('Loading the form…');
    const name = dialog.getByLabel('Name', { exact: true });
    await expect(name).toBeFocused();
    // Nothing has arrived, yet every module was asked for: none waited for the one importing it.
    await expect.poll(() => [...new Set(scripts.asked)].sort()).toEqual([...modules].sort());
    expect(await axeViolations(page)).toEqual([]);

    // Closable as the finished dialog is, the focus going back to the link.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(getStarted).toBeFocused();
    await getStarted.tap();
    await dialog.getByRole('button', { name: 'Close dialog' }).tap();
    await expect(dialog).toBeHidden();

    await getStarted.tap();
    await expect(name).toBeFocused();
    await page.keyboard.type('Asha V');
    const takenOver = islandTakesOver(page);
    scripts.release();
    await takenOver;
    await expect(dialog.getByRole('button', { name: 'Send request' })).toBeVisible();
    await expect(dialog.getByRole('status').filter({ hasText: 'Loading the form…' })).toHaveCount(0);
    await expect(name).toHaveValue('Asha V');
    await expect(name).toBeFocused();
    await page.keyboard.type('erma');
    await expect(name).toHaveValue('Asha Verma');
    await expect(dialog.getByLabel('Service', { exact: true })).toHaveValue('SEO - Growth');
    expect(watch.consoleErrors).toEqual([]);
  });
});

test.describe('at 1280 px, by keyboard', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('"Request a callback" opens its dialog before any script has arrived; closed before the island came, it stays closed', async ({
    page,
    watch,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/our-services/web-hosting');
    const callback = page.getByRole('banner').getByRole('link', { name: 'Request a callback' });
    await callback.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Request a callback' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Leave your details and we will call or write back')).toBeVisible();
    await expect(dialog.getByLabel('Full Name', { exact: true })).toBeFocused();
    await expect(page).toHaveURL(/\/our-services\/web-hosting$/);

    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
    await expect(callback).toBeFocused();
    const takenOver = islandTakesOver(page);
    scripts.release();
    await takenOver;
    // The tap had its answer: the island does not open the dialog the visitor closed.
    await expect(dialog).toBeHidden();

    // From now on the island opens it itself.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(dialog.getByLabel('Full Name', { exact: true })).toBeFocused();
    await expect(dialog.getByLabel('Service Interested In', { exact: true })).toHaveValue('Web Hosting');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(callback).toBeFocused();
    expect(watch.consoleErrors).toEqual([]);
  });

  test('text typed into the callback dialog before its island arrived is sent', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/about-us');
    await page.getByRole('banner').getByRole('link', { name: 'Request a callback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a callback' });
    await expect(dialog.getByRole('status')).toHaveText('Loading the form…');
    await page.keyboard.type('Meera Iyer');
    scripts.release();
    await dialog.getByLabel('Email', { exact: true }).fill('meera@example.com');
    await dialog.getByLabel('Message', { exact: true }).fill('Please call me.');
    await dialog.getByRole('button', { name: 'I am human' }).click();
    const answered = page.waitForResponse('**/api/contact');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const response = await answered;
    expect(response.status()).toBe(202);
    expect(response.request().postDataJSON()).toMatchObject({ kind: 'callback', name: 'Meera Iyer' });
  });
});
