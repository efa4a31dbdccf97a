// Counter-offers and standing rules in the browser (issue 42, docs/decisions/0045), at 1280 and 375 px.
// Liam offers on Cora's trade; Cora counters from /trades, asking for another trip of his; Liam sees
// the counter arrive live, reads its History and accepts it; both see the trade completed on the
// counter's date, and the countered offer in Completed with why. Cora posts a drop with "Accept
// automatically" on (its Auto badge hers only); Bea picks it up and Cora's Completed tab shows the
// trade, with the rule's badge, without a click of hers.
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { shortDate } from '#protocol/offerText.ts';
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { RULE_TEXT } from '#protocol/standingRule.ts';
import { shortDay } from '#protocol/roster-rules.ts';
import { icsOf } from '../../server/features/roster/roster.fixtures.ts';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { formatDate } from '../src/lib/format.ts';
import { TRADES_TEXT } from '../src/texts/trades.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';
import { card, inDays, tab, toast, WIDTHS } from './page-helpers.ts';

const suite = browserSuite();
const LIVE = { timeout: 10_000 };

let groups = 0;
/** A base of its own per test: nobody else's crew, board or offers. */
const freshBase = (width: string) => `CO${width}${(groups++).toString(36).toUpperCase()}`;

async function post(crew: SignedInUser, body: Record<string, unknown>): Promise<TradeRequestItem> {
  const res = await crew.client.post('/api/requests', { routeType: 'pairing', tripDays: 1, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as TradeRequestItem;
}

async function offer(from: SignedInUser, request: TradeRequestItem, body: Record<string, unknown>): Promise<OfferItem> {
  const res = await from.client.post('/api/trade-requests', { toUserId: request.userId, requestId: request.id, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as OfferItem;
}

/** A roster with one flight duty on `day`. */
async function rosterWithFlight(crew: SignedInUser, title: string, day: string) {
  const compact = day.replaceAll('-', '');
  const form = new FormData();
  form.append(
    'file',
    new Blob([icsOf([{ title, start: `${compact}T080000Z`, end: `${compact}T170000Z` }])], { type: 'text/calendar' }),
    'roster.ics',
  );
  const res = await crew.client.post('/api/roster', form);
  expect(res.status, res.text).toBe(200);
}

describe.skipIf(!hasChromium)('counter-offers and standing rules', () => {
  describe.each(WIDTHS)('at %s px', (width, mobile) => {
    it('Cora counters Liam’s offer from /trades; Liam sees the counter live, reads its History and accepts; both see it completed on its date', async () => {
      const group = { base: freshBase(width) };
      const cora = await makeUser(suite.app, { ...group, firstName: 'Cora', lastName: 'Lane' });
      const liam = await makeUser(suite.app, { ...group, firstName: 'Liam', lastName: 'Brennan' });
      const [d8, d10, d12] = [inDays(8), inDays(10), inDays(12)];
      const trade = await post(cora, { type: 'trade', date: d8, route: 'OGG100', desiredDates: [d10, d12] });
      const original = await offer(liam, trade, { requestType: 'trade', tradeDate: d10, offerRoute: 'OGG200' });
      // Cora already flies on the day of the trip she will ask for: her dialog says so.
      await rosterWithFlight(cora, 'OGG777 OGG-HNL-OGG', d12);

      const c = suite.track(await openAs(suite.browser, suite.app, cora, '/trades?tab=requests', mobile));
      const l = suite.track(await openAs(suite.browser, suite.app, liam, '/trades?tab=requests', mobile));
      await l.getByText(MSG.noTradeRequests).waitFor(LIVE);
      await l.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      // Cora: Counter beside Accept and Decline.
      const received = card(c, 'OGG200');
      await received.waitFor(LIVE);
      const buttons = await received.locator('.request-card-actions button').allTextContents();
      expect(buttons).toEqual(['Accept', TRADES_TEXT.counter, 'Decline']);
      await received.getByRole('button', { name: TRADES_TEXT.counter }).click();
      const dialog = c.getByRole('dialog', { name: 'Counter-Offer to Liam Brennan' });
      await dialog.waitFor();
      // What she answers, as her card says it; she asks for a trip of his.
      expect(await dialog.getByLabel(TRADES_TEXT.counterAnswers).textContent()).toContain('OGG200');
      const send = dialog.getByRole('button', { name: TRADES_TEXT.sendCounter });
      expect(await send.isDisabled()).toBe(true);
      await dialog.getByLabel('Trade Date').fill(d12);
      await dialog.getByLabel(TRADES_TEXT.counterTheirPairing).fill('OGG300');
      await dialog.getByLabel('Message').fill('Could you give me OGG300 instead?');
      expect(await dialog.getByText(TRADES_TEXT.counterWhatHintAsk.replace('{kind}', 'pairing')).isVisible()).toBe(true);
      await dialog
        .getByRole('note', { name: 'Your roster' })
        .getByText(`You already fly OGG777 on ${shortDay(d12)}.`)
        .waitFor(LIVE);
      await saveScreenshot(c, `${width}-counter-dialog`);
      expect(await layoutProblems(c)).toEqual([]);
      expect(await seriousViolations(c)).toEqual([]);
      await send.click();
      await expect.poll(() => toast(c, MSG.counterSentTitle).isVisible()).toBe(true);
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => received.count()).toBe(0);

      // Her counter waits in Pending; the offer it answered is in Completed, with why.
      await tab(c, 'Pending').click();
      const mine = card(c, 'OGG300');
      await mine.waitFor(LIVE);
      expect(await mine.locator('.badge-counter').textContent()).toBe(TRADES_TEXT.counterBadge);
      expect(
        await mine
          .getByText(`You asked for Liam Brennan's OGG300 (${shortDate(d12)}) instead, for your OGG100 (${shortDate(d8)})`)
          .isVisible(),
      ).toBe(true);
      await tab(c, 'Completed').click();
      const countered = card(c, 'OGG200');
      await countered.waitFor(LIVE);
      expect(await countered.locator('.badge-closed').textContent()).toBe('Closed');
      expect(await countered.getByText('You answered with a counter-offer').isVisible()).toBe(true);
      await saveScreenshot(c, `${width}-counter-countered-completed`);
      expect(await layoutProblems(c)).toEqual([]);

      // Liam: the counter arrives live, a counter-offer, with what Cora asks for.
      const counter = card(l, 'OGG300');
      await counter.waitFor(LIVE);
      expect(await counter.locator('.badge-counter').isVisible()).toBe(true);
      expect(
        await counter
          .getByText(`Cora Lane asks for your OGG300 (${shortDate(d12)}) instead, for their OGG100 (${shortDate(d8)})`)
          .isVisible(),
      ).toBe(true);
      expect(await counter.getByText('Their Request').isVisible()).toBe(true);
      expect(await counter.getByText(TRADES_TEXT.askedFor).isVisible()).toBe(true);
      // Its History: his offer, then her counter, from his side.
      await counter.getByText(TRADES_TEXT.history).click();
      const steps = counter.getByRole('list', { name: TRADES_TEXT.historyLabel }).getByRole('listitem');
      await expect.poll(() => steps.count(), LIVE).toBe(2);
      const said = await steps.allTextContents();
      expect(said[0]).toContain('OGG200');
      expect(said[0]).toMatch(/^You .* · Countered$/);
      expect(said[1]).toContain('Cora Lane asks for your OGG300');
      expect(await steps.nth(1).getAttribute('aria-current')).toBe('step');
      // The whole page, from its top (the sticky navigation drawn where it was scrolled to would cover the card).
      await l.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(l, `${width}-counter-received-history`);
      expect(await layoutProblems(l)).toEqual([]);
      expect(await seriousViolations(l)).toEqual([]);

      // His offer left Pending live; it is in his Completed, answered with a counter-offer.
      await tab(l, 'Pending').click();
      await l.getByText(MSG.noPendingTradeRequests).waitFor(LIVE);
      await tab(l, 'Completed').click();
      await card(l, 'OGG200').getByText('Cora answered with a counter-offer').waitFor(LIVE);

      // He accepts the counter.
      await tab(l, 'Requests').click();
      await counter.getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => toast(l, MSG.offerResponded).isVisible()).toBe(true);
      await expect.poll(() => counter.count()).toBe(0);
      expect(await l.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      // Both see the trade completed, on the counter's date.
      for (const [page, name] of [
        [l, 'liam'],
        [c, 'cora'],
      ] as const) {
        await tab(page, 'Completed').click();
        const done = card(page, 'OGG300');
        await expect.poll(() => done.locator('.badge', { hasText: /^Accepted$/ }).isVisible(), LIVE).toBe(true);
        expect(await done.locator('.request-card-date').textContent()).toBe(formatDate(d12));
        await saveScreenshot(page, `${width}-counter-completed-${name}`);
        expect(await layoutProblems(page)).toEqual([]);
      }
      const trades = (await cora.client.get('/api/user-trades')).body as OfferItem[];
      expect(trades.map((o) => [o.id === original.id ? 'original' : 'counter', o.status, o.tradeDate])).toEqual(
        expect.arrayContaining([
          ['original', 'closed', d10],
          ['counter', 'accepted', d12],
        ]),
      );
    });

    it('Cora posts a drop with Accept automatically on; Bea picks it up and Cora sees the trade in Completed, with the rule’s badge, without a click', async () => {
      const group = { base: freshBase(width) };
      const cora = await makeUser(suite.app, { ...group, firstName: 'Cora', lastName: 'Lane' });
      const bea = await makeUser(suite.app, { ...group, firstName: 'Bea', lastName: 'Ortiz' });
      const date = inDays(9);

      const c = suite.track(await openAs(suite.browser, suite.app, cora, '/all-trades', mobile));
      await c.getByRole('button', { name: 'New Trade Request' }).click();
      const create = c.getByRole('dialog', { name: 'New Trade Request' });
      await create.waitFor();
      await create.getByLabel('Date', { exact: true }).fill(date);
      await create.getByLabel('Pairing', { exact: true }).fill('ATL900');
      const rule = create.getByRole('switch', { name: RULE_TEXT.field });
      expect(await rule.getAttribute('aria-checked')).toBe('false');
      expect(await create.getByText(RULE_TEXT.fieldHint).isVisible()).toBe(true);
      await rule.click();
      expect(await rule.getAttribute('aria-checked')).toBe('true');
      await rule.scrollIntoViewIfNeeded();
      await saveScreenshot(c, `${width}-rule-request-form`);
      expect(await layoutProblems(c)).toEqual([]);
      await create.getByRole('button', { name: 'Post Request' }).click();
      await expect.poll(() => create.count()).toBe(0);

      // Her card says the rule is on; Bea's board never does.
      const own = card(c, 'ATL900');
      await own.waitFor(LIVE);
      expect(await own.locator('.badge-rule').textContent()).toBe(RULE_TEXT.badge);
      await saveScreenshot(c, `${width}-rule-own-card`);
      expect(await layoutProblems(c)).toEqual([]);
      const b = suite.track(await openAs(suite.browser, suite.app, bea, '/all-trades', mobile));
      await card(b, 'ATL900').waitFor(LIVE);
      expect(await card(b, 'ATL900').locator('.badge-rule').count()).toBe(0);
      // Edit opens with the switch as saved.
      await own.getByRole('button', { name: 'Edit' }).click();
      const edit = c.getByRole('dialog', { name: 'Edit Trade Request' });
      await expect.poll(() => edit.getByRole('switch', { name: RULE_TEXT.field }).getAttribute('aria-checked')).toBe('true');
      await edit.getByRole('button', { name: 'Cancel' }).click();
      // The dashboard's My Active Requests says it too.
      await c.goto('/');
      const active = c.getByRole('region', { name: 'My Active Requests' });
      await active.locator('.badge-rule').waitFor(LIVE);
      await saveScreenshot(c, `${width}-rule-dashboard`);
      expect(await layoutProblems(c)).toEqual([]);

      // Noah's pickup asks for a trip in return: the rule leaves it to Cora, and her card says why.
      await c.goto('/trades?tab=requests');
      await c.getByText(MSG.noTradeRequests).waitFor(LIVE);
      const request = ((await cora.client.get('/api/requests')).body as TradeRequestItem[]).find((r) => r.route === 'ATL900')!;
      expect(request.autoAccept).toBe(true);
      const noah = await makeUser(suite.app, { ...group, firstName: 'Noah', lastName: 'Park' });
      const held = await offer(noah, request, { requestType: 'pickup', tradeDate: date, offerRoute: 'NOAH500' });
      expect([held.status, held.ruleNote]).toEqual(['pending', null]);
      const noted = card(c, 'NOAH500');
      await noted.getByText(RULE_TEXT.asksInReturn).waitFor(LIVE);
      await saveScreenshot(c, `${width}-rule-held-note`);
      expect(await layoutProblems(c)).toEqual([]);

      // Cora waits on her Completed tab; Bea picks the trip up, giving nothing in return.
      await tab(c, 'Completed').click();
      await c.getByText(MSG.noCompletedTradeRequests).waitFor(LIVE);
      const sent = await offer(bea, request, { requestType: 'pickup', tradeDate: date, offerRoute: 'none' });
      expect(sent.status).toBe('accepted');

      const taken = card(c, 'ATL900');
      await expect.poll(() => taken.locator('.badge', { hasText: /^Accepted$/ }).isVisible(), LIVE).toBe(true);
      await expect.poll(() => taken.getByText(RULE_TEXT.acceptedBadge).isVisible(), LIVE).toBe(true);
      expect(await c.getByText(MSG.noCompletedTradeRequests).count()).toBe(0);
      await saveScreenshot(c, `${width}-rule-accepted`);
      expect(await layoutProblems(c)).toEqual([]);
      expect(await seriousViolations(c)).toEqual([]);
      // Bea, its sender, never reads the owner's badge.
      await b.goto('/trades?tab=approved');
      await card(b, 'ATL900')
        .locator('.badge', { hasText: /^Accepted$/ })
        .waitFor(LIVE);
      expect(await card(b, 'ATL900').getByText(RULE_TEXT.acceptedBadge).count()).toBe(0);
    });
  });
});
