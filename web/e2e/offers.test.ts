// Trade offers in the browser, two crew members of one group in two browsers: the Request Trade
// dialog on the tradeboard and on Matches (validation, file checks), the Trades dashboard live
// (received shown as the opposite type, accept, decline, cancel, remove), the bell's trade-request
// section, and the screens' layout at 1280 and 375 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { shortDate } from '#protocol/offerText.ts';
import type { MatchItem, OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { seriousViolations } from './axe.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** A 1x1 PNG, real bytes, so the server's content sniffing accepts it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

interface RequestInput {
  type: 'drop' | 'pickup' | 'trade';
  date: string;
  route?: string;
  reservePeriod?: string;
  desiredDates?: string[];
  notes?: string;
}

async function post(crew: SignedInUser, r: RequestInput): Promise<TradeRequestItem> {
  const res = await crew.client.post('/api/requests', {
    type: r.type,
    date: r.date,
    routeType: r.reservePeriod ? 'reserve_period' : 'pairing',
    route: r.route,
    reservePeriod: r.reservePeriod,
    desiredDates: r.desiredDates ?? [],
    notes: r.notes,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as TradeRequestItem;
}

async function offerVia(
  crew: SignedInUser,
  to: SignedInUser,
  request: TradeRequestItem,
  over: Record<string, unknown> = {},
): Promise<OfferItem> {
  const res = await crew.client.post('/api/trade-requests', {
    toUserId: to.user.id,
    requestId: request.id,
    tradeDate: request.date,
    requestType: 'pickup',
    ...(request.routeType === 'pairing' ? { offerRoute: 'ANY' } : { offerReservePeriod: 'R1' }),
    ...over,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as OfferItem;
}

const card = (page: Page, text: string | RegExp) => page.getByRole('article').filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
/** Tabs whose text does not fit them, or that stick out of the window. */
const crampedTabs = (page: Page) =>
  page
    .getByRole('tab')
    .evaluateAll((els) =>
      els
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth)
        .map((el) => el.textContent),
    );
const offerDialog = (page: Page) => page.getByRole('dialog', { name: /^Request Trade with/ });

describe.skipIf(!hasChromium)('trade offers in the browser', () => {
  it('B offers on A’s drop from the tradeboard; A sees it live as a drop, with the bell, accepts; both see Completed and the match completed', async () => {
    const group = { base: 'OFA' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Alice', lastName: 'Drop' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Bob', lastName: 'Pick' });
    const date = inDays(12);
    const drop = await post(alice, { type: 'drop', date, route: 'OFA1001' });
    await post(bob, { type: 'pickup', date, route: 'Any OFA' });

    const a = suite.track(await openAs(suite.browser, suite.app, alice, '/trades?tab=requests'));
    await a.getByText(MSG.noTradeRequests).waitFor();
    expect(await tab(a, 'Requests').getAttribute('aria-selected')).toBe('true');

    const b = suite.track(await openAs(suite.browser, suite.app, bob, '/all-trades'));
    const target = card(b, 'OFA1001');
    await target.waitFor();
    // The crew member's name links to their profile.
    expect(await target.getByRole('link', { name: 'Alice Drop' }).getAttribute('href')).toBe(`/crew/${alice.user.id}`);
    // Own requests carry Edit and Delete, not Request Trade.
    expect(await card(b, 'Any OFA').getByRole('button', { name: 'Request Trade' }).count()).toBe(0);
    expect(await card(b, 'Any OFA').getByRole('button', { name: 'Edit' }).count()).toBe(1);

    await target.getByRole('button', { name: 'Request Trade' }).click();
    const dialog = b.getByRole('dialog', { name: 'Request Trade with Alice Drop' });
    await dialog.waitFor();
    const send = dialog.getByRole('button', { name: 'Send Request' });
    // Drop and Pick Up only (the target is not a trade), Pick Up chosen.
    expect(await dialog.getByRole('radio').count()).toBe(2);
    expect(await dialog.getByLabel('Pick Up', { exact: true }).isChecked()).toBe(true);
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Trade Date').fill(date);
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Your Pairing').fill('   ');
    expect(await send.isDisabled(), 'a blank pairing is no pairing').toBe(true);
    await dialog.getByLabel('Your Pairing').fill('OFB2002');
    await dialog.getByLabel('Message').fill('Happy to take it.');
    expect(await send.isDisabled()).toBe(false);
    await dialog.getByLabel('Screenshots').setInputFiles(png('mine.png'));
    await send.click();
    await expect.poll(() => toast(b, MSG.offerSentTitle).isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);

    // Alice, still on her requests tab, gets it without a reload, shown as a drop (Bob picks up).
    const offerCard = card(a, 'OFB2002');
    await expect.poll(() => offerCard.isVisible(), { timeout: 10_000 }).toBe(true);
    // The offer's own type sits in the card's header (the request it answers has its own badge below).
    expect(await offerCard.locator('.request-card-header .badge-drop').count()).toBe(1);
    expect(await offerCard.locator('.request-card-header .badge-pickup').count()).toBe(0);
    expect(await offerCard.getByText('Happy to take it.').isVisible()).toBe(true);
    expect(await offerCard.getByText('From').isVisible()).toBe(true);
    expect(await offerCard.getByRole('button', { name: 'View screenshot 1' }).isVisible()).toBe(true);
    // The request it answers is hers.
    expect(await offerCard.getByText('Your Request').isVisible()).toBe(true);
    expect(await offerCard.getByText('OFA1001', { exact: true }).isVisible()).toBe(true);
    // The offer from her side, both named (protocol/offerText.ts).
    expect(
      await offerCard
        .getByText(`Bob Pick wants to pick up your OFA1001 (${shortDate(date)}) and offers their OFB2002 in exchange`)
        .isVisible(),
    ).toBe(true);

    // The bell has a trade-request section with the new offer.
    const bell = a.getByRole('button', { name: 'Notifications' });
    await bell.click();
    const section = a.getByRole('region', { name: 'Trade Requests' });
    await expect.poll(() => section.getByRole('button', { name: /New Trade Request/ }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await section.getByText('Bob Pick').isVisible()).toBe(true);
    // Trade requests come first, the match notification below.
    expect(await a.getByRole('region', { name: 'Matches' }).isVisible()).toBe(true);
    await saveScreenshot(a, '1280-bell-trade-requests');
    expect(await layoutProblems(a)).toEqual([]);
    await a.keyboard.press('Escape');

    await offerCard.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => toast(a, MSG.offerResponded).isVisible()).toBe(true);
    await expect.poll(() => offerCard.count()).toBe(0);
    await expect.poll(() => a.getByText(MSG.noTradeRequests).isVisible()).toBe(true);
    await tab(a, 'Completed').click();
    expect(a.url()).toContain('tab=approved');
    await expect.poll(() => card(a, 'OFB2002').locator('.badge', { hasText: 'Accepted' }).isVisible()).toBe(true);

    await b.goto('/trades?tab=approved');
    await expect.poll(() => card(b, 'OFB2002').locator('.badge', { hasText: 'Accepted' }).isVisible()).toBe(true);
    // Bob sent it: shown as he chose it, a pickup, to Alice.
    expect(await card(b, 'OFB2002').locator('.request-card-header .badge-pickup').count()).toBe(1);
    expect(await card(b, 'OFB2002').getByText('Their Request').isVisible()).toBe(true);

    // The two requests were matched: the match is completed on both sides.
    for (const page of [a, b]) {
      await page.goto('/matches');
      await expect.poll(() => page.getByText('Trade Completed').first().isVisible()).toBe(true);
    }
    const accepted = (await alice.client.get('/api/user-trades')).body as OfferItem[];
    expect(accepted.map((o) => [o.requestId, o.status])).toEqual([[drop.id, 'accepted']]);
  });

  it('a declined offer shows "Your Declined Trade Request" to its sender; cancel and remove from view', async () => {
    const group = { base: 'OFD' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Ada', lastName: 'Owner' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Ben', lastName: 'Sender' });
    const first = await post(alice, { type: 'drop', date: inDays(8), route: 'OFD100' });
    const second = await post(alice, { type: 'drop', date: inDays(9), route: 'OFD200' });
    await offerVia(bob, alice, first, { offerRoute: 'DECLINE-ME' });
    await offerVia(bob, alice, second, { offerRoute: 'CANCEL-ME' });

    // The dashboard counts Bob's two offers awaiting an answer and links to them.
    const b = suite.track(await openAs(suite.browser, suite.app, bob, '/'));
    const pendingStat = b.getByRole('link', { name: /Pending Trades/ });
    await expect.poll(() => pendingStat.locator('.stat-value').textContent(), { timeout: 10_000 }).toBe('2');
    expect(await b.getByRole('link', { name: /Trade Requests/ }).getAttribute('href')).toBe('/trades?tab=requests');
    expect(await b.getByRole('link', { name: /Completed Trades/ }).getAttribute('href')).toBe('/trades?tab=approved');
    await pendingStat.click();
    await b.waitForURL('**/trades?tab=pending');
    await card(b, 'DECLINE-ME').waitFor();
    expect(await card(b, 'CANCEL-ME').isVisible()).toBe(true);
    const a = suite.track(await openAs(suite.browser, suite.app, alice, '/trades'));
    await card(a, 'DECLINE-ME').waitFor();
    await card(a, 'DECLINE-ME').getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => toast(a, MSG.offerResponded).isVisible()).toBe(true);

    // Bob's pending tab loses it live; the bell takes him to his Completed tab, where it is his declined request.
    await expect.poll(() => card(b, 'DECLINE-ME').count(), { timeout: 10_000 }).toBe(0);
    await b.getByRole('button', { name: 'Notifications' }).click();
    await b
      .getByRole('region', { name: 'Trade Requests' })
      .getByRole('button', { name: /Trade Request Declined/ })
      .click({ timeout: 10_000 });
    await b.waitForURL('**/trades?tab=approved');
    expect(await tab(b, 'Completed').getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => ((await bob.client.get('/api/trade-request-notifications')).body as unknown[]).length).toBe(0);
    const declined = card(b, 'DECLINE-ME');
    await expect.poll(() => declined.getByText(MSG.declinedOwnOffer).isVisible()).toBe(true);
    expect(await declined.locator('.badge', { hasText: 'Declined' }).isVisible()).toBe(true);
    // Alice declined it: to her it is not "yours".
    await tab(a, 'Completed').click();
    await expect.poll(() => card(a, 'DECLINE-ME').isVisible()).toBe(true);
    expect(await card(a, 'DECLINE-ME').getByText(MSG.declinedOwnOffer).count()).toBe(0);

    // Bob cancels the other one; it leaves Alice's requests live.
    await tab(b, 'Pending').click();
    await card(b, 'CANCEL-ME').getByRole('button', { name: 'Cancel Request' }).click();
    await b.getByRole('alertdialog', { name: 'Cancel Trade Request' }).getByRole('button', { name: 'Cancel Request' }).click();
    await expect.poll(() => toast(b, MSG.offerCancelled).isVisible()).toBe(true);
    await expect.poll(() => b.getByText(MSG.noPendingTradeRequests).isVisible()).toBe(true);
    await tab(a, 'Requests').click();
    await expect.poll(() => a.getByText(MSG.noTradeRequests).isVisible(), { timeout: 10_000 }).toBe(true);

    // Bob removes the declined one from his view; Alice still has it.
    await tab(b, 'Completed').click();
    await card(b, 'DECLINE-ME').getByRole('button', { name: 'Remove' }).click();
    await b.getByRole('alertdialog', { name: 'Remove Trade' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => toast(b, MSG.offerDeleted).isVisible()).toBe(true);
    await expect.poll(() => b.getByText(MSG.noCompletedTradeRequests).isVisible()).toBe(true);
    expect(((await alice.client.get('/api/user-trades')).body as OfferItem[]).map((o) => o.offerRoute)).toEqual(['DECLINE-ME']);
  });

  it('Request Trade on a match: the match moves to trade_requested and leaves the list', async () => {
    const group = { base: 'OFM' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Mia', lastName: 'Match' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Max', lastName: 'Maker' });
    const date = inDays(14);
    await post(alice, { type: 'drop', date, reservePeriod: 'R5 0600-1800' });
    await post(bob, { type: 'pickup', date, reservePeriod: 'Any reserve' });

    const b = suite.track(await openAs(suite.browser, suite.app, bob, '/matches'));
    const match = b.getByRole('article').filter({ hasText: 'Mia Match' });
    await match.waitFor({ timeout: 15_000 });
    expect(await match.getByRole('link', { name: 'Mia Match' }).getAttribute('href')).toBe(`/profile/${alice.user.id}?from=matches`);
    await match.getByRole('button', { name: 'Request Trade' }).click();
    const dialog = b.getByRole('dialog', { name: 'Request Trade with Mia Match' });
    // A reserve period: the offered reserve period is asked for, and no screenshots.
    expect(await dialog.getByLabel('Your Pairing').count()).toBe(0);
    expect(await dialog.getByLabel('Screenshots').count()).toBe(0);
    await dialog.getByLabel('Trade Date').fill(date);
    expect(await dialog.getByRole('button', { name: 'Send Request' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Your Reserve Period').fill('R2 0500-1700');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => toast(b, MSG.offerSentTitle).isVisible()).toBe(true);
    await expect.poll(() => match.count()).toBe(0);
    await expect.poll(() => b.getByText(MSG.noMatches).isVisible()).toBe(true);
    const matches = (await bob.client.get('/api/matches')).body as MatchItem[];
    expect(matches.map((m) => m.status)).toEqual(['trade_requested']);
    // Bob's notification of that match was acknowledged with it.
    expect(((await bob.client.get('/api/notifications')).body as unknown[]).length).toBe(0);
    const sent = (await bob.client.get('/api/sent-trade-requests')).body as OfferItem[];
    expect(sent.map((o) => o.offerReservePeriod)).toEqual(['R2 0500-1700']);
  });

  it('the dialog refuses other files and more than 6 images with the spec’s toasts, offers Trade on a trade', async () => {
    const group = { base: 'OFV' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Val', lastName: 'Idate' });
    const bob = await makeUser(suite.app, group);
    await post(alice, { type: 'trade', date: inDays(6), route: 'OFV-TRADE', desiredDates: [inDays(7)] });
    const b = suite.track(await openAs(suite.browser, suite.app, bob, '/all-trades', true));
    await card(b, 'OFV-TRADE').getByRole('button', { name: 'Request Trade' }).click();
    const dialog = offerDialog(b);
    await dialog.waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(3);
    expect(await dialog.getByLabel('Trade', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByLabel('Pick Up', { exact: true }).isChecked()).toBe(true);
    const input = dialog.getByLabel('Screenshots');
    expect(await input.getAttribute('accept')).toBe('image/*,.heic,.heif');

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => toast(b, MSG.invalidFilesTitle).isVisible()).toBe(true);
    expect(await toast(b, MSG.invalidFilesTitle).getByText(MSG.onlyImages).isVisible()).toBe(true);
    expect(await dialog.locator('.thumb').count()).toBe(0);

    await input.setInputFiles(['1', '2', '3', '4', '5', '6', '7'].map((n) => png(`${n}.png`)));
    await expect.poll(() => toast(b, MSG.tooManyFilesTitle).isVisible()).toBe(true);
    expect(await toast(b, MSG.tooManyFilesTitle).getByText(MSG.tooManyImages).isVisible()).toBe(true);
    expect(await dialog.locator('.thumb').count()).toBe(0);

    // A field left empty says why Send stays off.
    await dialog.getByLabel('Your Pairing').focus();
    await dialog.getByLabel('Message').focus();
    expect(await dialog.getByText(MSG.pairingRequired).isVisible()).toBe(true);
    await saveScreenshot(b, '375-offer-dialog-invalid');
    expect(await layoutProblems(b)).toEqual([]);

    // A trade offer with screenshots, sent as multipart.
    await dialog.getByLabel('Trade', { exact: true }).check();
    await dialog.getByLabel('Trade Date').fill(inDays(7));
    await dialog.getByLabel('Your Pairing').fill('OFV-MINE');
    await input.setInputFiles([png('a.png'), png('b.png')]);
    await expect.poll(() => dialog.locator('.thumb').count()).toBe(2);
    // The toast closes itself.
    await expect.poll(() => b.locator('.toast').count(), { timeout: 8_000 }).toBe(0);
    await dialog.locator('.modal-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await saveScreenshot(b, '375-offer-dialog-filled');
    expect(await layoutProblems(b)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => toast(b, MSG.offerSentTitle).isVisible()).toBe(true);
    const [sent] = (await bob.client.get('/api/sent-trade-requests')).body as OfferItem[];
    expect(sent?.requestType).toBe('trade');
    expect(sent?.tradeRequestImages.map((i) => i.originalName).sort()).toEqual(['a.png', 'b.png']);
  });

  it('the same offer twice: the server’s reason shows in the error toast', async () => {
    const group = { base: 'OFE' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Eve' });
    const bob = await makeUser(suite.app, group);
    const drop = await post(alice, { type: 'drop', date: inDays(6), route: 'OFE-1' });
    await offerVia(bob, alice, drop);
    const b = suite.track(await openAs(suite.browser, suite.app, bob, '/all-trades'));
    await card(b, 'OFE-1').getByRole('button', { name: 'Request Trade' }).click();
    const dialog = offerDialog(b);
    await dialog.getByLabel('Trade Date').fill(drop.date);
    await dialog.getByLabel('Your Pairing').fill('AGAIN');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => toast(b, MSG.offerDuplicate).isVisible()).toBe(true);
    expect(await toast(b, 'Error').isVisible()).toBe(true);
    // The dialog stays open with what was typed, Send usable again.
    expect(await dialog.getByLabel('Your Pairing').inputValue()).toBe('AGAIN');
    expect(await dialog.getByRole('button', { name: 'Send Request' }).isDisabled()).toBe(false);
  });

  it('from a crew profile only a message is sent; the recipient sees it with no request', async () => {
    const group = { base: 'OFP' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Pia', lastName: 'Profile' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Paul', lastName: 'Visitor' });
    const b = suite.track(await openAs(suite.browser, suite.app, bob, `/crew/${alice.user.id}`));
    await b.getByRole('button', { name: 'Request Trade' }).click();
    const dialog = b.getByRole('dialog', { name: 'Request Trade with Pia Profile' });
    await dialog.waitFor();
    // No type, date, pairing or screenshots: a message, required.
    expect(await dialog.getByRole('radio').count()).toBe(0);
    expect(await dialog.getByLabel('Trade Date').count()).toBe(0);
    expect(await dialog.getByLabel('Screenshots').count()).toBe(0);
    const send = dialog.getByRole('button', { name: 'Send Request' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Message').fill('Any trips in March?');
    await send.click();
    await expect.poll(() => toast(b, MSG.offerSentTitle).isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);

    const a = suite.track(await openAs(suite.browser, suite.app, alice, '/trades'));
    const offerCard = card(a, 'Any trips in March?');
    await offerCard.waitFor();
    expect(await offerCard.getByText('Your Request').count()).toBe(0);
    expect(await offerCard.getByText('Paul Visitor', { exact: true }).isVisible()).toBe(true);
    // A message asking to trade: Reply and Dismiss, nothing to accept.
    expect(await offerCard.getByText('Paul Visitor sent you a message asking to trade').isVisible()).toBe(true);
    expect(await offerCard.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(await offerCard.getByRole('link', { name: 'Reply' }).getAttribute('href')).toBe(`/messages?user=${bob.user.id}`);
    expect(await seriousViolations(a)).toEqual([]);
  });

  describe.each([
    ['1280', false],
    ['375', true],
  ] as const)('layout at %s px', (width, mobile) => {
    it('every tab of /trades, empty and full (long and short values), and the dialog', async () => {
      const group = { base: `L${width}` };
      const me = await makeUser(suite.app, { ...group, firstName: 'Lee', lastName: 'Layout' });
      const mate = await makeUser(suite.app, { ...group, firstName: 'Maximiliana-Alexandra', lastName: 'Montgomery-Worthington' });
      const page = suite.track(await openAs(suite.browser, suite.app, me, '/trades?tab=requests', mobile));
      for (const [t, empty] of [
        ['requests', MSG.noTradeRequests],
        ['pending', MSG.noPendingTradeRequests],
        ['approved', MSG.noCompletedTradeRequests],
      ] as const) {
        await page.goto(`/trades?tab=${t}`);
        await page.getByText(empty).waitFor();
        await saveScreenshot(page, `${width}-trades-${t}-empty`);
        expect(await layoutProblems(page)).toEqual([]);
        expect(await crampedTabs(page)).toEqual([]);
      }

      const long = 'ATL-LAX-SFO-SEA-ANC-SEA-SFO-LAX-ATL-JFK-BOS-JFK-ATL-MCO-ATL';
      const mine = await post(me, { type: 'drop', date: inDays(5), route: long, notes: 'n' });
      const mineReserve = await post(me, { type: 'trade', date: inDays(6), reservePeriod: 'R1', desiredDates: [inDays(7)] });
      const theirs = await post(mate, { type: 'pickup', date: inDays(8), route: 'LAYOUT-S1' });
      const theirs2 = await post(mate, {
        type: 'drop',
        date: inDays(9),
        reservePeriod: 'Reserve block R7 0400-1600 with a very long description',
      });
      await offerVia(mate, me, mine, { offerRoute: 'SHORT', message: 'Hi' });
      await offerVia(mate, me, mineReserve, {
        requestType: 'trade',
        offerReservePeriod: 'R9 2200-1000 overnight reserve with a long explanation of the days',
        message: 'A much longer message that goes on and on to see how the card wraps it. '.repeat(4),
      });
      // Screenshots on an offer (multipart) to a second request of mine.
      const mine2 = await post(me, { type: 'pickup', date: inDays(10), route: 'P2' });
      const form = new FormData();
      form.append('toUserId', String(me.user.id));
      form.append('requestId', String(mine2.id));
      form.append('tradeDate', mine2.date);
      form.append('requestType', 'drop');
      form.append('offerRoute', 'WITH-IMAGES');
      for (const name of ['one.png', 'two.png', 'three.png'])
        form.append('tradeRequestImages', new Blob([PNG], { type: 'image/png' }), name);
      const withImages = await mate.client.post('/api/trade-requests', form);
      expect(withImages.status, withImages.text).toBe(201);
      await offerVia(me, mate, theirs, { offerRoute: long, message: 'Short' });
      const toDecline = await offerVia(me, mate, theirs2, { offerReservePeriod: 'R2' });
      await mate.client.put(`/api/trade-requests/${toDecline.id}`, { status: 'declined' });

      await page.goto('/trades?tab=requests');
      await page.getByRole('article').nth(2).waitFor();
      expect(await page.getByRole('article').count()).toBe(3);
      await saveScreenshot(page, `${width}-trades-requests-full`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await crampedTabs(page)).toEqual([]);
      await tab(page, 'Pending').click();
      await expect.poll(() => page.getByRole('article').count()).toBe(1);
      await saveScreenshot(page, `${width}-trades-pending-full`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await crampedTabs(page)).toEqual([]);
      await tab(page, 'Completed').click();
      await expect.poll(() => page.getByText(MSG.declinedOwnOffer).isVisible()).toBe(true);
      await saveScreenshot(page, `${width}-trades-approved-full`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await crampedTabs(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/all-trades');
      await card(page, 'LAYOUT-S1').getByRole('button', { name: 'Request Trade' }).click();
      const dialog = page.getByRole('dialog', { name: /^Request Trade with Maximiliana/ });
      await dialog.waitFor();
      await saveScreenshot(page, `${width}-offer-dialog`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
