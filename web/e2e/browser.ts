import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

if (!hasChromium) {
  const msg = `\n\n*** Browser tests need Debian's chromium at ${CHROMIUM} (apt-get install -y chromium). ***\n`;
  // Outside CI a missing browser skips these tests loudly; under CI it is a failure.
  if (process.env.CI) throw new Error(msg);
  console.warn(`${msg}*** Skipping the browser tests. ***\n`);
}

/** Headless Debian chromium with the flags this machine needs (no sandbox as root, no background network). */
/**
 * `scriptsOff`: scripts switched off in the browser's settings, as a crew member would, so pages show
 * their <noscript> (Playwright's javaScriptEnabled: false runs no script but parses as if it could).
 */
export async function launchBrowser({ scriptsOff = false } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...(scriptsOff ? ['--blink-settings=scriptEnabled=false'] : []),
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every test file a worker runs (the e2e project does not isolate its files): a
 * launch costs a second or more of a busy CPU. Files share nothing through it: each test opens its
 * own contexts, and a file closes the contexts it left open. Launched again if it crashed.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.once('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}

/**
 * A phone-sized context (the app is mobile-first); each context is one crew member's browser. The
 * app's service worker is blocked unless asked for: Playwright's request interception does not see
 * what a worker fetches, and the tests that stub or fail API calls need to (web/e2e/pwa.test.ts
 * tests the worker itself).
 */
export async function newCrewContext(
  browser: Browser,
  baseURL: string,
  mobile = false,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, serviceWorkers, viewport: mobile ? { width: 375, height: 740 } : { width: 1280, height: 900 } });
}

/** Keeps a screenshot of a failing page as a CI artifact under test-artifacts/. */
export async function screenshotOnFailure(page: Page, name: string): Promise<void> {
  const dir = path.resolve('test-artifacts');
  await fs.mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name.replace(/[^\w-]+/g, '_')}.png`), fullPage: true }).catch(() => undefined);
}
