import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { site } from '../../src/site';

test.describe('a visitor finding their way', () => {
  test('an unknown address answers 404 with a page that leads back', async ({ page, watch }) => {
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    expect(watch.outbound).toEqual([]);
  });

  test('an unknown app privacy link shows the Machine Learning Advance policy', async ({ page }) => {
    const response = await page.goto('/apps/com.example.unknown/privacy');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Machine Learning Advance');
  });

  test('the wide menu at 1280px leads to every main page and marks the current one', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu).toHaveCount(1);
    await menu.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL('/our-services');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('the narrow menu opens and closes from its hamburger, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    const menu = page.locator('[data-narrow-menu]');
    const toggle = menu.locator('summary');
    await expect(toggle).toHaveAccessibleName('Menu');
    const link = menu.getByRole('link', { name: 'Our story', exact: true });
    await expect(link).toBeHidden();
    await toggle.click();
    await expect(link).toBeVisible();
    await expect(toggle.locator('svg').last()).toBeVisible();
    await expect(toggle.locator('svg').first()).toBeHidden();
    await link.click();
    await expect(page).toHaveURL('/our-story');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test('without JavaScript, "See Plans and Pricing" scrolls to the packages and "Get Started" carries the choice to Contact Us', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/our-services/seo');
    await page.getByRole('link', { name: 'See Plans and Pricing' }).click();
    await expect(page).toHaveURL(/#packages$/);
    await expect(page.locator('#packages')).toBeInViewport();
    await page.getByRole('link', { name: 'Get Started with Growth' }).click();
    await expect(page).toHaveURL(/\/contact-us\?kind=package-request&service=SEO&package=Growth#contact-form$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    // Chromium's script switch does not change how <noscript> is parsed, so read what it holds.
    expect(await page.locator('#contact-form noscript').textContent()).toContain(
      'Our message form checks for spam with a small script',
    );
    await context.close();
  });

  test('with JavaScript, arriving from a "Get Started" link starts the Contact Us subject', async ({ page }) => {
    await page.goto('/contact-us?kind=package-request&service=SEO&package=Growth#contact-form');
    // The form's script loads on first use of the form.
    await page.getByLabel('Name', { exact: true }).focus();
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('SEO - Growth');
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/our-story');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('at 375px a call and a callback are one tap away beside the wordmark; without JavaScript the callback opens Contact Us', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    for (const path of ['/', '/our-services/seo', '/books', '/contact-us']) {
      await page.goto(path);
      const banner = page.getByRole('banner');
      const wordmark = banner.getByRole('link', { name: site.wordmark });
      const call = banner.getByRole('link', { name: `Call us on ${site.phone}` });
      const callback = banner.getByRole('link', { name: 'Request a callback' });
      for (const control of [wordmark, call, callback]) await expect(control, path).toBeInViewport({ ratio: 1 });
      await expect(call).toHaveAttribute('href', `tel:${site.phone.replace(/ /g, '')}`);
      const boxes = await Promise.all([wordmark, call, callback].map((control) => control.boundingBox()));
      for (let index = 1; index < boxes.length; index += 1) {
        expect(boxes[index]!.x, `${path}: nothing overlaps`).toBeGreaterThanOrEqual(
          boxes[index - 1]!.x + boxes[index - 1]!.width,
        );
      }
    }
    await page.getByRole('banner').getByRole('link', { name: 'Request a callback' }).click();
    await expect(page).toHaveURL(/\/contact-us\?kind=callback#contact-form$/);
    await context.close();
  });

  test('the home page pause control stops and restarts the hero video', async ({ page }) => {
    await page.goto('/');
    const pause = page.getByRole('button', { name: 'Pause background video' });
    await expect(pause).toBeVisible();
    await pause.click();
    const play = page.getByRole('button', { name: 'Play background video' });
    await expect(play).toHaveAttribute('aria-pressed', 'true');
    expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
    await play.click();
    await expect(page.getByRole('button', { name: 'Pause background video' })).toHaveAttribute('aria-pressed', 'false');
    expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
  });

  test('the hero video is fetched only after the page has loaded', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Pause background video' })).toBeVisible();
    const timing = () =>
      page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const video = performance
          .getEntriesByType('resource')
          .find((entry) => /\/video\/hero\.(webm|mp4)$/.test(entry.name));
        return { loaded: navigation.loadEventStart, videoStart: video?.startTime ?? null };
      });
    // A resource's timing entry appears only once its download has finished, which a busy machine may take a while over.
    await expect.poll(async () => (await timing()).videoStart).not.toBeNull();
    const { loaded, videoStart } = await timing();
    expect(videoStart!).toBeGreaterThanOrEqual(loaded);
  });

  test('when the browser asks to save data, on 2G or 3G, or on a phone, the hero keeps its poster and fetches no video', async ({
    page,
  }) => {
    for (const connection of [
      { saveData: true, effectiveType: '4g', width: 1280 },
      { saveData: false, effectiveType: '2g', width: 1280 },
      { saveData: false, effectiveType: '3g', width: 1280 },
      { saveData: false, effectiveType: '4g', width: 375 },
    ]) {
      await page.setViewportSize({ width: connection.width, height: 800 });
      const media: string[] = [];
      const onRequest = (request: Request) => {
        if (request.resourceType() === 'media') media.push(request.url());
      };
      page.on('request', onRequest);
      // The init script of the second case runs after the first's, so its value holds.
      await page.addInitScript(
        (value) => Object.defineProperty(Navigator.prototype, 'connection', { get: () => value, configurable: true }),
        connection,
      );
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      // Past the moment the video would start: the load event, then the browser's idle time.
      await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
      await page.waitForLoadState('networkidle');
      expect(media, JSON.stringify(connection)).toEqual([]);
      expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
      await expect(page.getByRole('button', { name: /background video/ })).toBeHidden();
      page.off('request', onRequest);
    }
  });
});
