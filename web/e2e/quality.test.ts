import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeAdmin, makeUser } from '../../server/test/factories.ts';
import { hasChromium, newCrewContext } from './browser.ts';
import { seriousViolations } from './axe.ts';
import { browserSuite } from './suite.ts';
import { openAs } from './session.ts';

const suite = browserSuite();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!hasChromium)('accessibility and quiet pages', () => {
  it.each(['/', '/login', '/signup', '/forgot-password', '/reset-password?token=x', '/no-such-page'])(
    'signed out, %s has no serious or critical axe violation',
    async (path) => {
      const context = await newCrewContext(suite.browser, suite.app.url);
      const page = await context.newPage();
      suite.track(page);
      await page.goto(path);
      await page.locator('main, [role="main"], h1').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it.each(['/', '/all-trades', '/matches', '/profile', '/calendar'])(
    'signed in, %s has no serious or critical axe violation',
    async (path) => {
      const group = { base: 'AXE' };
      const me = await makeUser(suite.app, group);
      const mate = await makeUser(suite.app, group);
      await me.client.post('/api/requests', { type: 'drop', date: inDays(4), routeType: 'pairing', route: 'AXE100' });
      await mate.client.post('/api/requests', { type: 'pickup', date: inDays(4), routeType: 'pairing', route: 'Any' });
      const page = await openAs(suite.browser, suite.app, me, path);
      suite.track(page);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it('an idle signed-in page sends no requests: updates arrive over the socket', async () => {
    const me = await makeUser(suite.app, { base: 'IDL' });
    const page = await openAs(suite.browser, suite.app, me, '/');
    suite.track(page);
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.waitForLoadState('networkidle');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/socket.io/')) sent.push(r.url());
    });
    await page.waitForTimeout(3_000);
    expect(sent).toEqual([]);
  });
});

/**
 * Presses Tab until the focus comes back round, and answers the visible, enabled controls the
 * keyboard never reached (each described by its tag and text). A row of tabs counts as reached
 * when one of its tabs is, and a group of radio buttons when one of them is (the arrow keys do the rest).
 */
async function unreachableByKeyboard(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    (window as unknown as { __reached: Set<Element> }).__reached = new Set();
    document.addEventListener('focusin', (e) => (window as unknown as { __reached: Set<Element> }).__reached.add(e.target as Element));
  });
  const total = await page.evaluate(() => document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').length);
  for (let i = 0; i < total + 5; i++) await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const reached = (window as unknown as { __reached: Set<Element> }).__reached;
    const controls = Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea'));
    return controls
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const hidden = r.width < 1 || r.height < 1 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]');
        // A tab row is one stop (WAI-ARIA tabs): the arrow keys move within it from the chosen tab.
        const tablist = el.getAttribute('role') === 'tab' ? el.closest('[role="tablist"]') : null;
        const rowReached = tablist ? Array.from(tablist.querySelectorAll('[role="tab"]')).some((t) => reached.has(t)) : false;
        // So is a group of radio buttons (one Tab stop; the arrow keys choose within it).
        const radio = el instanceof HTMLInputElement && el.type === 'radio' && el.name ? el : null;
        const groupReached = radio
          ? Array.from(document.querySelectorAll<HTMLInputElement>('input[type="radio"]')).some(
              (r) => r.name === radio.name && reached.has(r),
            )
          : false;
        return !hidden && !(el as HTMLButtonElement).disabled && !reached.has(el) && !rowReached && !groupReached;
      })
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()}> "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '').trim().slice(0, 40)}"`,
      );
  });
}

describe.skipIf(!hasChromium)('every control is reachable by keyboard', () => {
  it.each([
    '/',
    '/all-trades',
    '/matches',
    '/trades',
    '/messages',
    '/schedule',
    '/calendar',
    '/profile',
    '/contact-support',
    '/admin?tab=users',
    '/admin?tab=support',
  ])('%s: Tab reaches every visible control', async (path) => {
    const group = { base: 'KBD' };
    const me = await makeAdmin(suite.app, group);
    const mate = await makeUser(suite.app, group);
    await me.client.post('/api/requests', { type: 'drop', date: inDays(5), routeType: 'pairing', route: 'KBD100' });
    await mate.client.post('/api/requests', { type: 'pickup', date: inDays(5), routeType: 'pairing', route: 'Any' });
    await mate.client.post('/api/support-requests', { category: 'bug', subject: 'Keyboard', message: 'A message long enough' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, path));
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await unreachableByKeyboard(page)).toEqual([]);
  });
});

describe.skipIf(!hasChromium)('tabs by keyboard', () => {
  it('Administrator Settings: the arrow keys, Home and End move between tabs and the URL follows', async () => {
    const admin = await makeAdmin(suite.app, { base: 'ARW' });
    const page = suite.track(await openAs(suite.browser, suite.app, admin, '/admin?tab=users'));
    const selected = () => page.locator('[role="tab"][aria-selected="true"]').textContent();
    await page.getByRole('tab', { name: 'Manage Users' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(selected).toBe('Support Requests');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('support');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Support Requests');
    await page.keyboard.press('End');
    await expect.poll(selected).toBe('Insights');
    await page.keyboard.press('ArrowRight');
    await expect.poll(selected).toBe('Email Templates');
    await page.keyboard.press('Home');
    await expect.poll(selected).toBe('Email Templates');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(selected).toBe('Insights');
  });
});
