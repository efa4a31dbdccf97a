import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { TestApp } from '../../server/test/test-app.ts';
import { hasChromium, screenshotOnFailure, sharedBrowser } from './browser.ts';
import { startE2eApp } from './e2e-app.ts';

export interface BrowserSuite {
  readonly app: TestApp;
  readonly browser: Browser;
  /** Closes the page's context after the test, with a screenshot first if the test failed. */
  track(page: Page): Page;
}

/**
 * One built app (with `env` added to its configuration; a function when the values are known only
 * once something else has started) per test file, and the worker's browser; every page a test
 * opens is cleaned up after it.
 */
export function browserSuite(env: Record<string, string> | (() => Record<string, string>) = {}): BrowserSuite {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  const pages: Page[] = [];
  beforeAll(async () => {
    if (!hasChromium) return;
    app = await startE2eApp(typeof env === 'function' ? env() : env);
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    // The browser stays for the worker's next file; what this file left open goes.
    const left = browser?.contexts() ?? [];
    await Promise.race([Promise.all(left.map((c) => c.close())), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    // Seen once in CI (2026-11-27): every test of a file passed and its app's close took over 80 s,
    // failing the file. The tests have spoken by now; a close that hangs is said aloud, not fatal
    // here (the server's own shutdown tests hold its bounds: server/faults/shutdown.test.ts).
    const closing = app?.close();
    const slow = await Promise.race([closing?.then(() => false), new Promise((resolve) => setTimeout(() => resolve(true), 45_000))]);
    if (slow) process.stderr.write(`e2e: the app of ${expect.getState().testPath ?? 'this file'} took over 45 s to close\n`);
  });
  afterEach(async (ctx) => {
    for (const [i, page] of pages.entries()) {
      if (ctx.task.result?.state === 'fail') await screenshotOnFailure(page, `${ctx.task.name}-${i}`);
      // Seen rarely on 2 busy cores: closing a context that just reloaded never settles. The test
      // has passed or failed by now; every context left is closed at the end of the file.
      await Promise.race([page.context().close(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    pages.length = 0;
  });
  return {
    get app() {
      return app!;
    },
    get browser() {
      return browser!;
    },
    track(page) {
      pages.push(page);
      return page;
    },
  };
}
