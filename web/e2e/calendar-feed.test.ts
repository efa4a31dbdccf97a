// Profile Settings' calendar feed: create the address, copy it, a calendar app fetches it, replace
// and revoke; at 1280 and 375 px.
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../server/test/factories.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

describe.skipIf(!hasChromium)('the calendar feed on Profile Settings', () => {
  it.each([false, true])('creates, copies, replaces and revokes the address (375 px: %s)', async (mobile) => {
    const me = await makeUser(suite.app, { base: 'ICS' });
    // Within the feed's window (the next 90 days, docs/decisions/0041).
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await me.client.post('/api/requests', { type: 'drop', date, routeType: 'pairing', route: 'ICS1' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/profile', mobile));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.app.url });
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Calendar Feed' }) });
    await card.getByRole('button', { name: 'Create calendar address' }).click();
    const address = card.getByLabel('Your private calendar address');
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    await card.getByRole('button', { name: 'Copy' }).click();
    await page.locator('.toast').filter({ hasText: 'Address copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const feed = await fetch(suite.app.url + new URL(url).pathname);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Drop: pairing ICS1');

    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await saveScreenshot(page, `${mobile ? 375 : 1280}-profile-calendar`);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Replace address' }).click();
    await expect.poll(() => address.inputValue()).not.toBe(url);
    expect((await fetch(suite.app.url + new URL(url).pathname)).status).toBe(404);
    const replaced = await address.inputValue();

    await card.getByRole('button', { name: 'Revoke' }).click();
    await page.locator('.toast').filter({ hasText: 'Calendar address revoked' }).waitFor();
    await card.getByRole('button', { name: 'Create calendar address' }).waitFor();
    expect((await fetch(suite.app.url + new URL(replaced).pathname)).status).toBe(404);

    // After a reload the address itself is not known any more (only its hash is kept).
    await card.getByRole('button', { name: 'Create calendar address' }).click();
    await address.waitFor();
    await page.reload();
    await card.getByText(/A calendar address is active since/).waitFor();
    expect(await card.getByLabel('Your private calendar address').count()).toBe(0);
  });
});
