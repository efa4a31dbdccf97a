// Three-way trade chains in the browser (docs/decisions/0014): three crew of one group whose trade
// requests form a ring (A wants C's date, B wants A's, C wants B's; no pair can swap). A waits on
// /matches while C's request closes the ring: the chain appears live with what each gives and gets,
// the bell lists it, A accepts, the others answer over the API and A sees the outcome live. The
// screens' layout at 1280 and 375 px, and axe.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { ChainItem, TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const LIVE = { timeout: 15_000 };

async function postTrade(crew: SignedInUser, route: string, date: string, wanted: string): Promise<TradeRequestItem> {
  const res = await crew.client.post('/api/requests', {
    type: 'trade',
    routeType: 'pairing',
    route,
    date,
    desiredDates: [wanted],
    tripDays: 1,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as TradeRequestItem;
}

interface Ring {
  a: SignedInUser;
  b: SignedInUser;
  c: SignedInUser;
  /** C's request, the one that closes the ring. */
  close: () => Promise<void>;
}

/**
 * Three crew of their own group (a base no other test uses); A and B post their trades at once,
 * C's closes the ring when the test says. A gives d1 and wants d3, B gives d2 and wants d1, C gives
 * d3 and wants d2: B gets A's trip, C gets B's, A gets C's.
 */
async function ring(
  base: string,
  names: { a: [string, string]; b: [string, string]; c: [string, string] },
  routes: [string, string, string],
): Promise<Ring> {
  const person = (n: [string, string]) => makeUser(suite.app, { base, firstName: n[0], lastName: n[1] });
  const [a, b, c] = [await person(names.a), await person(names.b), await person(names.c)];
  const offset = 20;
  const [d1, d2, d3] = [inDays(offset), inDays(offset + 1), inDays(offset + 2)];
  await postTrade(a, routes[0], d1, d3);
  await postTrade(b, routes[1], d2, d1);
  return { a, b, c, close: () => postTrade(c, routes[2], d3, d2).then(() => undefined) };
}

async function onlyChain(crew: SignedInUser): Promise<ChainItem> {
  const res = await crew.client.get('/api/chains');
  expect(res.status, res.text).toBe(200);
  const chains = res.body as ChainItem[];
  expect(chains).toHaveLength(1);
  return chains[0]!;
}

async function answer(crew: SignedInUser, id: number, action: 'accept' | 'decline'): Promise<ChainItem> {
  const res = await crew.client.post(`/api/chains/${id}/${action}`, {});
  expect(res.status, res.text).toBe(200);
  return res.body as ChainItem;
}

const chainCard = (page: Page) => page.getByRole('article', { name: /^Three-way trade with/ });
/** One crew member's row in the chain card, found by their name. */
const memberRow = (card: Locator, name: string) => card.getByRole('listitem').filter({ has: card.page().getByText(name, { exact: true }) });
const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });
const badgeText = (row: Locator) => row.locator('.chain-decision').textContent();
const statusBadge = (card: Locator) => card.locator('.chain-status');

describe.skipIf(!hasChromium)('three-way trade chains in the browser', () => {
  it('A sees the chain appear live with what each gives and gets, finds it in the bell, accepts; the others accept and A sees it completed', async () => {
    const r = await ring('CHA', { a: ['Alice', 'Aster'], b: ['Bruno', 'Birch'], c: ['Cara', 'Cole'] }, ['CHA-101', 'CHA-202', 'CHA-303']);
    const page = suite.track(await openAs(suite.browser, suite.app, r.a, '/matches'));
    // No matches and no chains yet: the empty state.
    await expect.poll(() => page.getByText(MSG.noMatches).isVisible(), LIVE).toBe(true);

    await r.close();
    const card = chainCard(page);
    await expect.poll(() => card.isVisible(), LIVE).toBe(true);
    expect(await page.getByRole('heading', { name: MSG.chainsHeading }).isVisible()).toBe(true);
    expect(await page.getByText(MSG.noMatches).count()).toBe(0);
    expect(await card.getByRole('heading').textContent()).toBe('Three-way trade with Bruno Birch and Cara Cole');
    expect(await statusBadge(card).textContent()).toBe('Proposed');

    // Three members in cycle order (A → B → C → A, starting wherever the server starts).
    const rows = card.getByRole('listitem');
    expect(await rows.count()).toBe(3);
    const order = await card.locator('.chain-member-fullname').allTextContents();
    const start = order.indexOf('Alice Aster');
    expect([0, 1, 2].map((k) => order[(start + k) % 3])).toEqual(['Alice Aster', 'Bruno Birch', 'Cara Cole']);

    // Each gives their trip to the next and gets the previous one's; the caller is "You".
    const alice = memberRow(card, 'Alice Aster');
    const bruno = memberRow(card, 'Bruno Birch');
    const cara = memberRow(card, 'Cara Cole');
    expect(await alice.locator('.badge', { hasText: /^You$/ }).count()).toBe(1);
    expect(await bruno.locator('.badge', { hasText: /^You$/ }).count()).toBe(0);
    for (const [row, gives, to, gets, from] of [
      [alice, 'CHA-101', 'Bruno Birch', 'CHA-303', 'Cara Cole'],
      [bruno, 'CHA-202', 'Cara Cole', 'CHA-101', 'you'],
      [cara, 'CHA-303', 'you', 'CHA-202', 'Bruno Birch'],
    ] as const) {
      const [give, get] = [row.locator('.chain-trip').nth(0), row.locator('.chain-trip').nth(1)];
      expect(await give.locator('dt').textContent()).toBe(`Gives to ${to}`);
      expect(await give.locator('dd').textContent()).toContain(gives);
      expect(await get.locator('dt').textContent()).toBe(`Gets from ${from}`);
      expect(await get.locator('dd').textContent()).toContain(gets);
      expect(await badgeText(row)).toBe('Waiting');
    }
    // Other crew link to their profiles.
    expect(await bruno.getByRole('link', { name: 'Bruno Birch' }).getAttribute('href')).toBe(`/profile/${r.b.user.id}?from=matches`);

    // The bell lists the chain waiting for Alice's answer; it leads to /matches.
    const bell = page.getByRole('button', { name: 'Notifications' });
    await expect.poll(() => bell.locator('.count-badge').textContent(), LIVE).toBe('1');
    await bell.click();
    const section = page.getByRole('region', { name: 'Trade Chains', exact: true });
    const item = section.getByRole('button', { name: /Three-way trade with Bruno Birch and Cara Cole/ });
    await expect.poll(() => item.isVisible(), LIVE).toBe(true);
    expect(await item.textContent()).toContain('You give CHA-101');
    await saveScreenshot(page, '1280-bell-trade-chains');
    expect(await layoutProblems(page)).toEqual([]);
    await item.click();
    await expect.poll(() => section.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/matches');

    await saveScreenshot(page, '1280-matches-chain-proposed');
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // Alice accepts with the keyboard: the chain now waits for the other two.
    const accept = card.getByRole('button', { name: 'Accept' });
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toast(page, MSG.chainAccepted).isVisible(), LIVE).toBe(true);
    await expect.poll(() => badgeText(alice)).toBe('Accepted');
    expect(await card.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Decline' }).count()).toBe(0);
    expect(await card.getByText('You accepted. Waiting for').isVisible()).toBe(true);
    await expect.poll(() => bell.locator('.count-badge').count()).toBe(0);

    // Bruno and Cara accept over the API: Alice sees each answer, then the chain completed, live.
    const chain = await onlyChain(r.b);
    await answer(r.b, chain.id, 'accept');
    await expect.poll(() => badgeText(bruno), LIVE).toBe('Accepted');
    expect(await statusBadge(card).textContent()).toBe('Proposed');
    const last = await answer(r.c, chain.id, 'accept');
    expect(last.status).toBe('completed');
    await expect.poll(() => statusBadge(card).textContent(), LIVE).toBe('Completed');
    expect(await badgeText(cara)).toBe('Accepted');
    expect(await card.getByText('All three trades are done.').isVisible()).toBe(true);
    await saveScreenshot(page, '1280-matches-chain-completed');
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // The three requests are completed.
    const mine = (await r.a.client.get('/api/requests')).body as TradeRequestItem[];
    expect(mine.map((q) => q.status)).toEqual(['completed']);
  });

  it('at 375 px: the chain stacks; a decline by B shows it declined for A live', async () => {
    const r = await ring('CHD', { a: ['Dana', 'Dunn'], b: ['Maximiliana-Alexandra', 'Montgomery-Worthington'], c: ['Eli', 'Ekberg'] }, [
      'ATL-LAX-SFO-SEA-ANC-SEA-SFO-LAX-ATL-JFK-BOS',
      'CHD-2',
      'CHD-3',
    ]);
    await r.close();
    const page = suite.track(await openAs(suite.browser, suite.app, r.a, '/matches', true));
    const card = chainCard(page);
    await expect.poll(() => card.isVisible(), LIVE).toBe(true);
    expect(await page.getByText(MSG.noMatches).count()).toBe(0);
    // On a phone the three crew stack, one under the other.
    const boxes = await card.getByRole('listitem').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(boxes).toHaveLength(3);
    expect(boxes[0]! < boxes[1]! && boxes[1]! < boxes[2]!).toBe(true);
    await saveScreenshot(page, '375-matches-chain-proposed');
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // The bell's chain section on a phone.
    await page.getByRole('button', { name: 'Notifications' }).click();
    const section = page.getByRole('region', { name: 'Trade Chains', exact: true });
    await expect.poll(() => section.getByRole('button', { name: /^Three-way trade with/ }).isVisible(), LIVE).toBe(true);
    await saveScreenshot(page, '375-bell-trade-chains');
    expect(await layoutProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => section.count()).toBe(0);

    const chain = await onlyChain(r.b);
    await answer(r.b, chain.id, 'decline');
    await expect.poll(() => statusBadge(card).textContent(), LIVE).toBe('Declined');
    expect(await badgeText(memberRow(card, 'Maximiliana-Alexandra Montgomery-Worthington'))).toBe('Declined');
    // Nobody is waited for any more: the answers never given say so.
    expect(await badgeText(memberRow(card, 'Dana Dunn'))).toBe('No answer');
    expect(await card.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(await card.getByText('Maximiliana-Alexandra Montgomery-Worthington declined. This chain has ended.').isVisible()).toBe(true);
    await saveScreenshot(page, '375-matches-chain-declined');
    expect(await layoutProblems(page)).toEqual([]);
  });

  it('A declines through the confirm dialog after a failed answer says why', async () => {
    const r = await ring('CHX', { a: ['Fay', 'Fisk'], b: ['Gus', 'Gray'], c: ['Hal', 'Hart'] }, ['CHX-1', 'CHX-2', 'CHX-3']);
    await r.close();
    const page = suite.track(await openAs(suite.browser, suite.app, r.a, '/matches', true));
    const card = chainCard(page);
    await expect.poll(() => card.isVisible(), LIVE).toBe(true);

    // An answer the server refuses: the error toast carries its reason, and the chain stays as it was.
    await page.route('**/api/chains/*/accept', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: MSG.chainClosed }) }),
    );
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => toast(page, MSG.chainAnswerFailed).isVisible(), LIVE).toBe(true);
    expect(await toast(page, MSG.chainAnswerFailed).textContent()).toContain(MSG.chainClosed);
    expect(await statusBadge(card).textContent()).toBe('Proposed');
    await page.unroute('**/api/chains/*/accept');
    // On a phone the toast sits over the card's buttons: close it as a user would.
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expect.poll(() => toast(page, MSG.chainAnswerFailed).count()).toBe(0);

    // Decline asks first; keeping the chain changes nothing.
    await card.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Decline Trade Chain' });
    await dialog.waitFor();
    await saveScreenshot(page, '375-matches-chain-decline-confirm');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await statusBadge(card).textContent()).toBe('Proposed');

    await card.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => toast(page, MSG.chainDeclined).isVisible(), LIVE).toBe(true);
    await expect.poll(() => statusBadge(card).textContent()).toBe('Declined');
    expect(await badgeText(memberRow(card, 'Fay Fisk'))).toBe('Declined');
    expect((await onlyChain(r.b)).status).toBe('declined');
  });
});
