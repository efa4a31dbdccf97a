// After a deploy (docs/decisions/0024) and sending photos from a phone (part 4): the service worker's
// new version waits and the app offers "A new version is available" with a reload; a lazy screen
// whose chunk the deploy replaced reloads the page once and opens; multi-image sends show their
// progress. Screenshots at 1280 and 375 px.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../server/test/factories.ts';
import { hasChromium } from './browser.ts';
import { deployProxy } from './deploy-proxy.ts';
import { saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';
import { SHELL_TEXT } from '../src/texts/shell.ts';

const suite = browserSuite();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const loads = (page: Page) => {
  let count = 0;
  page.on('load', () => count++);
  return () => count;
};

describe.skipIf(!hasChromium)('after a deploy', () => {
  it.each([false, true])('a new service worker waits, and the app offers the reload (mobile: %s)', async (mobile) => {
    const me = await makeUser(suite.app, { base: 'UPD' });
    const proxy = await deployProxy(suite.app.url);
    try {
      const page = suite.track(await openAs(suite.browser, { ...suite.app, url: proxy.url }, me, '/', mobile, 'allow'));
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      expect(await page.getByText(SHELL_TEXT.newVersionAvailable).count()).toBe(0);

      // The deploy: from now on the server sends a worker script that differs from the running one.
      proxy.deploy();
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByRole('status').filter({ hasText: SHELL_TEXT.newVersionAvailable });
      await prompt.waitFor();
      // The running version keeps control until the crew member chooses.
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true);
      await saveScreenshot(page, `${mobile ? 375 : 1280}-update-prompt`);

      // Waits for the reload itself, not for a fixed time: a loaded machine takes seconds to swap workers.
      const reloaded = page.waitForEvent('load', { timeout: 30_000 });
      await prompt.getByRole('button', { name: SHELL_TEXT.reloadNow }).click();
      await reloaded;
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
      expect(await page.getByText(SHELL_TEXT.newVersionAvailable).count()).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('a lazy screen whose chunk was replaced reloads the page once and opens', async () => {
    const me = await makeUser(suite.app, { base: 'CHK' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    // The tab still names the old build's Matches chunk, which the deploy removed: it is gone until
    // the page reloads (and, in a real deploy, names the new build's chunk).
    const loaded = loads(page);
    let asked = 0;
    await page.route(/\/assets\/Matches-[^/]+\.js$/, async (route) => {
      asked++;
      if (loaded() === 0) return route.fulfill({ status: 404, body: 'Not Found' });
      return route.continue();
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Matches' }).first().click();
    await page.getByRole('heading', { name: 'Matches', level: 1 }).waitFor();
    await expect.poll(loaded, { timeout: 15_000 }).toBe(1);
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(new URL(page.url()).pathname).toBe('/matches');
  });

  it('a chunk that keeps failing does not reload in a loop', async () => {
    const me = await makeUser(suite.app, { base: 'CHL' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.route(/\/assets\/Trades-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    const loaded = loads(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Trades' }).first().click();
    await expect.poll(loaded, { timeout: 15_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    expect(loaded()).toBe(1);
  });
});

describe.skipIf(!hasChromium)('sending photos', () => {
  it.each([false, true])('a multi-image send shows its progress until the server answers (mobile: %s)', async (mobile) => {
    const me = await makeUser(suite.app, { base: 'PRG' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades', mobile));
    await page.getByRole('button', { name: 'New Trade Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Trade Request' });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    await dialog
      .getByLabel('Trip Screenshots')
      .setInputFiles(['a', 'b', 'c'].map((n) => ({ name: `${n}.jpg`, mimeType: 'image/jpeg', buffer: photo })));
    await dialog.getByLabel('Date', { exact: true }).fill(inDays(9));
    await dialog.getByLabel('Pairing', { exact: true }).fill(`PRG${mobile ? 375 : 1280}`);
    // The server's answer waits until the test has seen the progress.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/requests', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Post Request' }).click();
    const progress = page.getByRole('status').filter({ hasText: 'Uploading 3 images…' });
    await progress.waitFor();
    expect(await progress.getByRole('progressbar').count()).toBe(1);
    await saveScreenshot(page, `${mobile ? 375 : 1280}-upload-progress`);
    release();
    await expect.poll(() => progress.count()).toBe(0);
    await expect.poll(() => dialog.count()).toBe(0);
  });
});
