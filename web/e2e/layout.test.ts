// Every built screen, with realistic data (short and long values, a reserve period, two matches
// with one person, a completed trade), at 1280 and 375 px: no sideways scroll, no short word broken
// over lines, no control outside its card, invalid fields visibly marked. Screenshots of every
// screen are kept under test-artifacts/layout/ to be looked at.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser, PASSWORD, type SignedInUser } from '../../server/test/factories.ts';
import { sql } from '../../server/test/outbox.ts';
import { hasChromium, newCrewContext } from './browser.ts';
import { borderColor, layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const WIDTHS = [
  { name: '1280', mobile: false },
  { name: '375', mobile: true },
] as const;

const LONG_PAIRING = 'ATL-LAX-SFO-SEA-ANC-SEA-ATL/ATL-JFK-LHR-JFK-ATL';
const LONG_NOTES =
  'Happy to swap for any two-day trip that gets me home by Friday evening; commuting from Chattanooga so early report times are hard. Supercalifragilisticexpialidocious-length-token-without-spaces-to-test-wrapping.';

let me: SignedInUser;

async function seed() {
  const group = { base: 'LAY' };
  me = await makeUser(suite.app, { ...group, firstName: 'Alexandra', lastName: 'Montgomery-Whitfield' });
  const bo = await makeUser(suite.app, { ...group, firstName: 'Bo', lastName: 'Li' });
  const max = await makeUser(suite.app, { ...group, firstName: 'Maximilian', lastName: 'Featherstonehaugh-Worthington' });
  const post = async (crew: SignedInUser, body: Record<string, unknown>) => {
    const res = await crew.client.post('/api/requests', body);
    if (res.status !== 201) throw new Error(`seed request failed: ${res.status} ${res.text}`);
  };
  await post(me, { type: 'drop', date: inDays(10), routeType: 'pairing', route: 'BULK4', tripDays: 4, notes: 'Short note' });
  await post(me, { type: 'drop', date: inDays(11), routeType: 'pairing', route: LONG_PAIRING, tripDays: 1, notes: LONG_NOTES });
  await post(me, { type: 'pickup', date: inDays(12), routeType: 'reserve_period', reservePeriod: 'R1 0500-1700 long call', tripDays: '' });
  await post(me, {
    type: 'trade',
    date: inDays(13),
    additionalDates: [inDays(14), inDays(15)],
    desiredDates: [inDays(20), inDays(21)],
    routeType: 'pairing',
    route: 'T1',
    tripDays: 15,
  });
  await post(max, {
    type: 'pickup',
    date: inDays(10),
    routeType: 'pairing',
    route: 'Anything four days with a long layover',
    tripDays: 30,
    notes: LONG_NOTES,
  });
  // Max's match is a completed trade (its Delete and "Trade Completed" badge must fit too); the
  // offers that lead there are another screen's work, so the state is set directly.
  await sql(
    suite.app.databaseUrl,
    `update matches set status = 'approved'
      where request_id in (select id from requests where user_id = $1) or matched_request_id in (select id from requests where user_id = $1)`,
    [max.user.id],
  );
  await post(bo, { type: 'drop', date: inDays(12), routeType: 'reserve_period', reservePeriod: 'R1', tripDays: '' });
  // Posted last, so both lead the recent matches: one pickup of Bo's lines up with two of my
  // drops, two matches with the same person and the same request of theirs.
  await post(bo, { type: 'pickup', date: inDays(10), additionalDates: [inDays(11)], routeType: 'pairing', route: 'Any', tripDays: 1 });
  // Alexandra has been here before.
  await sql(suite.app.databaseUrl, `update users set created_at = now() - interval '30 days' where id = $1`, [me.user.id]);
  // A new session reads the changed row: the one the seed used may be served from the session cache
  // for a few seconds more, with the account's first day still in it ("Welcome", not "Welcome back").
  const fresh = suite.app.client();
  const signedIn = await fresh.post('/api/login', { email: me.email, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  me = { ...me, client: fresh, user: signedIn.body };
}

async function ready(page: Page) {
  await page.locator('h1, [role="dialog"], [role="alertdialog"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Lists fill in after the first paint: wait until no loading text is left.
  await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
}

/** Checks the page as it stands and keeps its screenshot; returns its problems under its name. */
async function check(page: Page, name: string, found: Record<string, string[]>) {
  await ready(page);
  await saveScreenshot(page, name);
  const problems = await layoutProblems(page);
  if (problems.length) found[name] = problems;
}

describe.skipIf(!hasChromium)('every screen at 1280 and 375 px, with data', () => {
  beforeAll(seed);

  describe.each(WIDTHS)('at $name px', ({ name: width, mobile }) => {
    it('signed-out screens: landing, login, sign-up, forgot and reset password, 404 with the public header', async () => {
      const context = await newCrewContext(suite.browser, suite.app.url, mobile);
      const page = suite.track(await context.newPage());
      const found: Record<string, string[]> = {};
      const screens = {
        landing: '/',
        login: '/login',
        signup: '/signup',
        'forgot-password': '/forgot-password',
        'reset-password': '/reset-password?token=abc',
        'reset-password-no-token': '/reset-password',
        'not-found-signed-out': '/no-such-page',
      };
      for (const [screen, path] of Object.entries(screens)) {
        await page.goto(path);
        await check(page, `${width}-${screen}`, found);
      }
      // The signed-out 404 has the public header: the brand leads home, Sign In leads in.
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: MSG.notFoundPage }).waitFor();
      expect(await page.getByRole('banner').getByRole('link', { name: 'Crewtrade' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
      expect(found).toEqual({});
    });

    it('signed-in screens: dashboard, tradeboard (filters open), matches, profile settings, My Month, 404', async () => {
      const page = suite.track(await openAs(suite.browser, suite.app, me, '/', mobile));
      const found: Record<string, string[]> = {};
      await page.getByRole('heading', { name: 'Welcome back, Alexandra!' }).waitFor();
      await check(page, `${width}-dashboard`, found);

      // The active requests: a reserve period is marked as one; the four rows are all there.
      const active = page.locator('section[aria-labelledby="active-requests-heading"]');
      await expect.poll(() => active.getByText('R1 0500-1700 long call').isVisible()).toBe(true);
      expect.soft(await active.locator('.route-kind').allTextContents()).toEqual(['Reserve']);
      expect.soft(await active.getByRole('button', { name: 'Edit' }).count()).toBe(4);
      // The recent matches are all with Bo, two of them with the same request of his: each still
      // reads differently, by my side of it (BULK4, the long pairing, the reserve period).
      const recent = page.locator('section[aria-labelledby="recent-matches-heading"] li');
      await expect.poll(() => recent.filter({ hasText: 'Bo Li' }).count()).toBe(3);
      expect.soft(new Set(await recent.allTextContents()).size).toBe(3);
      expect.soft(await recent.filter({ hasText: 'BULK4' }).count()).toBe(1);
      expect.soft(await recent.filter({ hasText: LONG_PAIRING }).count()).toBe(1);

      await page.goto('/all-trades');
      await page.getByRole('heading', { name: 'Tradeboard' }).waitFor();
      await page.getByRole('button', { name: 'Filter Requests' }).click();
      await check(page, `${width}-tradeboard`, found);

      await page.goto('/matches');
      await page.getByRole('heading', { name: 'Matches' }).waitFor();
      await expect.poll(() => page.getByRole('article').count()).toBe(4);
      await check(page, `${width}-matches`, found);

      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
      await check(page, `${width}-profile`, found);

      // My Month: the month of the requests above (ten days and more from now).
      await page.goto(`/calendar?month=${inDays(10).slice(0, 7)}`);
      await page.getByRole('heading', { name: 'My Month' }).waitFor();
      await check(page, `${width}-calendar`, found);

      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: MSG.notFoundPage }).waitFor();
      await check(page, `${width}-not-found-signed-in`, found);
      expect(found).toEqual({});
    });

    it('dialogs and popovers: new request (invalid, then with screenshots), edit of a reserve period, confirm delete, the bell, the avatar menu', async () => {
      const page = suite.track(await openAs(suite.browser, suite.app, me, '/', mobile));
      const found: Record<string, string[]> = {};
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();

      await page.getByRole('button', { name: 'New Trade Request' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Trade Request' });
      await dialog.getByLabel('Trade', { exact: true }).check();
      await dialog.getByLabel('Pairing', { exact: true }).fill('');
      await dialog.getByRole('button', { name: 'Post Request' }).click();
      await expect.poll(() => dialog.getByText(MSG.pairingRequired).isVisible()).toBe(true);
      await check(page, `${width}-request-dialog-invalid`, found);
      await dialog.getByLabel('Trip Screenshots').setInputFiles([
        { name: 'trip-one.png', mimeType: 'image/png', buffer: PNG },
        { name: 'a-screenshot-with-a-very-long-file-name.png', mimeType: 'image/png', buffer: PNG },
      ]);
      await expect.poll(() => dialog.locator('.thumb img').count()).toBe(2);
      await dialog.locator('.modal-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await check(page, `${width}-request-dialog-screenshots`, found);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.count()).toBe(0);

      const active = page.locator('section[aria-labelledby="active-requests-heading"]');
      const reserveRow = active.locator('tr, li').filter({ hasText: 'R1 0500-1700 long call' });
      await reserveRow.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Trade Request' });
      expect(await edit.getByLabel('Reserve Period').inputValue()).toBe('R1 0500-1700 long call');
      await check(page, `${width}-edit-dialog`, found);
      await edit.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => edit.count()).toBe(0);

      await reserveRow.getByRole('button', { name: 'Delete' }).click();
      const confirmDialog = page.getByRole('alertdialog', { name: 'Delete Request' });
      await expect.poll(() => confirmDialog.getByText('Are you sure you want to delete this request?').isVisible()).toBe(true);
      await check(page, `${width}-confirm-dialog`, found);
      await page.keyboard.press('Escape');
      await expect.poll(() => confirmDialog.count()).toBe(0);
      // Escape cancelled: the request is still there, and the focus is back on its Delete button
      // (Radix gives it back on a timer after the dialog is gone, hence the poll).
      expect(await reserveRow.count()).toBe(1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');

      // The bell's popover and the avatar menu fit the window; Escape gives the focus back.
      const bell = page.getByRole('button', { name: 'Notifications' });
      await bell.click();
      const popover = page.getByRole('dialog', { name: 'Notifications' });
      await expect.poll(() => popover.getByRole('button', { name: /New Match Found/ }).count()).toBe(3);
      await check(page, `${width}-notifications`, found);
      await page.keyboard.press('Escape');
      await expect.poll(() => popover.count()).toBe(0);
      await expect.poll(() => bell.evaluate((el) => el === document.activeElement)).toBe(true);
      const avatar = page.getByRole('button', { name: 'Account menu' });
      await avatar.click();
      const menu = page.getByRole('menu');
      await expect.poll(() => menu.getByRole('menuitem').allTextContents()).toEqual(['Profile', 'Contact Support', 'Logout']);
      await check(page, `${width}-account-menu`, found);
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.count()).toBe(0);
      await expect.poll(() => avatar.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(found).toEqual({});
    });

    it('invalid fields are visibly marked (border colour changes) on sign-in, sign-up, profile and the request form', async () => {
      const context = await newCrewContext(suite.browser, suite.app.url, mobile);
      const page = suite.track(await context.newPage());

      async function expectMarked(label: string, submit: () => Promise<void>, scope = page.locator('body')) {
        const field = scope.getByLabel(label, { exact: true });
        const valid = await borderColor(field);
        expect(await field.getAttribute('aria-invalid')).toBeNull();
        await submit();
        await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
        // Move the focus away so the focus colour does not hide or fake the difference.
        await page.locator('h1').first().click();
        const invalid = await borderColor(field);
        expect(invalid).not.toBe(valid);
        const [r = 0, g = 0, b = 0] = invalid.match(/\d+/g)!.map(Number);
        expect(r).toBeGreaterThan(150);
        expect(g + b).toBeLessThan(r);
      }

      await page.goto('/login');
      await expectMarked('Email', () => page.getByRole('button', { name: 'Sign In', exact: true }).click());
      await saveScreenshot(page, `${width}-login-invalid`);
      await page.goto('/signup');
      await expectMarked('First Name', () => page.getByRole('button', { name: /create account/i }).click());

      const signedIn = suite.track(await openAs(suite.browser, suite.app, me, '/profile', mobile));
      await signedIn.getByRole('heading', { name: 'Profile Settings' }).waitFor();
      const first = signedIn.getByLabel('First Name');
      const valid = await borderColor(first);
      await first.fill('');
      await signedIn.getByRole('button', { name: 'Save Changes' }).click();
      await expect.poll(() => first.getAttribute('aria-invalid')).toBe('true');
      await signedIn.locator('h1').click();
      expect(await borderColor(first)).not.toBe(valid);

      await signedIn.goto('/');
      await signedIn.getByRole('button', { name: 'New Trade Request' }).click();
      const dialog = signedIn.getByRole('dialog', { name: 'New Trade Request' });
      const date = dialog.getByLabel('Date', { exact: true });
      const validDate = await borderColor(date);
      await dialog.getByRole('button', { name: 'Post Request' }).click();
      await expect.poll(() => date.getAttribute('aria-invalid')).toBe('true');
      await dialog.locator('h2').click();
      expect(await borderColor(date)).not.toBe(validDate);
    });
  });

  it('a brand-new account is greeted "Welcome", not "Welcome back"', async () => {
    const fresh = await makeUser(suite.app, { base: 'NEW', firstName: 'Nia' });
    const page = suite.track(await openAs(suite.browser, suite.app, fresh, '/'));
    await page.getByRole('heading', { name: 'Welcome, Nia!' }).waitFor();
    expect(await page.getByText('Welcome back').count()).toBe(0);
  });
});

/** A 1x1 PNG, real bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
