// What crew read, read as they read it (docs/decisions/0025), at 1280 and 375 px: every offer says who gives
// what to whom on the Trades cards and in the bell; a message asking to trade offers Reply and
// Dismiss, never Accept; the Completed tab lists completed three-way chains and says how many were
// accepted and declined; the dashboard's cards say what they count; ended chains can be dismissed;
// form messages clear as soon as a field is valid; Forgot password says one thing; identifiers
// never break inside; the Offer dialog says what "Your Pairing" is; the board and the request form
// say how matching works.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { OFFER_TEXT } from '#protocol/offerText.ts';
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { AUTH_TEXT } from '../src/texts/auth.ts';
import { CHAINS_TEXT } from '../src/texts/chains.ts';
import { COMMON_TEXT } from '../src/texts/common.ts';
import { REQUESTS_TEXT } from '../src/texts/requests.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';
import { card, inDays, toast, WIDTHS } from './page-helpers.ts';

const suite = browserSuite();
const LIVE = { timeout: 15_000 };
const text = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function post(crew: SignedInUser, body: Record<string, unknown>): Promise<TradeRequestItem> {
  const res = await crew.client.post('/api/requests', { routeType: 'pairing', tripDays: 1, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as TradeRequestItem;
}

async function offer(from: SignedInUser, body: Record<string, unknown>): Promise<OfferItem> {
  const res = await from.client.post('/api/trade-requests', body);
  expect(res.status, res.text).toBe(201);
  return res.body as OfferItem;
}

/** How many lines a piece of text takes on screen (a Range's line boxes). */
const linesOf = (l: Locator) =>
  l.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return tops.size;
  });

describe.skipIf(!hasChromium)('who gives what to whom', () => {
  describe.each(WIDTHS)('at %s px', (width, mobile) => {
    it('cards and the bell name her trip as hers and his as his; a message asks to trade; Completed says accepted and declined', async () => {
      const group = { base: `TX${width}` };
      const maya = await makeUser(suite.app, { ...group, firstName: 'Maya', lastName: 'Okafor' });
      const liam = await makeUser(suite.app, { ...group, firstName: 'Liam', lastName: 'Brennan' });
      const drop = await post(maya, { type: 'drop', date: '2099-12-16', route: 'ATL4999' });
      await offer(liam, {
        toUserId: maya.user.id,
        requestId: drop.id,
        requestType: 'pickup',
        tradeDate: '2099-12-16',
        offerRoute: 'ATL4800',
      });
      await offer(liam, { toUserId: maya.user.id, message: 'Any trips on the 20th?' });

      // The bell first: opening /trades marks its trade requests read (docs/product-spec.md section 7).
      const m = suite.track(await openAs(suite.browser, suite.app, maya, '/', mobile));
      await m.getByRole('button', { name: 'Notifications' }).click();
      const bell = m.getByRole('region', { name: 'Trade Requests' });
      await expect
        .poll(
          () => bell.getByText('Liam Brennan wants to pick up your ATL4999 (Dec 16) and offers their ATL4800 in exchange').isVisible(),
          LIVE,
        )
        .toBe(true);
      expect(await bell.getByText('Liam Brennan sent you a message asking to trade').isVisible()).toBe(true);
      await saveScreenshot(m, `${width}-texts-bell-received`);
      await m.keyboard.press('Escape');

      await m.goto('/trades?tab=requests');
      const pickup = card(m, 'Liam Brennan wants to pick up your ATL4999 (Dec 16) and offers their ATL4800 in exchange');
      await pickup.waitFor(LIVE);
      // The spec's badge stays: to Maya the offer is a drop (she drops, he picks up).
      expect(await text(pickup.locator('.request-card-header .badge').first())).toBe('Drop');
      const message = card(m, 'Liam Brennan sent you a message asking to trade');
      expect(await message.getByText('Any trips on the 20th?').isVisible()).toBe(true);
      expect(await text(message.locator('.request-card-header .badge').first())).toBe(OFFER_TEXT.messageBadge);
      expect(await message.getByRole('button', { name: COMMON_TEXT.accept }).count()).toBe(0);
      expect(await message.getByRole('link', { name: OFFER_TEXT.reply }).getAttribute('href')).toBe(`/messages?user=${liam.user.id}`);
      await saveScreenshot(m, `${width}-texts-trades-received`);
      expect(await layoutProblems(m)).toEqual([]);

      await message.getByRole('button', { name: OFFER_TEXT.dismiss }).click();
      await expect.poll(() => toast(m, OFFER_TEXT.dismissed).isVisible()).toBe(true);
      await expect.poll(() => message.count()).toBe(0);
      await pickup.getByRole('button', { name: COMMON_TEXT.accept }).click();
      await expect.poll(() => toast(m, MSG.offerResponded).isVisible()).toBe(true);

      await m.goto('/trades?tab=approved');
      await expect.poll(() => m.getByText('Completed: 1 accepted, 0 declined').isVisible(), LIVE).toBe(true);
      expect(await text(card(m, 'sent you a message asking to trade').locator('.request-card-header .badge').last())).toBe(
        OFFER_TEXT.dismissedStatus,
      );
      await saveScreenshot(m, `${width}-texts-trades-completed`);
      expect(await layoutProblems(m)).toEqual([]);

      // Liam hears the answers in his bell, and reads the same offers from his side.
      const l = suite.track(await openAs(suite.browser, suite.app, liam, '/', mobile));
      await l.getByRole('button', { name: 'Notifications' }).click();
      const liamBell = l.getByRole('region', { name: 'Trade Requests' });
      await expect
        .poll(
          () => liamBell.getByText('Maya Okafor accepted your offer to pick up their ATL4999 (Dec 16) for your ATL4800').isVisible(),
          LIVE,
        )
        .toBe(true);
      expect(await liamBell.getByText('Maya Okafor dismissed your message asking to trade').isVisible()).toBe(true);
      await saveScreenshot(l, `${width}-texts-bell-answers`);
      await l.keyboard.press('Escape');
      await l.goto('/trades?tab=approved');
      await card(l, "You offered to pick up Maya Okafor's ATL4999 (Dec 16) and give your ATL4800 in exchange").waitFor(LIVE);
      const sentMessage = card(l, 'You sent Maya Okafor a message asking to trade');
      expect(await sentMessage.getByText('Declined').count()).toBe(0);
      expect(await sentMessage.getByText(OFFER_TEXT.dismissedStatus).count()).toBe(2);
      await saveScreenshot(l, `${width}-texts-trades-sent-completed`);

      // The dashboard's Completed Trades card counts trades done and says what the count holds.
      await m.goto('/');
      const completed = m.getByRole('link', { name: /Completed Trades/ });
      await expect.poll(() => text(completed.locator('.stat-value')), LIVE).toBe('1');
      expect(await text(completed.locator('.stat-note'))).toBe('1 accepted, 0 declined');
      expect(await seriousViolations(m)).toEqual([]);
    });

    it('a completed three-way chain is a trade on each member’s Completed tab; ended, it can be dismissed from Matches', async () => {
      const base = `TC${width}`;
      const person = (firstName: string) => makeUser(suite.app, { base, firstName, lastName: 'Crew' });
      const [a, b, c] = [await person('Ada'), await person('Bo'), await person('Cy')];
      const [d1, d2, d3] = [inDays(30), inDays(31), inDays(32)];
      await post(a, { type: 'trade', route: 'ATL100', date: d1, desiredDates: [d3] });
      await post(b, { type: 'trade', route: 'ATL200', date: d2, desiredDates: [d1] });
      await post(c, { type: 'trade', route: 'ATL300', date: d3, desiredDates: [d2] });
      const [chain] = (await a.client.get('/api/chains')).body as { id: number }[];
      for (const u of [a, b, c]) expect((await u.client.post(`/api/chains/${chain!.id}/accept`)).status).toBe(200);

      const page = suite.track(await openAs(suite.browser, suite.app, a, '/trades?tab=approved', mobile));
      const short = (d: string) =>
        new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
      const leg = card(page, `You gave ATL100 (${short(d1)}) to Bo Crew and got ATL300 (${short(d3)}) from Cy Crew`);
      await leg.waitFor(LIVE);
      expect(await page.getByText('Completed: 1 accepted, 0 declined').isVisible()).toBe(true);
      await saveScreenshot(page, `${width}-texts-completed-chain`);
      expect(await layoutProblems(page)).toEqual([]);

      await page.goto('/matches');
      const chainCard = page.locator('.chain-card');
      await chainCard.waitFor(LIVE);
      expect(await page.getByText(CHAINS_TEXT.chainsEndedNote).isVisible()).toBe(true);
      await saveScreenshot(page, `${width}-texts-matches-ended-chain`);
      await chainCard.getByRole('button', { name: CHAINS_TEXT.dismiss }).click();
      await expect.poll(() => toast(page, MSG.chainDismissed).isVisible()).toBe(true);
      await expect.poll(() => chainCard.count()).toBe(0);
      // Still a trade done.
      await page.goto('/trades?tab=approved');
      await leg.waitFor(LIVE);
    });

    it('the dashboard’s Matches card counts what Recent Matches lists, and says how many are new', async () => {
      const group = { base: `TM${width}` };
      const maya = await makeUser(suite.app, { ...group, firstName: 'Maya', lastName: 'Okafor' });
      const liam = await makeUser(suite.app, { ...group, firstName: 'Liam', lastName: 'Brennan' });
      const date = inDays(14);
      const mine = await post(maya, { type: 'drop', date, route: 'ATL4999' });
      await post(liam, { type: 'pickup', date, route: 'ANY' });
      const [match] = (await maya.client.get('/api/matches')).body as { id: number }[];
      // Liam offers from the match and Maya declines: the match is open again ("active"), no longer new.
      const sent = await offer(liam, { toUserId: maya.user.id, requestId: mine.id, tradeDate: date, offerRoute: 'none' });
      expect((await liam.client.put(`/api/matches/${match!.id}/status`, { status: 'trade_requested' })).status).toBe(200);
      expect((await maya.client.put(`/api/trade-requests/${sent.id}`, { status: 'declined' })).status).toBe(200);

      const page = suite.track(await openAs(suite.browser, suite.app, maya, '/', mobile));
      const stat = page.getByRole('link', { name: /^Matches/ });
      await expect.poll(() => text(stat.locator('.stat-value')), LIVE).toBe('1');
      expect(await text(stat.locator('.stat-note'))).toBe('0 new');
      const recent = page.getByRole('region', { name: 'Recent Matches' });
      expect(await recent.getByRole('listitem').count()).toBe(1);
      await saveScreenshot(page, `${width}-texts-dashboard`);
      expect(await layoutProblems(page)).toEqual([]);
    });
  });
});

describe.skipIf(!hasChromium)('forms and texts', () => {
  describe.each(WIDTHS)('at %s px', (width, mobile) => {
    it('the request form’s messages clear as soon as the field is valid, and it says how matching works', async () => {
      const me = await makeUser(suite.app, { base: `FR${width}` });
      const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades', mobile));
      await page.getByText(REQUESTS_TEXT.matchingRule).waitFor(LIVE);
      await page.getByRole('button', { name: 'New Trade Request' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Trade Request' });
      await dialog.getByText(REQUESTS_TEXT.matchingRule).waitFor(LIVE);
      await dialog.getByRole('button', { name: 'Post Request' }).click();
      await expect.poll(() => dialog.getByText(MSG.dateRequired).isVisible()).toBe(true);
      expect(await dialog.getByText(MSG.pairingRequired).isVisible()).toBe(true);
      await saveScreenshot(page, `${width}-texts-request-errors`);
      // No second submit: each message leaves with its field's first valid value.
      await dialog.getByLabel('Date', { exact: true }).fill(inDays(40));
      await expect.poll(() => dialog.getByText(MSG.dateRequired).count()).toBe(0);
      expect(await dialog.getByText(MSG.pairingRequired).isVisible()).toBe(true);
      await dialog.getByLabel('Pairing', { exact: true }).fill('P');
      await expect.poll(() => dialog.getByText(MSG.pairingRequired).count()).toBe(0);
      await saveScreenshot(page, `${width}-texts-request-cleared`);
    });

    it('the profile form and sign-in clear their messages the same way', async () => {
      const me = await makeUser(suite.app, { base: `FP${width}` });
      const page = suite.track(await openAs(suite.browser, suite.app, me, '/profile', mobile));
      const first = page.getByLabel('First Name');
      await first.fill('');
      await page.getByRole('button', { name: /Save/ }).first().click();
      await expect.poll(() => page.getByText(MSG.firstNameRequired).isVisible()).toBe(true);
      await first.fill('A');
      await expect.poll(() => page.getByText(MSG.firstNameRequired).count()).toBe(0);

      const login = suite.track(await suite.browser.newPage({ baseURL: suite.app.url }));
      await login.goto('/login');
      await login.getByRole('button', { name: 'Sign In' }).click();
      await expect.poll(() => login.getByText(MSG.emailInvalid).isVisible()).toBe(true);
      await login.getByLabel('Email').fill('crew@example.com');
      await expect.poll(() => login.getByText(MSG.emailInvalid).count()).toBe(0);
      expect(await login.getByText(MSG.passwordRequired).isVisible()).toBe(true);
    });

    it('the Offer dialog says what the date and "Your Pairing" are, for the type chosen', async () => {
      const group = { base: `FO${width}` };
      const maya = await makeUser(suite.app, { ...group, firstName: 'Maya', lastName: 'Okafor' });
      const liam = await makeUser(suite.app, { ...group, firstName: 'Liam', lastName: 'Brennan' });
      await post(maya, { type: 'drop', date: inDays(9), route: 'ATL4999' });
      const page = suite.track(await openAs(suite.browser, suite.app, liam, '/all-trades', mobile));
      await card(page, 'ATL4999').getByRole('button', { name: 'Request Trade' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request Trade with Maya Okafor' });
      await dialog.waitFor();
      expect(await dialog.getByText('The pairing you will fly in exchange, or none.').isVisible()).toBe(true);
      expect(await dialog.getByText('The day of their trip you pick up.').isVisible()).toBe(true);
      await saveScreenshot(page, `${width}-texts-offer-dialog`);
      await dialog.getByLabel('Drop', { exact: true }).check({ force: true });
      expect(await dialog.getByText('The pairing you give them.').isVisible()).toBe(true);
      expect(await dialog.getByText('The day of the trip you give.').isVisible()).toBe(true);
      // A field left blank says so when left, and clears the moment it is filled.
      await dialog.getByLabel('Your Pairing').focus();
      await dialog.getByLabel('Message').focus();
      await expect.poll(() => dialog.getByText(MSG.pairingRequired).isVisible()).toBe(true);
      await dialog.getByLabel('Your Pairing').fill('none');
      await expect.poll(() => dialog.getByText(MSG.pairingRequired).count()).toBe(0);
    });

    it('Forgot password says one thing: if the account exists, a link was sent', async () => {
      const page = suite.track(
        await suite.browser.newPage({ baseURL: suite.app.url, viewport: mobile ? { width: 375, height: 812 } : undefined }),
      );
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill('nobody-in-particular@example.com');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { name: AUTH_TEXT.checkYourEmail }).waitFor(LIVE);
      const said = await text(page.locator('.auth-text'));
      expect(said).toBe(`${AUTH_TEXT.forgotSentBefore} nobody-in-particular@example.com ${AUTH_TEXT.forgotSentAfter}`);
      expect(said).not.toContain('We sent the link to');
      await saveScreenshot(page, `${width}-texts-forgot-sent`);
      expect(await layoutProblems(page)).toEqual([]);
    });
  });

  it('employee numbers and e-mails never break inside: tradeboard cards and the admin users table at 1280 px', async () => {
    const group = { base: 'FIDW' };
    // Its own number on each attempt: a retry must not meet the first attempt's account.
    const number = `live-${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`;
    const mate = await makeUser(suite.app, {
      ...group,
      firstName: 'Maximiliana-Alexandra',
      lastName: 'Montgomery-Worthington',
      employeeNumber: number,
      email: `maximiliana.alexandra.montgomery-worthington-${Date.now()}@crew-scheduling.example.com`,
    });
    const me = await makeUser(suite.app, group);
    await post(mate, { type: 'drop', date: inDays(11), route: 'IDENT1' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades'));
    const employee = card(page, 'IDENT1').getByText(`#${number}`, { exact: true });
    await employee.waitFor(LIVE);
    expect(await linesOf(employee)).toBe(1);
    await saveScreenshot(page, '1280-texts-tradeboard-identifiers');

    const admin = await makeAdmin(suite.app, { base: 'FIDA' });
    const a = suite.track(await openAs(suite.browser, suite.app, admin, '/admin/users'));
    const email = a.getByText(mate.email, { exact: true });
    await email.waitFor(LIVE);
    // Whole, never cut (issue 43): it may wrap (a very long one does), but the part from the @ on is
    // never broken, and nothing is clipped.
    const domainLines = await email.evaluate((el) => {
      const text = el.lastChild!;
      const range = document.createRange();
      range.selectNodeContents(text);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    });
    expect(domainLines).toBe(1);
    expect(await email.evaluate((el) => el.lastChild?.textContent?.startsWith('@'))).toBe(true);
    expect(await email.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await linesOf(a.getByText(number, { exact: true }))).toBe(1);
    await saveScreenshot(a, '1280-texts-admin-users');
    expect(await layoutProblems(a)).toEqual([]);
  });
});
