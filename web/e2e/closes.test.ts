// A trading loop that closes cleanly, in the browser (docs/decisions/0042): Liam's pickup on one day
// matched Maya's drop and Sofia's drop; Liam takes Sofia's trip. Maya then reads, at 1280 and 375 px,
// her match with Liam as Closed with why ("Liam's pickup on Dec 1 was filled"), with nothing to
// request; her bell and the dashboard's Recent Matches leave it out; an offer she had sent Liam is
// Closed on her Completed tab, never declined. With /matches open she sees it close live, with a
// toast saying why. And Request Trade on a match whose request went meanwhile shows the server's
// reason, as an image over 10 MB is refused by name and size before anything is sent.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { shortDate } from '#protocol/offerText.ts';
import type { MatchItem, OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';
import { inDays, toast, WIDTHS } from './page-helpers.ts';

const suite = browserSuite();
const LIVE = { timeout: 10_000 };
const liamsMatch = (page: Page) => page.getByRole('article', { name: /match with Liam Brennan/i });

let groups = 0;
/** A base of its own per test: nobody else's crew, board or matches. */
const freshBase = (width: string) => `CL${width}${(groups++).toString(36).toUpperCase()}`;

async function post(crew: SignedInUser, type: 'drop' | 'pickup', date: string, route: string): Promise<TradeRequestItem> {
  const res = await crew.client.post('/api/requests', { type, date, routeType: 'pairing', route, tripDays: 1 });
  expect(res.status, res.text).toBe(201);
  return res.body as TradeRequestItem;
}

/** `from` sends an offer from their match on `target` (the match moves to trade_requested first, as the dialog does). */
async function offerFromMatch(from: SignedInUser, match: MatchItem, target: TradeRequestItem, requestType: 'drop' | 'pickup') {
  expect((await from.client.put(`/api/matches/${match.id}/status`, { status: 'trade_requested' })).status).toBe(200);
  const res = await from.client.post('/api/trade-requests', {
    toUserId: target.userId,
    requestId: target.id,
    tradeDate: target.date,
    requestType,
    offerRoute: `${from.user.firstName?.toUpperCase()}-OFFER`,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as OfferItem;
}

/**
 * Liam's pickup on one day matches Maya's drop and Sofia's drop (the walk). `first` runs once
 * Maya exists, before any of those: a match made there is older than theirs.
 */
async function liamMayaSofia(width: string, first?: (maya: SignedInUser, group: { base: string }) => Promise<void>) {
  const group = { base: freshBase(width) };
  const liam = await makeUser(suite.app, { ...group, firstName: 'Liam', lastName: 'Brennan' });
  const maya = await makeUser(suite.app, { ...group, firstName: 'Maya', lastName: 'Chen' });
  const sofia = await makeUser(suite.app, { ...group, firstName: 'Sofia', lastName: 'Reyes' });
  await first?.(maya, group);
  const date = inDays(6);
  const mayaDrop = await post(maya, 'drop', date, 'MAYA100');
  const sofiaDrop = await post(sofia, 'drop', date, 'SOFIA200');
  const liamPickup = await post(liam, 'pickup', date, 'Any trip');
  const mine = (await liam.client.get('/api/matches')).body as MatchItem[];
  const withMaya = mine.find((m) => m.matchedRequest.id === mayaDrop.id)!;
  const withSofia = mine.find((m) => m.matchedRequest.id === sofiaDrop.id)!;
  expect([withMaya?.status, withSofia?.status]).toEqual(['pending', 'pending']);
  /** "Liam's pickup on Dec 1 was filled": what Maya reads. */
  const filled = `Liam's pickup on ${shortDate(date)} was filled`;
  return { liam, maya, sofia, date, mayaDrop, sofiaDrop, liamPickup, withMaya, withSofia, filled };
}

/** Liam takes Sofia's trip: an offer from his match with her, which she accepts. */
async function liamTakesSofias(w: Awaited<ReturnType<typeof liamMayaSofia>>) {
  const offer = await offerFromMatch(w.liam, w.withSofia, w.sofiaDrop, 'pickup');
  const res = await w.sofia.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
  expect(res.status, res.text).toBe(200);
}

describe.skipIf(!hasChromium)('a trading loop that closes cleanly', () => {
  describe.each(WIDTHS)('at %s px', (width, mobile) => {
    it('after the fill Maya reads her match with Liam as Closed with why, nothing to request; her bell and Recent Matches leave it out', async () => {
      // An older match of Maya's with Noah stays open.
      const w = await liamMayaSofia(width, async (maya, group) => {
        const noah = await makeUser(suite.app, { ...group, firstName: 'Noah', lastName: 'Park' });
        await post(maya, 'drop', inDays(9), 'MAYA900');
        await post(noah, 'pickup', inDays(9), 'NOAH-ANY');
      });
      await liamTakesSofias(w);

      const page = suite.track(await openAs(suite.browser, suite.app, w.maya, '/matches', mobile));
      const card = liamsMatch(page);
      await card.waitFor(LIVE);
      // The open one first, the closed one after it, though newer.
      const order = await page.getByRole('article').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
      expect(order).toEqual([expect.stringMatching(/^Match with Noah Park/), expect.stringMatching(/^Closed match with Liam Brennan/)]);
      expect(await card.locator('.badge-closed').textContent()).toBe('Closed');
      expect(await card.getByText(w.filled).isVisible()).toBe(true);
      expect(await card.getByText(/Pending Match|Trade Match/).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Request Trade' }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);
      await saveScreenshot(page, `${width}-matches-closed`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      // The bell has "New Match Found" for Noah's only.
      const bell = page.getByRole('button', { name: 'Notifications' });
      await expect.poll(() => bell.locator('.count-badge').textContent(), LIVE).toBe('1');
      await bell.click();
      const found = page.locator('.popover-panel').getByRole('button', { name: /New Match Found/ });
      await expect.poll(() => found.count(), LIVE).toBe(1);
      expect(await found.textContent()).toContain('Noah');
      expect(await found.textContent()).not.toContain('Liam');
      await saveScreenshot(page, `${width}-bell-after-close`);
      await page.keyboard.press('Escape');

      // The dashboard: Recent Matches does not list it, and the Matches card does not count it.
      await page.goto('/');
      const recent = page.getByRole('region', { name: 'Recent Matches' });
      await recent.getByText('Noah Park').waitFor(LIVE);
      expect(await recent.getByText('Liam Brennan').count()).toBe(0);
      expect(
        await page
          .locator('a.stat-card')
          .filter({ hasText: /^Matches/ })
          .locator('.stat-value')
          .textContent(),
      ).toBe('1');
      await saveScreenshot(page, `${width}-dashboard-after-close`);
      expect(await layoutProblems(page)).toEqual([]);

      // Delete takes it off /matches (after asking).
      await page.goto('/matches');
      await liamsMatch(page).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog', { name: 'Remove Closed Match' }).getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => toast(page, 'Closed match removed').isVisible()).toBe(true);
      await expect.poll(() => liamsMatch(page).count()).toBe(0);
      expect(await page.getByRole('article').count()).toBe(1);
    });

    it('an offer Maya had sent Liam is Closed on her Completed tab with why, never declined, and counted as neither', async () => {
      const w = await liamMayaSofia(width);
      const offer = await offerFromMatch(w.maya, w.withMaya, w.liamPickup, 'drop');
      await liamTakesSofias(w);

      const page = suite.track(await openAs(suite.browser, suite.app, w.maya, '/', mobile));
      // Her bell says why (the server's entry), before /trades marks it read.
      const bell = page.getByRole('button', { name: 'Notifications' });
      await bell.click();
      const section = page.getByRole('region', { name: 'Trade Requests' });
      const entry = section.getByRole('button', { name: /Trade Request Closed/ });
      await entry.waitFor(LIVE);
      expect(await entry.getByText(w.filled).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /New Match Found/ }).count()).toBe(0);
      await page.keyboard.press('Escape');

      await page.goto('/trades?tab=approved');
      const card = page.getByRole('article').filter({ hasText: 'MAYA-OFFER' });
      await card.waitFor(LIVE);
      expect(await card.locator('.badge-closed').textContent()).toBe('Closed');
      expect(await card.getByText(w.filled).isVisible()).toBe(true);
      expect(await card.getByText(MSG.declinedOwnOffer).count()).toBe(0);
      expect(await card.getByText('Declined').count()).toBe(0);
      expect(await page.getByText('Completed: 0 accepted, 0 declined').isVisible()).toBe(true);
      // Liam, its recipient, reads his own pickup filled.
      const trades = (await w.liam.client.get('/api/user-trades')).body as OfferItem[];
      expect(trades.find((o) => o.id === offer.id)).toMatchObject({ status: 'closed', closedReason: 'request_filled' });
      await saveScreenshot(page, `${width}-trades-completed-closed`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      const liamsPage = suite.track(await openAs(suite.browser, suite.app, w.liam, '/trades?tab=approved', mobile));
      const liamsCard = liamsPage.getByRole('article').filter({ hasText: 'MAYA-OFFER' });
      await liamsCard.waitFor(LIVE);
      expect(await liamsCard.getByText(`Your pickup on ${shortDate(w.date)} was filled`).isVisible()).toBe(true);
      expect(await liamsCard.locator('.badge-closed').textContent()).toBe('Closed');
    });

    it('with /matches open, Maya sees the match close live and a toast saying why, with no reload', async () => {
      const w = await liamMayaSofia(width);
      const page = suite.track(await openAs(suite.browser, suite.app, w.maya, '/matches', mobile));
      const card = liamsMatch(page);
      await card.getByText('Pending Match').waitFor(LIVE);
      expect(await card.getByRole('button', { name: 'Request Trade' }).isVisible()).toBe(true);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      await liamTakesSofias(w);
      await expect.poll(() => card.locator('.badge-closed').isVisible(), LIVE).toBe(true);
      expect(await card.getByText(w.filled).isVisible()).toBe(true);
      expect(await card.getByRole('button', { name: 'Request Trade' }).count()).toBe(0);
      const told = toast(page, 'Match Closed');
      await expect.poll(() => told.isVisible(), LIVE).toBe(true);
      expect(await told.getByText(w.filled).isVisible()).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await saveScreenshot(page, `${width}-matches-closed-live`);
      expect(await layoutProblems(page)).toEqual([]);
    });

    it('Request Trade on a match whose request went meanwhile shows the server’s reason; an image over 10 MB is named with its size', async () => {
      const group = { base: freshBase(width) };
      const liam = await makeUser(suite.app, { ...group, firstName: 'Liam', lastName: 'Brennan' });
      const maya = await makeUser(suite.app, { ...group, firstName: 'Maya', lastName: 'Chen' });
      const date = inDays(7);
      await post(maya, 'drop', date, 'MAYA300');
      const liamPickup = await post(liam, 'pickup', date, 'LIAM-ANY');

      const page = suite.track(await openAs(suite.browser, suite.app, maya, '/matches', mobile));
      await liamsMatch(page).getByRole('button', { name: 'Request Trade' }).click(LIVE);
      const dialog = page.getByRole('dialog', { name: 'Request Trade with Liam Brennan' });
      await dialog.waitFor();

      // A photo over the limit: refused before sending, by name and size.
      const tooLarge = 'photo.heic is 12.4 MB; images can be at most 10 MB';
      await dialog.getByLabel('Screenshots').setInputFiles({
        name: 'photo.heic',
        mimeType: 'image/heic',
        buffer: Buffer.alloc(Math.round(12.4 * 1024 * 1024)),
      });
      const refused = dialog.getByRole('alert').filter({ hasText: tooLarge });
      await expect.poll(() => refused.isVisible()).toBe(true);
      expect(await dialog.locator('.thumb').count()).toBe(0);
      await refused.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `${width}-offer-dialog-image-too-large`);
      expect(await layoutProblems(page)).toEqual([]);

      await dialog.getByLabel('Trade Date').fill(date);
      await dialog.getByLabel('Your Pairing').fill('MAYA300');
      // Liam deletes his pickup while the dialog is open: the match leaves the list behind it, with a toast.
      expect((await liam.client.delete(`/api/requests/${liamPickup.id}`)).status).toBe(200);
      await expect.poll(() => toast(page, `Liam deleted their pickup on ${shortDate(date)}`).isVisible(), LIVE).toBe(true);
      await dialog.getByRole('button', { name: 'Send Request' }).click();
      const failed = toast(page, MSG.offerRequestFailedTitle);
      await expect.poll(() => failed.getByText(MSG.offerRequestNotAvailable).isVisible()).toBe(true);
      expect(await failed.getByText(MSG.offerRequestFailed).count()).toBe(0);
      // The dialog says it too, above its buttons, and stays with what was typed.
      expect(
        await dialog.locator('.offer-send-failure').getByRole('alert').filter({ hasText: MSG.offerRequestNotAvailable }).isVisible(),
      ).toBe(true);
      // The toast is in the dialog, in the strip above its buttons (components/DialogStatus.tsx).
      expect(await dialog.locator('.dialog-status .toast').filter({ hasText: MSG.offerRequestNotAvailable }).isVisible()).toBe(true);
      expect(await dialog.getByLabel('Your Pairing').inputValue()).toBe('MAYA300');
      await page.waitForTimeout(300); // the toast's entrance
      await saveScreenshot(page, `${width}-offer-dialog-request-gone-toast`);
      // It closes by itself.
      await expect.poll(() => failed.count(), { timeout: 8_000 }).toBe(0);
      await saveScreenshot(page, `${width}-offer-dialog-request-gone`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(((await maya.client.get('/api/sent-trade-requests')).body as OfferItem[]).length).toBe(0);
    });
  });
});
