// The calendar feed of a crew member whose board is crowded (issue 39, part 6): 10,000 matches,
// hundreds of trades and request dates, in the past, in the window and beyond it. The feed holds
// the window (their base's today and the next FEED_WINDOW_DAYS days) and at most FEED_MAX_EVENTS
// events, the newest trades and matches and the soonest request dates; ten parallel fetches of big
// feeds leave a colleague's requests quick; past its per-token limit a fetch answers 429.
// Before (docs/decisions/0041), this feed was 11,100 events and 3.8 MB, built in 1.1 s; ten fetched
// at once took 4.2 to 4.4 s each, and held a colleague's GET /api/auth/user up to 1.3 s.
import { addDays } from '#protocol/roster-rules.ts';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_MAX_EVENTS, FEED_WINDOW_DAYS } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import type { CalendarFeedInfo } from '#protocol/shapes.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { bulkMatches, bulkOffers, bulkRequests, bulkUsers, type BulkGroup } from '../../test/bulk.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { freshGroup } from '../offers/offers.fixtures.ts';
import { dayOfUser } from '../user-kernel/crew-day.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A feed's bytes far above what FEED_MAX_EVENTS events take (about 300 bytes each), far below the unbounded feed's megabytes. */
const MAX_FEED_BYTES = 200_000;

async function fetchFeed(url: string) {
  const res = await fetch(app.url + new URL(url).pathname);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** UID and all-day date of each event, read straight from the text (node-ical is slow on the unbounded feed). */
function eventsOf(text: string): { uid: string; day: string }[] {
  return text
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((block) => {
      const uid = /\r?\nUID:([^\r\n]+)/.exec(block)?.[1] ?? '';
      const d = /DTSTART;VALUE=DATE:(\d{4})(\d{2})(\d{2})/.exec(block);
      return { uid, day: d ? `${d[1]}-${d[2]}-${d[3]}` : '' };
    });
}

/** A deterministic shuffle, so the newest matches are spread over the crew member's requests. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  let seed = 39;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface Crowded {
  me: SignedInUser;
  url: string;
  today: string;
  last: string;
  matches: number;
}

/**
 * A crew member of a busy group: 50 active requests of 10 dates each (ten of them begun a week ago,
 * forty ending up to 94 days ahead), four colleagues at their cap of 50, `perRequest` matches on
 * each of the crew member's requests, and 600 completed trades: 200 past, 200 in the window, 200 beyond.
 */
async function crowded(perRequest: number): Promise<Crowded> {
  const { base } = freshGroup();
  const group: BulkGroup = { airline: 'Delta', base, position: 'captain', aircraftType: '737' };
  const me = await makeUser(app, { base, firstName: 'Busy', lastName: 'Crew' });
  const colleagues = await bulkUsers(app.databaseUrl, 4, group, `cal-${base}`);
  const soon = await bulkRequests(app.databaseUrl, [me.user.id], 10, group, { dates: 10, fromDay: -8 });
  const later = await bulkRequests(app.databaseUrl, [me.user.id], 40, group, { dates: 10, fromDay: 45 });
  const theirs = await bulkRequests(app.databaseUrl, colleagues, 50, group, { fromDay: 3 });
  const pairs = shuffled([...soon, ...later].flatMap((mine) => theirs.slice(0, perRequest).map((t) => [mine, t] as const)));
  await bulkMatches(
    app.databaseUrl,
    pairs.map(([a]) => a),
    pairs.map(([, b]) => b),
  );
  const trades = await bulkOffers(app.databaseUrl, colleagues[0]!, me.user.id, [...theirs, ...theirs, ...theirs], 'accepted');
  const today = dayOfUser({ base });
  const last = addDays(today, FEED_WINDOW_DAYS);
  // The trades' dates: every third past, every third in the window, every third beyond it.
  await sql(
    app.databaseUrl,
    `update trade_requests set trade_date = case (x.o % 3) when 0 then $2::date - 10 when 1 then $2::date + 30 + (x.o % 50)::int else $3::date + 20 end
     from unnest($1::int[]) with ordinality as x(id, o) where trade_requests.id = x.id`,
    [trades, today, last],
  );
  await sql(app.databaseUrl, 'analyze');
  const url = (await me.client.post<CalendarFeedInfo>('/api/calendar-feed')).body.url!;
  return { me, url, today, last, matches: pairs.length };
}

describe('a crowded calendar feed', () => {
  let feed: Crowded;
  beforeAll(async () => {
    feed = await crowded(200);
  }, 120_000);

  it('holds the window and at most FEED_MAX_EVENTS events: the newest trades and matches, the soonest request dates', async () => {
    const { me, url, today, last } = feed;
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    const events = eventsOf(res.text);
    expect(events.length).toBe(FEED_MAX_EVENTS);
    expect(Buffer.byteLength(res.text)).toBeLessThan(MAX_FEED_BYTES);
    // A real client reads every one of them.
    expect(Object.values(ical.sync.parseICS(res.text)).filter((c): c is VEvent => c?.type === 'VEVENT').length).toBe(events.length);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    for (const e of events) expect([e.uid, e.day >= today && e.day <= last]).toEqual([e.uid, true]);

    const held = (kind: string) => events.filter((e) => e.uid.startsWith(`${kind}-`)).map((e) => e.uid);
    const db = app.databaseUrl;
    // What the window holds of each kind, in the order the feed keeps them.
    const trades = await sql<{ uid: string }>(
      db,
      `select 'trade-' || o.id || '@crewtrade' as uid from trade_requests o left join requests r on r.id = o.request_id
       where o.status = 'accepted' and $1 in (o.from_user_id, o.to_user_id) and coalesce(o.trade_date, r.date) between $2 and $3
       order by o.responded_at desc nulls last, o.id desc`,
      [me.user.id, today, last],
    );
    const matches = await sql<{ uid: string }>(
      db,
      `select 'match-' || m.id || '@crewtrade' as uid from matches m join requests mine on mine.id in (m.request_id, m.matched_request_id)
       where mine.user_id = $1 and m.status = 'pending' and mine.date between $2 and $3 order by m.created_at desc, m.id desc`,
      [me.user.id, today, last],
    );
    const requestDates = await sql<{ uid: string }>(
      db,
      `select 'request-' || r.id || '-' || d || '@crewtrade' as uid from requests r, unnest(r.all_dates) as d
       where r.user_id = $1 and r.status = 'active' and d between $2 and $3 order by d, r.id`,
      [me.user.id, today, last],
    );
    expect([trades.length, matches.length, requestDates.length]).toEqual([200, expect.any(Number), expect.any(Number)]);
    expect(matches.length).toBeGreaterThan(3000);
    expect(requestDates.length).toBeGreaterThan(FEED_MAX_EVENTS);
    // Each kind has a place, and what each holds is the head of its order: nothing newer (or sooner) left out.
    for (const [kind, all] of [
      ['trade', trades],
      ['match', matches],
      ['request', requestDates],
    ] as const) {
      const got = held(kind);
      expect([kind, got.length > 0]).toEqual([kind, true]);
      expect([kind, [...got].sort()]).toEqual([
        kind,
        all
          .slice(0, got.length)
          .map((r) => r.uid)
          .sort(),
      ]);
    }
    // Nothing else: no past or far requests, no chains here.
    expect(held('trade').length + held('match').length + held('request').length).toBe(events.length);
  });

  it('ten parallel fetches of it leave another crew member’s GET /api/auth/user under a second', { timeout: 180_000 }, async () => {
    const third = await makeUser(app);
    // Three crowded feeds, none held yet: the ten are not all served from one build.
    const others = await Promise.all([crowded(200), crowded(200)]);
    app.server.deps.calendarFeeds.clear();
    const urls = [feed.url, ...others.map((o) => o.url)];
    let done = false;
    const waits: number[] = [];
    const poll = (async () => {
      while (!done) {
        const started = performance.now();
        const res = await third.client.get('/api/auth/user');
        waits.push(performance.now() - started);
        expect(res.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const fetches = await Promise.all(Array.from({ length: 10 }, (_, i) => fetchFeed(urls[i % urls.length]!)));
    done = true;
    await poll;
    expect(fetches.map((f) => f.status)).toEqual(Array(10).fill(200));
    for (const f of fetches) expect(eventsOf(f.text).length).toBeLessThanOrEqual(FEED_MAX_EVENTS);
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThan(1000);
  });
});

describe('the per-token limit', () => {
  it('past LIMITS.calendarFeed fetches in its window a token answers 429 with the text and a Retry-After; another token is not held', async () => {
    const { base } = freshGroup();
    const me = await makeUser(app, { base });
    const other = await makeUser(app, { base });
    const url = (await me.client.post<CalendarFeedInfo>('/api/calendar-feed')).body.url!;
    const otherUrl = (await other.client.post<CalendarFeedInfo>('/api/calendar-feed')).body.url!;
    const { points, duration } = LIMITS.calendarFeed;
    for (let i = 0; i < points; i++) expect([i, (await fetchFeed(url)).status]).toEqual([i, 200]);
    const refused = await fetchFeed(url);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text).message).toBe(MSG.tooManyRequests);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(duration);
    expect((await fetchFeed(otherUrl)).status).toBe(200);
    // A token that names nothing is still a 404, not a 429 of someone else's count.
    expect((await fetch(`${app.url}/api/calendar/${'x'.repeat(43)}.ics`)).status).toBe(404);
  });
});
