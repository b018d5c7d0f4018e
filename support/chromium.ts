// How every tool here starts Chromium: the browser tests (playwright.config.ts),
// the editor's screenshots, the first-tap bench and Lighthouse CI (lighthouserc.cjs).
// One list, so a flag that keeps Chromium off the network or working in a
// container is never missing from one of them.
import { existsSync } from 'node:fs';

/** CHROMIUM_PATH (or CHROME_PATH), otherwise the system's Chromium when there is one. */
export const systemChromium: string | undefined =
  process.env.CHROMIUM_PATH ??
  process.env.CHROME_PATH ??
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/**
 * No sandbox (containers have no user namespaces), no GPU, no QUIC, and none of the
 * background services that would reach the internet: updates, sync, first-run pages.
 */
export const chromiumArgs: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
