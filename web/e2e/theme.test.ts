// Light / Dark / System per device (issue 43, part 5): chosen in Profile Settings or the avatar menu,
// kept in this browser's localStorage, and on <html> before the first paint: a reload with the app's
// scripts held back already paints the chosen scheme (the inline boot script, allowed by its CSP hash).
// System follows the device as it changes. Screenshots at 1280 and 375 px under test-artifacts/layout.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT, THEME_STORAGE_KEY } from '#protocol/theme.ts';
import { makeUser } from '../../server/test/factories.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium, newCrewContext } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

/** The page's background, as the stylesheet's --bg paints it. */
const LIGHT_BG = 'rgb(245, 247, 251)';
const DARK_BG = 'rgb(11, 18, 32)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const marked = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? 'system');

/** Scripts the page was refused (a CSP that does not allow the inline boot script says so here). */
function refusals(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) found.push(m.text());
  });
  return found;
}

/**
 * Reloads with every script file held back, so only the HTML, its inline boot script and the
 * stylesheet can act: what is painted then is what the first paint shows. Returns the background.
 */
async function firstPaintBackground(page: Page, path: string): Promise<string> {
  const held = /\/assets\/.+\.js$/;
  await page.route(held, () => undefined);
  // Not 'domcontentloaded': module scripts hold that back, and these never come.
  await page.goto(path, { waitUntil: 'commit' });
  // The stylesheet is a <link> in the <head>: the body is painted with it.
  await page.waitForFunction(() => document.body && Array.from(document.styleSheets).some((s) => s.href?.includes('/assets/')));
  const bg = await background(page);
  await page.unroute(held);
  return bg;
}

describe.skipIf(!hasChromium)('Light / Dark / System on this device', () => {
  it.each([false, true])('Profile Settings switches it, and the next visit paints it first (mobile: %s)', async (mobile) => {
    const width = mobile ? 375 : 1280;
    const me = await makeUser(suite.app, { firstName: 'Nadia', lastName: 'Night' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/profile', mobile));
    const refused = refusals(page);
    await page.emulateMedia({ colorScheme: 'light' });
    const appearance = page.getByRole('group', { name: 'Theme' });
    await appearance.waitFor();
    expect(await appearance.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    expect(await background(page)).toBe(LIGHT_BG);

    // Dark on a light device: at once, with nothing to save.
    await appearance.getByRole('radio', { name: 'Dark' }).check();
    expect(await marked(page)).toBe('dark');
    await expect.poll(() => background(page)).toBe(DARK_BG);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');
    await page.waitForTimeout(400); // the buttons' colour transitions
    await saveScreenshot(page, `${width}-theme-dark-profile`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);

    // The next visit: dark before any of the app's scripts has run.
    expect(await firstPaintBackground(page, '/profile')).toBe(DARK_BG);
    // And once the app is there, the switch says so.
    await page.goto('/profile');
    await appearance.waitFor();
    expect(await appearance.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);

    // Light on a dark device.
    await page.emulateMedia({ colorScheme: 'dark' });
    await appearance.getByRole('radio', { name: 'Light' }).check();
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    expect(await firstPaintBackground(page, '/')).toBe(LIGHT_BG);
    await page.goto('/profile');
    await appearance.waitFor();

    // System: the device's setting, as it changes.
    await appearance.getByRole('radio', { name: 'System' }).check();
    expect(await marked(page)).toBe('system');
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBeNull();
    await expect.poll(() => background(page)).toBe(DARK_BG);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    expect(refused).toEqual([]);
  });

  it.each([false, true])('the avatar menu switches it too, and other tabs follow (mobile: %s)', async (mobile) => {
    const width = mobile ? 375 : 1280;
    const me = await makeUser(suite.app, { firstName: 'Mila', lastName: 'Menu' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/', mobile));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    const other = await page.context().newPage();
    await other.emulateMedia({ colorScheme: 'light' });
    await other.goto('/all-trades');
    await other.getByRole('heading', { name: 'Tradeboard' }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const dark = menu.getByRole('menuitemradio', { name: 'Dark' });
    expect(await menu.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe('true');
    await dark.click();
    // The menu stays open, the choice checked, the page dark behind it.
    expect(await dark.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => background(page)).toBe(DARK_BG);
    await page.waitForTimeout(400);
    await saveScreenshot(page, `${width}-theme-dark-avatar-menu`);
    expect(await seriousViolations(page)).toEqual([]);
    // The other tab of this browser follows.
    await expect.poll(() => background(other)).toBe(DARK_BG);

    // By keyboard: arrows move within the menu, Enter chooses.
    await menu.getByRole('menuitemradio', { name: 'Light' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => background(other)).toBe(LIGHT_BG);
    await other.close();
  });

  it('the signed-out pages paint the choice first too, under their CSP', async () => {
    const context = await newCrewContext(suite.browser, suite.app.url, true);
    const page = suite.track(await context.newPage());
    const refused = refusals(page);
    await page.emulateMedia({ colorScheme: 'light' });
    for (const path of ['/', '/login', '/signup']) {
      const html = await (await fetch(`${suite.app.url}${path}`)).text();
      // Verbatim: the CSP allows it by the hash of protocol/theme.ts's text.
      expect(html).toContain(`<script id="theme-boot">${THEME_BOOT_SCRIPT}</script>`);
      await page.goto(path);
      await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
      expect(await firstPaintBackground(page, path)).toBe(DARK_BG);
      await page.evaluate((key) => localStorage.removeItem(key), THEME_STORAGE_KEY);
      expect(await firstPaintBackground(page, path)).toBe(LIGHT_BG);
    }
    expect(refused).toEqual([]);
  });
});
