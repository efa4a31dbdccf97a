import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser } from '../../server/test/factories.ts';
import { readOutbox } from '../../server/test/outbox.ts';
import { hasChromium } from './browser.ts';
import { browserSuite } from './suite.ts';
import { openAs } from './session.ts';

const suite = browserSuite();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** A 1x1 PNG, real bytes, so the server's content sniffing accepts it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function postRequest(page: Page, opts: { type: 'Drop' | 'Pick Up' | 'Trade'; date: string; pairing: string; screenshot?: boolean }) {
  await page.getByRole('button', { name: 'New Trade Request' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Trade Request' });
  await dialog.getByLabel(opts.type, { exact: true }).check();
  await dialog.getByLabel('Date', { exact: true }).fill(opts.date);
  await dialog.getByLabel('Route Type').selectOption('pairing');
  await dialog.getByLabel('Pairing', { exact: true }).fill(opts.pairing);
  if (opts.screenshot) await dialog.getByLabel('Trip Screenshots').setInputFiles({ name: 'trip.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Post Request' }).click();
  await expect.poll(() => page.getByText(MSG.requestPosted).first().isVisible()).toBe(true);
  await expect.poll(() => dialog.count()).toBe(0);
}

const card = (page: Page, pairing: string) => page.getByRole('article').filter({ hasText: pairing });

describe.skipIf(!hasChromium)('trading in the browser', () => {
  it('a drop and a matching pickup: both crew see the match, bell and badge live, and get the mail', async () => {
    const alice = await makeUser(suite.app, { firstName: 'Alice', base: 'MIA' });
    const bob = await makeUser(suite.app, { firstName: 'Bob', base: 'MIA' });
    const carol = await makeUser(suite.app, { firstName: 'Carol', base: 'SEA' });
    const a = await openAs(suite.browser, suite.app, alice, '/all-trades');
    const b = await openAs(suite.browser, suite.app, bob, '/all-trades');
    const c = await openAs(suite.browser, suite.app, carol, '/all-trades');
    suite.track(a);
    suite.track(b);
    suite.track(c);
    await a.getByRole('heading', { name: 'Tradeboard' }).waitFor();
    await b.getByRole('heading', { name: 'Tradeboard' }).waitFor();
    await c.getByRole('heading', { name: 'Tradeboard' }).waitFor();

    const date = inDays(10);
    await postRequest(a, { type: 'Drop', date, pairing: 'MIA4411' });
    // Bob's open board shows it without a reload; Carol, at another base, never sees it.
    await expect.poll(() => card(b, 'MIA4411').isVisible(), { timeout: 10_000 }).toBe(true);

    // Alice waits on her (empty) matches page; Bob posts the matching pickup.
    await a.getByRole('link', { name: 'Matches' }).first().click();
    await expect.poll(() => a.getByText(MSG.noMatches).isVisible()).toBe(true);
    await postRequest(b, { type: 'Pick Up', date, pairing: 'Any MIA trip' });

    // Both see it with no reload: Alice's list and bell, Bob's bell and Matches badge.
    await expect.poll(() => a.getByText('Pending Match').first().isVisible(), { timeout: 10_000 }).toBe(true);
    const bell = a.getByRole('button', { name: 'Notifications' });
    await expect.poll(() => bell.locator('.count-badge').textContent()).toBe('1');
    await expect.poll(() => b.getByRole('button', { name: 'Notifications' }).locator('.count-badge').textContent()).toBe('1');
    await expect.poll(() => b.getByRole('link', { name: 'Matches' }).first().locator('.count-badge').textContent()).toBe('1');
    expect(await c.getByText('MIA4411').count()).toBe(0);

    // The bell lists the match; a click acknowledges it and goes to /matches.
    await bell.click();
    await a.getByRole('button', { name: /New Match Found/ }).click();
    await a.waitForURL('**/matches');
    await expect.poll(() => bell.locator('.count-badge').count()).toBe(0);

    await expect.poll(async () => (await readOutbox(suite.app.databaseUrl, alice.email)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await readOutbox(suite.app.databaseUrl, bob.email)).length).toBe(1);
  });

  it('posting, editing and deleting a request refetches no list: the answer and the socket events update the screens', async () => {
    const fay = await makeUser(suite.app, { firstName: 'Fay', base: 'BNA' });
    const gus = await makeUser(suite.app, { firstName: 'Gus', base: 'BNA' });
    const p = await openAs(suite.browser, suite.app, fay, '/all-trades');
    const q = await openAs(suite.browser, suite.app, gus, '/all-trades');
    suite.track(p);
    suite.track(q);
    await p.getByRole('heading', { name: 'Tradeboard' }).waitFor();
    await q.getByRole('heading', { name: 'Tradeboard' }).waitFor();
    await p.waitForLoadState('networkidle');
    await q.waitForLoadState('networkidle');
    // The bell's list is reloaded on 'notifications:changed' (that event carries no list); these are not.
    const lists = /^\/api\/(all-trades|requests|matches|dashboard\/stats)$/;
    const refetches: string[] = [];
    for (const page of [p, q]) {
      page.on('request', (r) => {
        if (r.method() === 'GET' && lists.test(new URL(r.url()).pathname)) refetches.push(`${r.method()} ${new URL(r.url()).pathname}`);
      });
    }

    await postRequest(p, { type: 'Drop', date: inDays(9), pairing: 'BNA5151' });
    await expect.poll(() => card(p, 'BNA5151').count()).toBe(1);
    await expect.poll(() => card(q, 'BNA5151').count(), { timeout: 10_000 }).toBe(1);
    // A match with Gus's pickup reaches Fay's bell by socket alone.
    await postRequest(q, { type: 'Pick Up', date: inDays(9), pairing: 'Any BNA' });
    await expect
      .poll(() => p.getByRole('button', { name: 'Notifications' }).locator('.count-badge').textContent(), { timeout: 10_000 })
      .toBe('1');

    await card(p, 'BNA5151').getByRole('button', { name: 'Edit' }).click();
    const dialog = p.getByRole('dialog', { name: 'Edit Trade Request' });
    await dialog.getByLabel('Pairing', { exact: true }).fill('BNA5252');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => card(p, 'BNA5252').count()).toBe(1);
    await expect.poll(() => card(q, 'BNA5252').count(), { timeout: 10_000 }).toBe(1);
    expect(await card(p, 'BNA5151').count()).toBe(0);

    await card(p, 'BNA5252').getByRole('button', { name: 'Delete' }).click();
    await p.getByRole('alertdialog', { name: 'Delete Request' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card(p, 'BNA5252').count()).toBe(0);
    await expect.poll(() => card(q, 'BNA5252').count(), { timeout: 10_000 }).toBe(0);
    // Late events for the deleted request (its own board:remove, its match going) change nothing more.
    await p.waitForTimeout(500);
    expect(await card(p, 'BNA5252').count()).toBe(0);
    expect(refetches).toEqual([]);
  });

  it('filters, edits and deletes own requests on the tradeboard', async () => {
    const dana = await makeUser(suite.app, { firstName: 'Dana', base: 'DEN' });
    const p = await openAs(suite.browser, suite.app, dana, '/all-trades');
    suite.track(p);
    await postRequest(p, { type: 'Drop', date: inDays(5), pairing: 'DEN1001' });
    await postRequest(p, { type: 'Drop', date: inDays(6), pairing: 'DEN2002' });

    await p.getByRole('button', { name: 'Filter Requests' }).click();
    await p.getByLabel('Search').fill('2002');
    await expect.poll(() => card(p, 'DEN1001').count()).toBe(0);
    await expect.poll(() => card(p, 'DEN2002').isVisible()).toBe(true);
    await p.getByLabel('Request Type').selectOption('trade');
    await expect.poll(() => p.getByText(MSG.emptyFiltered).isVisible()).toBe(true);
    await p.getByLabel('Request Type').selectOption('all');
    await p.getByLabel('Search').fill('');

    await card(p, 'DEN1001').getByRole('button', { name: 'Edit' }).click();
    const dialog = p.getByRole('dialog', { name: 'Edit Trade Request' });
    await dialog.getByLabel('Pairing', { exact: true }).fill('DEN1111');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => p.getByText(MSG.requestUpdated).first().isVisible()).toBe(true);
    await expect.poll(() => card(p, 'DEN1111').isVisible()).toBe(true);

    // The app's confirm dialog asks first: Cancel keeps the request, Delete removes it.
    await card(p, 'DEN1111').getByRole('button', { name: 'Delete' }).click();
    const confirmDialog = p.getByRole('alertdialog', { name: 'Delete Request' });
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirmDialog.count()).toBe(0);
    expect(await card(p, 'DEN1111').count()).toBe(1);
    await card(p, 'DEN1111').getByRole('button', { name: 'Delete' }).click();
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card(p, 'DEN1111').count()).toBe(0);
    const res = await p.request.get('/api/requests');
    expect((await res.json()).map((r: { route: string }) => r.route)).toEqual(['DEN2002']);
  });

  it('a trip screenshot uploads and opens in the lightbox', async () => {
    const erin = await makeUser(suite.app, { firstName: 'Erin', base: 'PHX' });
    const p = await openAs(suite.browser, suite.app, erin, '/all-trades');
    suite.track(p);
    await postRequest(p, { type: 'Drop', date: inDays(8), pairing: 'PHX3003', screenshot: true });
    await card(p, 'PHX3003').getByRole('button', { name: 'View trip screenshot 1' }).click();
    const img = p.getByRole('dialog').locator('img.lightbox-image');
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
    await p.keyboard.press('Escape');
    await expect.poll(() => p.getByRole('dialog').count()).toBe(0);
  });
});
