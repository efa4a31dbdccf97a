// GET /api/admin/insights against figures counted here by hand: requests, matches, trades and support
// rows are put at chosen times across the twelve weeks (and just outside them) with SQL, and each
// week's expected figures are written out below. Weeks run Monday 00:00 UTC to Monday; the last is
// the current one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { InsightsReport, InsightsWeek } from '#protocol/shapes.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { freshGroup, postRequest, sendOffer } from '../offers/offers.fixtures.ts';
import { inDays } from '../requests/requests.fixtures.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

let app: TestApp;
let admin: SignedInUser;
let crew: SignedInUser;

/** The Monday 00:00 UTC of this week, worked out here (not with the server's helper). */
function thisMonday(): number {
  const now = new Date();
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysSinceMonday * DAY;
}
/** The start of week `k` of the twelve: 0 is eleven weeks before this one, 11 is this one. */
const weekStart = (k: number) => thisMonday() - (11 - k) * WEEK;
/** A time `offset` ms into week `k` (negative: before it), as ISO text for SQL. */
const at = (k: number, offset = 0) => new Date(weekStart(k) + offset).toISOString();
/** Tuesday 10:00 UTC, as an offset into a week: well inside it. */
const TUESDAY = DAY + 10 * HOUR;

/** A request row; completed and long past unless told otherwise, so it is on no board. */
async function request(
  createdAt: string,
  over: { status?: string; groupKey?: string; lastDate?: string } = {},
): Promise<number> {
  const lastDate = over.lastDate ?? '2020-01-02';
  const [row] = await sql<{ id: number }>(
    app.databaseUrl,
    `insert into requests (user_id, type, date, route_type, route, status, group_key, all_dates, last_date, created_at, updated_at)
     values ($1, 'drop', $2::date, 'pairing', 'P1', $3, $4, array[$2::text], $2::date, $5::timestamptz, $5::timestamptz) returning id`,
    [crew.user.id, lastDate, over.status ?? 'completed', over.groupKey ?? 'Delta|QQQ|captain|737', createdAt],
  );
  return row!.id;
}

/** A match made at `createdAt` between two fresh (completed, old) requests. */
async function match(createdAt: string): Promise<number> {
  const a = await request('2019-01-01T00:00:00Z');
  const b = await request('2019-01-01T00:00:00Z');
  const [row] = await sql<{ id: number }>(
    app.databaseUrl,
    `insert into matches (request_id, matched_request_id, status, created_at, updated_at) values ($1, $2, 'pending', $3::timestamptz, $3::timestamptz) returning id`,
    [a, b, createdAt],
  );
  return row!.id;
}

/** An accepted offer's trade at `approvedAt`, of `matchId` (approved) or of none. */
async function offerTrade(approvedAt: string, matchId: number | null = null): Promise<void> {
  await sql(app.databaseUrl, 'insert into trades (match_id, approved_at) values ($1, $2::timestamptz)', [matchId, approvedAt]);
  if (matchId !== null) await sql(app.databaseUrl, "update matches set status = 'approved' where id = $1", [matchId]);
}

let chains = 0;
/** A three-way chain completed at `approvedAt`: its three trades rows, written together. */
async function chainTrade(approvedAt: string): Promise<void> {
  const [chain] = await sql<{ id: number }>(
    app.databaseUrl,
    `insert into trade_chains (group_key, route_type, cycle_key, status, created_at, updated_at)
     values ('Delta|QQQ|captain|737', 'pairing', $1, 'completed', $2::timestamptz, $2::timestamptz) returning id`,
    [`insights-${++chains}`, approvedAt],
  );
  await sql(
    app.databaseUrl,
    'insert into trades (chain_id, approved_at) select $1, $2::timestamptz from generate_series(1, 3)',
    [chain!.id, approvedAt],
  );
}

/** A support request filed at `createdAt`, answered `answeredAfter` ms later (or open). */
async function support(createdAt: string, answeredAfter?: number): Promise<void> {
  const resolvedAt = answeredAfter === undefined ? null : new Date(new Date(createdAt).getTime() + answeredAfter).toISOString();
  await sql(
    app.databaseUrl,
    `insert into support_requests (user_id, category, subject, message, status, admin_response, admin_id, created_at, updated_at, resolved_at)
     values ($1, 'bug', 'Subject', 'Message', $2, $3, $4, $5::timestamptz, $5::timestamptz, $6::timestamptz)`,
    [
      crew.user.id,
      resolvedAt ? 'resolved' : 'open',
      resolvedAt ? 'Answered' : null,
      resolvedAt ? admin.user.id : null,
      createdAt,
      resolvedAt,
    ],
  );
}

const insights = async (who: SignedInUser = admin) => {
  const res = await who.client.get<InsightsReport>('/api/admin/insights');
  expect(res.status, res.text).toBe(200);
  return res.body;
};

/** A week with nothing in it. */
const quiet = (k: number): InsightsWeek => ({
  weekStart: at(k).slice(0, 10),
  requestsPosted: 0,
  matchesMade: 0,
  matchesTraded: 0,
  matchShare: null,
  offersAccepted: 0,
  chainsCompleted: 0,
  tradesCompleted: 0,
  supportRequests: 0,
  supportAnswered: 0,
  medianAnswerSeconds: null,
});

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_OVERRIDES: 'support=100000' });
  admin = await makeAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
  crew = await makeUser(app, { firstName: 'Cal', lastName: 'Crew' });
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  // Each test counts from an empty slate, read afresh (the report is otherwise held a minute).
  await sql(app.databaseUrl, 'delete from trades; delete from trade_chains; delete from matches; delete from requests; delete from support_requests');
  app.server.deps.insights.clear();
});

describe('GET /api/admin/insights', () => {
  it('is for admins only: 403 with the admin text for crew, 401 signed out', async () => {
    const res = await crew.client.get('/api/admin/insights');
    expect([res.status, res.body.message]).toEqual([403, MSG.adminOnly]);
    expect((await app.client().get('/api/admin/insights')).status).toBe(401);
  });

  it('counts each week as counted by hand: requests, matches and their share, offers and chains, support and its median answer', async () => {
    // Requests posted. Week 11 (this one) from its first instant; week 10 up to its last second;
    // week 9 once; and two just outside the twelve weeks, which count nowhere.
    await request(at(11));
    await request(at(11));
    await request(at(10, TUESDAY));
    await request(at(10, 2 * DAY));
    await request(at(11, -1000)); // Sunday 23:59:59 of week 10
    await request(at(9, 3 * DAY));
    await request(at(0, -1000)); // the second before the first week
    await request(at(0, -100 * DAY));

    // Matches (their two requests were posted long ago). Week 8: four, three of them traded (one
    // that week, two the next); week 10: two, none traded; week 11: one, traded.
    const w8 = [await match(at(8, TUESDAY)), await match(at(8, TUESDAY)), await match(at(8, 4 * DAY)), await match(at(8, 6 * DAY))];
    await match(at(10, HOUR));
    await match(at(10, 5 * DAY));
    const w11 = await match(at(11));
    await offerTrade(at(8, 5 * DAY), w8[0]);
    await offerTrade(at(9, HOUR), w8[1]);
    await offerTrade(at(9, 2 * DAY), w8[2]);
    await offerTrade(at(11), w11);
    // Offers accepted in week 5: one with no match (its requests had no match), one of a match made
    // before the twelve weeks (a trade that week; the match counts nowhere). One before the weeks.
    await offerTrade(at(5, DAY));
    await offerTrade(at(5, 2 * DAY), await match(at(0, -3 * DAY)));
    await offerTrade(at(0, -HOUR));
    // Chains: two completed in week 6, one in week 9 (three trades rows each, one chain each).
    await chainTrade(at(6, DAY));
    await chainTrade(at(6, 3 * DAY));
    await chainTrade(at(9, 4 * DAY));
    await chainTrade(at(0, -DAY));

    // Support. Week 7: three filed and answered that week after 30 min, 2 h and 5 h (median 2 h).
    // Week 9: two answered after 1 h and 4 h (median 2.5 h, between the two). One filed late on
    // Sunday of week 10 and answered 4 h later, on Monday of week 11. One open in week 11. One
    // filed before the weeks and answered in week 0, three days later.
    await support(at(7, TUESDAY), 30 * MINUTE);
    await support(at(7, TUESDAY), 2 * HOUR);
    await support(at(7, TUESDAY), 5 * HOUR);
    await support(at(9, DAY), HOUR);
    await support(at(9, DAY), 4 * HOUR);
    await support(at(11, -2 * HOUR), 4 * HOUR);
    await support(at(11));
    await support(at(0, -2 * DAY), 3 * DAY);

    const report = await insights();
    const expected = Array.from({ length: 12 }, (_, k) => quiet(k));
    Object.assign(expected[0]!, { supportAnswered: 1, medianAnswerSeconds: 3 * 24 * 3600 });
    Object.assign(expected[5]!, { offersAccepted: 2, tradesCompleted: 2 });
    Object.assign(expected[6]!, { chainsCompleted: 2, tradesCompleted: 2 });
    Object.assign(expected[7]!, { supportRequests: 3, supportAnswered: 3, medianAnswerSeconds: 2 * 3600 });
    Object.assign(expected[8]!, { matchesMade: 4, matchesTraded: 3, matchShare: 0.75, offersAccepted: 1, tradesCompleted: 1 });
    Object.assign(expected[9]!, {
      requestsPosted: 1,
      offersAccepted: 2,
      chainsCompleted: 1,
      tradesCompleted: 3,
      supportRequests: 2,
      supportAnswered: 2,
      medianAnswerSeconds: 2.5 * 3600,
    });
    Object.assign(expected[10]!, { requestsPosted: 3, matchesMade: 2, matchesTraded: 0, matchShare: 0, supportRequests: 1 });
    Object.assign(expected[11]!, {
      requestsPosted: 2,
      matchesMade: 1,
      matchesTraded: 1,
      matchShare: 1,
      offersAccepted: 1,
      tradesCompleted: 1,
      supportRequests: 1,
      supportAnswered: 1,
      medianAnswerSeconds: 4 * 3600,
    });
    expect(report.weeks).toEqual(expected);
    expect(report.weeks.map((w) => new Date(`${w.weekStart}T00:00:00Z`).getUTCDay())).toEqual(Array(12).fill(1));
    expect(Date.parse(report.countedAt)).toBeGreaterThan(Date.now() - MINUTE);
  });

  it('counts the active requests on a board by base and position, across airlines and aircraft, by the base’s today', async () => {
    const now = new Date();
    const todayIn = (timeZone: string, shiftDays = 0) =>
      new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(now.getTime() + shiftDays * DAY));
    const active = (groupKey: string, lastDate: string) => request(at(0, -50 * DAY), { status: 'active', groupKey, lastDate });
    // ATL captains: three of Delta's 737s and two of United's A320s; not the past one, not the completed one.
    for (let i = 0; i < 3; i++) await active('Delta|ATL|captain|737', inDays(10));
    for (let i = 0; i < 2; i++) await active('United|ATL|captain|A320', inDays(3));
    await active('Delta|ATL|captain|737', inDays(-5));
    await request(at(0, -50 * DAY), { status: 'completed', groupKey: 'Delta|ATL|captain|737', lastDate: inDays(10) });
    await active('Delta|ATL|flight_attendant|737', inDays(40));
    for (let i = 0; i < 4; i++) await active('Delta|LAX|first_officer|737', inDays(2));
    // Ending today at the base counts, whichever day it is in UTC; ending yesterday there does not.
    // Honolulu is 10 hours behind UTC, Auckland 12 or 13 ahead; ZZZ is no airport (UTC).
    await active('Delta|HNL|captain|737', todayIn('Pacific/Honolulu'));
    await active('Delta|HNL|captain|737', todayIn('Pacific/Honolulu', -1));
    await active('Delta|AKL|captain|737', todayIn('Pacific/Auckland'));
    await active('Delta|AKL|captain|737', todayIn('Pacific/Auckland', -1));
    await active('Delta|ZZZ|first_officer|737', todayIn('UTC'));
    await active('Delta|ZZZ|first_officer|737', todayIn('UTC', -1));

    expect((await insights()).activeRequests).toEqual([
      { base: 'ATL', position: 'captain', count: 5 },
      { base: 'LAX', position: 'first_officer', count: 4 },
      { base: 'AKL', position: 'captain', count: 1 },
      { base: 'ATL', position: 'flight_attendant', count: 1 },
      { base: 'HNL', position: 'captain', count: 1 },
      { base: 'ZZZ', position: 'first_officer', count: 1 },
    ]);
  });

  it('counts what the app itself writes: a request, its match and the offer accepted on it, this week', async () => {
    const group = freshGroup();
    const owner = await makeUser(app, { ...group, firstName: 'Olive', lastName: 'Owner' });
    const taker = await makeUser(app, { ...group, firstName: 'Tom', lastName: 'Taker' });
    const date = inDays(20);
    const drop = await postRequest(owner, { date, route: 'ATL1234' });
    await postRequest(taker, { type: 'pickup', date, route: 'ANY' });
    const offer = await sendOffer(taker, drop);
    expect((await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' })).status).toBe(200);
    // Answered just now, 30 minutes after it was filed.
    await support(new Date(Date.now() - 30 * MINUTE).toISOString(), 30 * MINUTE);

    const week = (await insights()).weeks.at(-1);
    expect(week).toMatchObject({
      requestsPosted: 2,
      matchesMade: 1,
      matchesTraded: 1,
      matchShare: 1,
      offersAccepted: 1,
      chainsCompleted: 0,
      tradesCompleted: 1,
      supportAnswered: 1,
      medianAnswerSeconds: 30 * 60,
    });
  });

  it('is held a minute on the instance: a change shows once the held report is dropped', async () => {
    await request(at(11));
    const first = await insights();
    expect(first.weeks.at(-1)!.requestsPosted).toBe(1);
    await request(at(11));
    // Two admins at once while it is held: the same report, counted once.
    const [a, b] = await Promise.all([insights(), insights()]);
    expect([a, b]).toEqual([first, first]);
    app.server.deps.insights.clear();
    const after = await insights();
    expect(after.weeks.at(-1)!.requestsPosted).toBe(2);
    expect(after.countedAt >= first.countedAt).toBe(true);
  });
});
