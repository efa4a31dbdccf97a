// Bounded lists in the browser (docs/decisions/0020): the tradeboard comes a page at a time and
// loads the next as the crew member scrolls to the end, with its filters applied by the server and
// live changes applied to what is loaded; base chat and a direct conversation catch up after a
// Redis outage between two instances, when more than a page of messages was missed and more than a
// page was heard live after the first one missed.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_PAGE } from '#protocol/limits.ts';
import { PAGE_SIZE } from '#protocol/paging.ts';
import { requestBody } from '../../server/features/requests/requests.fixtures.ts';
import { WEB_ROOT } from '../../server/runtime-paths.ts';
import { bulkOffers, bulkRequests, bulkUsers, type BulkGroup } from '../../server/test/bulk.ts';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { startInstancesOnOwnRedis, type InstancesOnOwnRedis } from '../../server/test/instances-on-own-redis.ts';
import { sql } from '../../server/test/outbox.ts';
import { READ_BACK_PAGES } from '../src/stores/messageRooms.ts';
import { COMMON_TEXT } from '../src/texts/common.ts';
import { SHELL_TEXT } from '../src/texts/shell.ts';
import { hasChromium, launchBrowser } from './browser.ts';
import { LAYOUT_ARTIFACTS, layoutProblems, saveScreenshot } from './layout-checks.ts';
import { seriousViolations } from './axe.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const cards = (page: Page) => page.locator('[aria-labelledby="other-requests-heading"] .request-card');
const until = async (check: () => Promise<boolean>, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
/** What the crew member sees (the lists run far below the fold, so a full-page shot says little). */
async function viewportShot(page: Page, name: string): Promise<void> {
  await fs.mkdir(LAYOUT_ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(LAYOUT_ARTIFACTS, `${name}.png`) });
}
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!hasChromium)('the tradeboard a page at a time', () => {
  const group: BulkGroup = { airline: 'Delta', base: 'LMB', position: 'captain', aircraftType: '737' };
  let me: SignedInUser;
  let poster: SignedInUser;
  let total: number;

  beforeAll(async () => {
    me = await makeUser(suite.app, { base: group.base, firstName: 'Lena', lastName: 'Reader' });
    poster = await makeUser(suite.app, { base: group.base, firstName: 'Paul', lastName: 'Poster' });
    const crew = await bulkUsers(suite.app.databaseUrl, 30, group, 'lmb');
    // 30 crew at 10 requests each: a board of 300, a page and a half.
    await bulkRequests(suite.app.databaseUrl, crew, 10, group, { fromDay: 2 });
    total = 300;
  });

  it('shows the first 200 by date, loads the rest as the end scrolls into view, and patches what is loaded live', async () => {
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades'));
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(PAGE_SIZE);
    await viewportShot(page, '1280-tradeboard-first-page');

    // Live: a request dated within the loaded pages shows at once; one dated past them waits for its page.
    const soon = await poster.client.post('/api/requests', requestBody({ date: inDays(1), route: 'LIVE-SOON' }));
    expect(soon.status).toBe(201);
    await page.getByText('LIVE-SOON').waitFor();
    const late = await poster.client.post('/api/requests', requestBody({ date: inDays(190), route: 'LIVE-LATE' }));
    expect(late.status).toBe(201);
    await page.waitForTimeout(500);
    expect(await page.getByText('LIVE-LATE').count()).toBe(0);
    expect(await cards(page).count()).toBe(PAGE_SIZE + 1);

    // Scrolling to the end loads the next page (no click): IntersectionObserver.
    const nextPage = page.waitForRequest((r) => r.url().includes('/api/all-trades?cursor='));
    await cards(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await nextPage;
    await until(async () => (await cards(page).count()) === total + 2, 'the second page shows');
    await page.getByText('LIVE-LATE').waitFor();
    // The end: no more to load.
    expect(await page.getByRole('button', { name: 'Load more requests' }).count()).toBe(0);
    await page.getByText('LIVE-LATE').scrollIntoViewIfNeeded();
    await viewportShot(page, '1280-tradeboard-end');
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('filters on the server: every page is filtered, and the count says so', async () => {
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades'));
    await cards(page).first().waitFor();
    await page.getByRole('button', { name: /Filter Requests/ }).click();
    const filtered = page.waitForRequest((r) => r.url().includes('/api/all-trades?type=trade'));
    await page.getByLabel('Request Type').selectOption('trade');
    await filtered;
    const trades = Number(
      (await sql<{ n: string }>(suite.app.databaseUrl, `select count(*) as n from requests where group_key = $1 and type = 'trade' and status = 'active'`, [
        `${group.airline}|${group.base}|${group.position}|${group.aircraftType}`,
      ]))[0]!.n,
    );
    await until(async () => (await cards(page).count()) === trades, 'only trades show');
    // A live drop stays out of a trade-filtered board.
    await poster.client.post('/api/requests', requestBody({ date: inDays(1), route: 'LIVE-DROP' }));
    await page.waitForTimeout(500);
    expect(await page.getByText('LIVE-DROP').count()).toBe(0);
    const search = page.waitForRequest((r) => r.url().includes('search=P'));
    await page.getByLabel('Search').fill('P');
    await search;
    await page.evaluate(() => window.scrollTo(0, 0));
    await viewportShot(page, '1280-tradeboard-filtered');
  });

  it('at 375 px: the first page, then the next on scrolling, with nothing sideways', async () => {
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades', true));
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(PAGE_SIZE);
    const nextPage = page.waitForRequest((r) => r.url().includes('/api/all-trades?cursor='));
    await cards(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await nextPage;
    await until(async () => (await cards(page).count()) > PAGE_SIZE, 'the second page shows');
    await page.getByRole('button', { name: 'Load more requests' }).waitFor({ state: 'detached' });
    await cards(page).nth(PAGE_SIZE).scrollIntoViewIfNeeded();
    await viewportShot(page, '375-tradeboard-second-page');
    expect(await layoutProblems(page)).toEqual([]);
  });
});

describe.skipIf(!hasChromium)('a list with a Load more button', () => {
  it('Trades: the first 200 offers received, then the rest on Load more, at 1280 and 375 px', async () => {
    const group: BulkGroup = { airline: 'Delta', base: 'LMT', position: 'captain', aircraftType: '737' };
    const me = await makeUser(suite.app, { base: group.base, firstName: 'Tara', lastName: 'Trader' });
    const peer = await makeUser(suite.app, { base: group.base, firstName: 'Otto', lastName: 'Offer' });
    const mine = await bulkRequests(suite.app.databaseUrl, [me.user.id], PAGE_SIZE + 5, group);
    await bulkOffers(suite.app.databaseUrl, peer.user.id, me.user.id, mine);
    for (const mobile of [false, true]) {
      const page = suite.track(await openAs(suite.browser, suite.app, me, '/trades?tab=requests', mobile));
      const offers = page.locator('[role="tabpanel"] .offer-card');
      await until(async () => (await offers.count()) >= PAGE_SIZE, 'the first page shows');
      expect(await offers.count()).toBe(PAGE_SIZE);
      // The tab says there are more than it shows.
      await page.getByRole('tab', { name: /200\+/ }).waitFor();
      const more = page.getByRole('button', { name: 'Load more' });
      await more.scrollIntoViewIfNeeded();
      await viewportShot(page, `${mobile ? 375 : 1280}-trades-load-more`);
      await more.click();
      await until(async () => (await offers.count()) === PAGE_SIZE + 5, 'the second page shows');
      await more.waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: /205/ }).waitFor();
      expect(await layoutProblems(page)).toEqual([]);
    }
  });
});

describe.skipIf(!hasChromium)('catching up after a Redis outage between two instances', () => {
  let pair: InstancesOnOwnRedis | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;

  beforeAll(async () => {
    // The built app on both instances, sends without the per-minute limit.
    if (!existsSync(`${WEB_ROOT}/index.html`)) throw new Error('The web app is not built: run "npm run build" first (npm test does).');
    pair = await startInstancesOnOwnRedis({ RATE_LIMIT_OVERRIDES: 'register=100000,forgotPassword=100000,messages=100000' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    if (browser) await Promise.race([browser.close(), new Promise((r) => setTimeout(r, 10_000))]);
    await pair?.close();
  });

  it('base chat and a direct conversation show every message missed, more than a page of each heard live after the first missed, at 1280 and 375 px', async () => {
    const { one, two, redis } = pair!;
    // A base of its own each attempt: a retry must not find the first attempt's 150 posts in its room.
    const base = `C${String.fromCharCode(65 + Math.floor(Math.random() * 26), 65 + Math.floor(Math.random() * 26))}`;
    const reader = await makeUser(one, { base, firstName: 'Rhea', lastName: 'Reader' });
    const writer = await makeUser(two, { base, firstName: 'Will', lastName: 'Writer' });
    for (let i = 1; i <= 3; i++) {
      expect((await writer.client.post('/api/base-chat', { chatType: 'reserve', content: `before chat ${i}` })).status).toBe(201);
      expect((await writer.client.post('/api/messages', { toUserId: reader.user.id, content: `before dm ${i}` })).status).toBe(201);
    }

    // The reader's two screens on instance one: the dashboard's base chat, and the conversation.
    const chatPage = await openAs(browser!, one, reader, '/');
    const dmPage = await openAs(browser!, one, reader, `/messages?user=${writer.user.id}`, true);
    const chatLines = chatPage.locator('.base-chat-card .chat-line');
    const bubbles = dmPage.locator('.thread .bubble-row');
    await chatPage.getByText('before chat 3').waitFor();
    await dmPage.getByText('before dm 3').waitFor();

    await redis.stop();
    // Redis away, the sockets still up. In turn: the writer through instance two (no event reaches
    // instance one's sockets), and the reader from another device through instance one (heard at
    // once): more than a page is heard after the first one missed (issue 40).
    const outage = 2 * MESSAGE_PAGE + 20;
    for (let i = 1; i <= outage; i++) {
      const missed = i % 2 === 1;
      const by = missed ? writer : reader;
      const chat = await by.client.post('/api/base-chat', { chatType: 'reserve', content: `${missed ? 'missed' : 'heard'} chat ${i}` });
      expect(chat.status).toBe(201);
      const toUserId = missed ? reader.user.id : writer.user.id;
      const dm = await by.client.post('/api/messages', { toUserId, content: `${missed ? 'missed' : 'heard'} dm ${i}` });
      expect(dm.status).toBe(201);
    }
    const heard = outage / 2;
    await until(async () => (await chatLines.count()) === 3 + heard, 'the posts through instance one show live');
    await until(async () => (await bubbles.count()) === 3 + heard, 'the messages through instance one show live');

    const asked: string[] = [];
    for (const p of [chatPage, dmPage]) p.on('request', (r) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search));
    await redis.start();
    // The instance drops its sockets when Redis returns; the client reconnects and reads back from
    // the newest page to what it had read before the outage, not to the newest it heard.
    await until(async () => (await chatLines.count()) === outage + 3, 'every missed chat post shows', 30_000);
    await until(async () => (await bubbles.count()) === outage + 3, 'every missed message shows', 30_000);
    // The newest page, then back (?before=): three pages of each (123 messages).
    const pagesOf = (path: string) => asked.filter((u) => u === path || u.startsWith(`${path}?before=`));
    expect(pagesOf('/api/base-chat/reserve')).toHaveLength(3);
    expect(pagesOf(`/api/messages/${writer.user.id}`)).toHaveLength(3);
    const thread = await bubbles.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-message-id'))));
    const storedThread = (
      await sql<{ id: number }>(one.databaseUrl, `select id from messages where $1 in (from_user_id, to_user_id) order by id`, [reader.user.id])
    ).map((r) => r.id);
    expect(thread).toEqual(storedThread);
    const shown = await chatLines.evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('data-message-id'))));
    const stored = (
      await sql<{ id: number }>(one.databaseUrl, `select id from base_chat_messages where base = $1 order by id`, [base])
    ).map((r) => r.id);
    expect(shown).toEqual(stored);
    await chatPage.locator('.base-chat-card').getByText(`heard chat ${outage}`).scrollIntoViewIfNeeded();
    await dmPage.locator('.thread').getByText(`heard dm ${outage}`).scrollIntoViewIfNeeded();
    await saveScreenshot(chatPage, '1280-base-chat-caught-up');
    await viewportShot(dmPage, '375-thread-caught-up');
    // The other widths too: the conversation at 1280, the chat at 375.
    await dmPage.setViewportSize({ width: 1280, height: 900 });
    await dmPage.locator('.thread').getByText(`heard dm ${outage}`).scrollIntoViewIfNeeded();
    await viewportShot(dmPage, '1280-thread-caught-up');
    await chatPage.setViewportSize({ width: 375, height: 740 });
    await chatPage.locator('.base-chat-card').getByText(`heard chat ${outage}`).scrollIntoViewIfNeeded();
    await viewportShot(chatPage, '375-base-chat-caught-up');
    expect(await layoutProblems(dmPage)).toEqual([]);
    await chatPage.context().close();
    await dmPage.context().close();
  });

  it('further behind than a catch-up reads: "Catching up…" while the pages come, then "Load the rest" above the newest, which reads the rest in order, at 1280 and 375 px', async () => {
    const { one, two, redis } = pair!;
    const base = `D${String.fromCharCode(65 + Math.floor(Math.random() * 26), 65 + Math.floor(Math.random() * 26))}`;
    const reader = await makeUser(one, { base, firstName: 'Rhea', lastName: 'Reader' });
    const writer = await makeUser(two, { base, firstName: 'Will', lastName: 'Writer' });
    for (let i = 1; i <= 3; i++) {
      expect((await writer.client.post('/api/base-chat', { chatType: 'reserve', content: `before chat ${i}` })).status).toBe(201);
      expect((await writer.client.post('/api/messages', { toUserId: reader.user.id, content: `before dm ${i}` })).status).toBe(201);
    }
    const chatPage = await openAs(browser!, one, reader, '/');
    const dmPage = await openAs(browser!, one, reader, `/messages?user=${writer.user.id}`, true);
    const chatLines = chatPage.locator('.base-chat-card .chat-line');
    const bubbles = dmPage.locator('.thread .bubble-row');
    await chatPage.getByText('before chat 3').waitFor();
    await dmPage.getByText('before dm 3').waitFor();

    // More than a catch-up reads back (10 pages) written where no event tells of them.
    const far = READ_BACK_PAGES * MESSAGE_PAGE + 20;
    await sql(
      one.databaseUrl,
      `insert into base_chat_messages (user_id, airline, base, position, chat_type, content)
       select user_id, airline, base, position, chat_type, 'far chat ' || g from base_chat_messages, generate_series(1, $2::int) g
       where base = $1 and content = 'before chat 3' order by g`,
      [base, far],
    );
    await sql(
      one.databaseUrl,
      `insert into messages (from_user_id, to_user_id, content) select $1, $2, 'far dm ' || g from generate_series(1, $3::int) g order by g`,
      [writer.user.id, reader.user.id, far],
    );
    // Each page a little slow, so the catch-up takes longer than the quiet second and says so.
    for (const [p, room] of [
      [chatPage, '**/api/base-chat/reserve*'],
      [dmPage, `**/api/messages/${writer.user.id}*`],
    ] as const) {
      await p.route(room, async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
    }
    // Redis gone and back: the instance drops its sockets, the client reconnects and catches up.
    await redis.stop();
    await redis.start();
    const catchingUp = (p: Page) => p.locator('.catch-up-status').getByText(SHELL_TEXT.catchingUp);
    await Promise.all([catchingUp(chatPage).waitFor({ timeout: 20_000 }), catchingUp(dmPage).waitFor({ timeout: 20_000 })]);
    await viewportShot(chatPage, '1280-catching-up');
    await viewportShot(dmPage, '375-catching-up');

    // The newest 500 shown, the older ones let go until Load the rest.
    await until(async () => (await chatLines.count()) === READ_BACK_PAGES * MESSAGE_PAGE, 'the newest pages of the chat show', 30_000);
    await until(async () => (await bubbles.count()) === READ_BACK_PAGES * MESSAGE_PAGE, 'the newest pages of the thread show', 30_000);
    const chatRest = chatPage.locator('.base-chat-card').getByRole('button', { name: COMMON_TEXT.loadTheRest });
    const dmRest = dmPage.locator('.thread').getByRole('button', { name: COMMON_TEXT.loadTheRest });
    await chatRest.scrollIntoViewIfNeeded();
    await dmRest.scrollIntoViewIfNeeded();
    await expect.poll(() => chatPage.locator('.base-chat-card .missed-note').isVisible()).toBe(true);
    await expect.poll(() => dmPage.locator('.thread .missed-note').isVisible()).toBe(true);
    await expect.poll(() => chatPage.locator('.catch-up-status').count()).toBe(0);
    await viewportShot(chatPage, '1280-base-chat-load-the-rest');
    await viewportShot(dmPage, '375-thread-load-the-rest');
    expect(await layoutProblems(chatPage)).toEqual([]);
    expect(await layoutProblems(dmPage)).toEqual([]);
    await chatPage.setViewportSize({ width: 375, height: 740 });
    await dmPage.setViewportSize({ width: 1280, height: 900 });
    await chatRest.scrollIntoViewIfNeeded();
    await dmRest.scrollIntoViewIfNeeded();
    await viewportShot(chatPage, '375-base-chat-load-the-rest');
    await viewportShot(dmPage, '1280-thread-load-the-rest');

    // Load the rest reads what was let go, in the database's order; nothing is left to load.
    await chatRest.click();
    await dmRest.click();
    await until(async () => (await chatLines.count()) === far + 3, 'the rest of the chat shows', 30_000);
    await until(async () => (await bubbles.count()) === far + 3, 'the rest of the thread shows', 30_000);
    const shown = await chatLines.evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('data-message-id'))));
    const stored = (
      await sql<{ id: number }>(one.databaseUrl, `select id from base_chat_messages where base = $1 order by id`, [base])
    ).map((r) => r.id);
    expect(shown).toEqual(stored);
    const thread = await bubbles.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-message-id'))));
    const storedThread = (
      await sql<{ id: number }>(one.databaseUrl, `select id from messages where $1 in (from_user_id, to_user_id) order by id`, [reader.user.id])
    ).map((r) => r.id);
    expect(thread).toEqual(storedThread);
    expect(await chatPage.locator('.base-chat-card .load-earlier').count()).toBe(0);
    expect(await dmPage.locator('.thread .load-earlier').count()).toBe(0);
    await chatPage.context().close();
    await dmPage.context().close();
  });
});
