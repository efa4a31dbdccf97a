// The request dialog: trip days round-trip every value the API keeps (empty, 1-14 and the stored
// 15-30), the screenshot drop zone (thumbnails, remove, the 6-image limit, images only), and the
// dialog frame (title and buttons stay in view on a short screen; Escape closes and returns focus).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { hasChromium } from './browser.ts';
import { inViewport, layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** A 1x1 PNG, real bytes, so the server's content sniffing accepts it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function myRequests(crew: SignedInUser): Promise<TradeRequestItem[]> {
  return (await crew.client.get('/api/requests')).body as TradeRequestItem[];
}

const card = (page: Page, route: string) => page.getByRole('article').filter({ hasText: route });

/** Opens Edit on the tradeboard card with this pairing, optionally picks trip days, saves. */
async function editTripDays(page: Page, route: string, expectShown: string, choose?: string) {
  await card(page, route).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Trade Request' });
  const select = dialog.getByLabel('Trip Days');
  expect(await select.inputValue(), `${route} opens with its stored trip days`).toBe(expectShown);
  if (choose !== undefined) await select.selectOption(choose);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(() => dialog.count(), { message: `${route} saves` }).toBe(0);
}

describe.skipIf(!hasChromium)('the request dialog', () => {
  it('trip days round-trip through Edit: empty, 1, 14 and stored values 15 to 30 open as themselves and save unchanged', async () => {
    const me = await makeUser(suite.app, { base: 'TDY' });
    const stored: Record<string, number | null> = {
      'DAYS-NONE': null,
      'DAYS-01': 1,
      'DAYS-07': 7,
      'DAYS-14': 14,
      'DAYS-15': 15,
      'DAYS-22': 22,
      'DAYS-30': 30,
    };
    for (const [i, [route, tripDays]] of Object.entries(stored).entries()) {
      const res = await me.client.post('/api/requests', {
        type: 'drop',
        date: inDays(5 + i),
        routeType: 'pairing',
        route,
        tripDays: tripDays ?? '',
      });
      expect(res.status).toBe(201);
    }
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades'));
    await page.getByRole('heading', { name: 'My Trade Requests' }).waitFor();

    for (const [route, tripDays] of Object.entries(stored)) await editTripDays(page, route, tripDays === null ? '' : String(tripDays));
    const saved = Object.fromEntries((await myRequests(me)).map((r) => [r.route, r.tripDays]));
    expect(saved).toEqual(stored);

    // The choices: empty, 1 to 14, and a stored value beyond 14 (only on its own request).
    await card(page, 'DAYS-22').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Trade Request' });
    const options = await dialog
      .getByLabel('Trip Days')
      .locator('option')
      .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
    expect(options).toEqual(['', ...Array.from({ length: 14 }, (_, i) => String(i + 1)), '22']);
    expect(await dialog.getByLabel('Trip Days').locator('option:checked').textContent()).toBe('22 Days');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // Changing works both ways: a stored 15 cleared to empty, an empty one set to 3.
    await editTripDays(page, 'DAYS-15', '15', '');
    await editTripDays(page, 'DAYS-NONE', '', '3');
    const changed = Object.fromEntries((await myRequests(me)).map((r) => [r.route, r.tripDays]));
    expect(changed['DAYS-15']).toBeNull();
    expect(changed['DAYS-NONE']).toBe(3);

    // A new request may leave trip days empty.
    await page.getByRole('button', { name: 'New Trade Request' }).click();
    const create = page.getByRole('dialog', { name: 'New Trade Request' });
    await create.getByLabel('Date', { exact: true }).fill(inDays(30));
    await create.getByLabel('Pairing', { exact: true }).fill('DAYS-NEW');
    await create.getByLabel('Trip Days').selectOption('');
    await create.getByRole('button', { name: 'Post Request' }).click();
    await expect.poll(() => create.count()).toBe(0);
    expect((await myRequests(me)).find((r) => r.route === 'DAYS-NEW')?.tripDays).toBeNull();
  });

  it('a new request whose answer was lost is posted again and stored once (its client key)', async () => {
    const me = await makeUser(suite.app, { base: 'RTY' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades'));
    let lose = true;
    await page.route('**/api/requests', async (route) => {
      if (route.request().method() !== 'POST' || !lose) return route.continue();
      lose = false;
      // The server stores it; the answer never arrives.
      await route.fetch();
      await route.fulfill({ status: 502, body: 'Bad Gateway' });
    });
    await page.getByRole('button', { name: 'New Trade Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Trade Request' });
    await dialog.getByLabel('Date', { exact: true }).fill(inDays(33));
    await dialog.getByLabel('Pairing', { exact: true }).fill('ONCE-ONLY');
    await dialog.getByRole('button', { name: 'Post Request' }).click();
    await expect.poll(() => page.locator('.toast').filter({ hasText: MSG.requestSaveFailed }).count()).toBe(1);
    expect((await myRequests(me)).filter((r) => r.route === 'ONCE-ONLY')).toHaveLength(1);
    // The same draft again: the server answers with the stored request.
    await dialog.getByRole('button', { name: 'Post Request' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await myRequests(me)).filter((r) => r.route === 'ONCE-ONLY')).toHaveLength(1);
    await card(page, 'ONCE-ONLY').waitFor();
    expect(await card(page, 'ONCE-ONLY').count()).toBe(1);
  });

  it('the screenshot drop zone at 375 px: thumbnails with remove buttons, images only, at most 6, all uploaded', async () => {
    const me = await makeUser(suite.app, { base: 'DRP' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades', true));
    await page.getByRole('button', { name: 'New Trade Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Trade Request' });
    const input = dialog.getByLabel('Trip Screenshots');
    const thumbs = dialog.locator('.thumb');
    // No raw "Choose Files / No file chosen" control: the file input takes no room.
    expect(await input.evaluate((el) => el.getBoundingClientRect().width)).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Choose Images' }).isVisible()).toBe(true);

    await input.setInputFiles([png('one.png'), png('two.png')]);
    await expect.poll(() => thumbs.count()).toBe(2);
    expect(await dialog.getByText('2 of 6').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Remove one.png' }).click();
    await expect.poll(() => thumbs.count()).toBe(1);
    expect(await thumbs.locator('img').getAttribute('alt')).toBe('two.png');

    await input.setInputFiles([png('a.png'), png('b.png'), png('c.png'), png('d.png'), png('e.png'), png('f.png')]);
    await expect.poll(() => dialog.getByText(MSG.tooManyImages).isVisible()).toBe(true);
    expect(await thumbs.count()).toBe(1);
    await input.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expect.poll(() => dialog.getByText(MSG.onlyImages).isVisible()).toBe(true);
    expect(await thumbs.count()).toBe(1);

    await input.setInputFiles([png('a.png'), png('b.png'), png('c.png'), png('d.png'), png('e.png')]);
    await expect.poll(() => thumbs.count()).toBe(6);
    expect(await dialog.getByRole('button', { name: 'Choose Images' }).isDisabled()).toBe(true);
    await dialog.locator('.modal-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await saveScreenshot(page, '375-drop-zone-full');
    expect(await layoutProblems(page)).toEqual([]);

    await dialog.getByLabel('Date', { exact: true }).fill(inDays(9));
    await dialog.getByLabel('Pairing', { exact: true }).fill('DRP600');
    await dialog.getByRole('button', { name: 'Post Request' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const posted = (await myRequests(me)).find((r) => r.route === 'DRP600');
    // Stored in the order the upload's parts finished writing, which may differ from the picked order.
    expect(posted?.tripImages.map((i) => i.originalName).sort()).toEqual(['a.png', 'b.png', 'c.png', 'd.png', 'e.png', 'two.png']);
  });

  it('on a short screen the title and buttons stay in view while the body scrolls; Escape closes and returns focus', async () => {
    const me = await makeUser(suite.app, { base: 'SHT' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades', true));
    await page.setViewportSize({ width: 375, height: 520 });
    const opener = page.getByRole('button', { name: 'New Trade Request' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'New Trade Request' });
    await dialog.getByLabel('Trade', { exact: true }).check();
    const title = dialog.getByRole('heading', { name: 'New Trade Request' });
    const post = dialog.getByRole('button', { name: 'Post Request' });
    const body = dialog.locator('.modal-body');
    expect(await inViewport(title)).toBe(true);
    expect(await inViewport(post)).toBe(true);
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    expect(await body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await inViewport(title)).toBe(true);
    expect(await inViewport(post)).toBe(true);
    await saveScreenshot(page, '375x520-request-dialog-scrolled');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
