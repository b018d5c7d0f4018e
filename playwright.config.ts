import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, systemChromium } from './support/chromium.ts';

/*
 * End-to-end tests in Chromium against the built site, served by the same
 * server as `npm start`. Here Playwright cannot download its browsers, so the
 * system Chromium is used (CHROMIUM_PATH overrides it); elsewhere, without
 * /usr/bin/chromium, `npx playwright install chromium` provides Playwright's own.
 */

const port = Number(process.env.E2E_PORT ?? 4322);
const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: { ...(systemChromium ? { executablePath: systemChromium } : {}), args: chromiumArgs },
};

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: Boolean(process.env.CI),
  // Two cores run the server, two browsers and axe at once: leave room for a slow moment, never a sleep.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 0,
  workers: 2,
  fullyParallel: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace slows every test; `npx playwright test --trace on` records one when a failure needs it.
    trace: 'off',
  },
  projects: [
    // npm test: the *.spec.ts files.
    { name: 'chromium', use: browser },
    // npm run verify: the page sweep on every page, which takes minutes (tests/e2e/every-page.sweep.ts).
    { name: 'every-page', testMatch: '*.sweep.ts', use: browser },
  ],
  webServer: {
    // scripts/serve.ts (Netlify's runtime) behind a fake hCaptcha siteverify API (tests/e2e/support/server.ts).
    command: 'node tests/e2e/support/server.ts',
    url: `http://localhost:${port}/`,
    env: { PORT: String(port) },
    reuseExistingServer: !process.env.CI,
    // The server listens once it has packaged the functions: seconds, a few minutes on a busy machine.
    timeout: 240_000,
  },
});
