import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { CalendarFeedInfo } from '#protocol/shapes.ts';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { postRing } from '../chains/chains.fixtures.ts';
import { freshGroup, sendOffer } from '../offers/offers.fixtures.ts';
import { inDays, requestBody } from '../requests/requests.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Days inside the feed's window (its owner's today and the 90 days after it). */
const [D1, D2, D3, D4] = [inDays(10), inDays(12), inDays(31), inDays(50)];
const ics = (day: string) => day.replaceAll('-', '');

/** A feed is held for a minute (calendar-cache.ts): a test that looks for a change since the last fetch drops what is held. */
const forgetFeeds = () => app.server.deps.calendarFeeds.clear();

/** The feed as a calendar app fetches it: no cookie, the token in the path. */
async function fetchFeed(url: string) {
  const path = new URL(url).pathname;
  const res = await fetch(app.url + path);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}
const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

describe('calendar feed', () => {
  it('a private address with the active requests, pending matches and completed trades as all-day events, stable across fetches', async () => {
    const group = freshGroup();
    const me = await makeUser(app, { ...group, firstName: 'Cal', lastName: 'Endar' });
    const mate = await makeUser(app, { ...group, firstName: 'Mat', lastName: 'Ey' });
    const drop = (await me.client.post('/api/requests', requestBody({ date: D1, additionalDates: [D2], route: 'CAL1' }))).body;
    await mate.client.post('/api/requests', requestBody({ type: 'pickup', date: D1, route: 'ANY' }));
    const other = (await mate.client.post('/api/requests', requestBody({ date: D3, route: 'MATE9' }))).body;
    const offer = await sendOffer(me, other, { offerRoute: 'MINE1' });
    expect((await mate.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' })).status).toBe(200);

    expect((await me.client.get<CalendarFeedInfo>('/api/calendar-feed')).body).toEqual({ enabled: false, createdAt: null });
    const created = await me.client.post<CalendarFeedInfo>('/api/calendar-feed');
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await me.client.get<CalendarFeedInfo>('/api/calendar-feed')).body).toMatchObject({
      enabled: true,
      createdAt: created.body.createdAt,
    });

    const first = await fetchFeed(created.body.url!);
    expect(first.status).toBe(200);
    expect(first.type).toBe('text/calendar; charset=utf-8');
    const evs = events(first.text);
    const byUid = new Map(evs.map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual(
      [
        `request-${drop.id}-${D1}@crewtrade`,
        `request-${drop.id}-${D2}@crewtrade`,
        expect.stringMatching(/^match-\d+@crewtrade$/),
        `trade-${offer.id}@crewtrade`,
      ].sort(),
    );
    const day = byUid.get(`request-${drop.id}-${D2}@crewtrade`)!;
    // All-day: a DATE value, no time and no zone to shift it.
    expect(day.datetype).toBe('date');
    expect(first.text).toContain(`DTSTART;VALUE=DATE:${ics(D2)}`);
    expect(day.summary).toBe('Drop: pairing CAL1');
    // URL;VALUE=URI: the parser keeps the parameter with the value.
    expect(JSON.stringify(day.url)).toMatch(/\/all-trades"/);
    const match = evs.find((e) => e.uid.startsWith('match-'))!;
    expect(match.summary).toBe('Match with Mat Ey: Pick up pairing ANY');
    expect(first.text).toContain(`DTSTART;VALUE=DATE:${ics(D1)}`);
    expect(byUid.get(`trade-${offer.id}@crewtrade`)!.summary).toBe('Trade completed with Mat Ey');

    // The same UIDs at the next fetch, built again: calendars update in place.
    forgetFeeds();
    const second = await fetchFeed(created.body.url!);
    expect(
      events(second.text)
        .map((e) => e.uid)
        .sort(),
    ).toEqual(evs.map((e) => e.uid).sort());
  });

  it('a three-way chain on the date of the trip the user gets, proposed then completed under one UID', async () => {
    const ring = await postRing(app);
    const url = (await ring.a.client.post<CalendarFeedInfo>('/api/calendar-feed')).body.url!;
    const chainEvent = async () => {
      forgetFeeds();
      return events((await fetchFeed(url)).text).find((e) => e.uid.startsWith('chain-'));
    };
    const proposed = await chainEvent();
    // A wants C's date: C's trip is the one A gets.
    expect(proposed?.summary).toBe('Three-way trade proposed: Cy Crew’s pairing ATL300');
    expect(proposed?.start.toISOString().slice(0, 10)).toBe(ring.dates[2]);
    const { id } = (await ring.a.client.get<{ id: number }[]>('/api/chains')).body[0]!;
    for (const u of [ring.a, ring.b, ring.c]) await u.client.post(`/api/chains/${id}/accept`);
    const completed = await chainEvent();
    expect([completed?.uid, completed?.summary]).toEqual([`chain-${id}@crewtrade`, 'Three-way trade completed: Cy Crew’s pairing ATL300']);
    // Each member gets the trip of the one before them in the ring: B gets A's, C gets B's.
    for (const [member, giver, route, date] of [
      [ring.b, 'Ada', 'ATL100', ring.dates[0]],
      [ring.c, 'Bo', 'ATL200', ring.dates[1]],
    ] as const) {
      const theirs = (await member.client.post<CalendarFeedInfo>('/api/calendar-feed')).body.url!;
      const event = events((await fetchFeed(theirs)).text).find((e) => e.uid === `chain-${id}@crewtrade`);
      expect([event?.summary, event?.start.toISOString().slice(0, 10)]).toEqual([
        `Three-way trade completed: ${giver} Crew’s pairing ${route}`,
        date,
      ]);
    }
  });

  it('holds the owner’s today and the 90 days after it, nothing before or beyond', async () => {
    const me = await makeUser(app, freshGroup());
    const today = inDays(0);
    const drop = (
      await me.client.post('/api/requests', requestBody({ date: today, additionalDates: [inDays(90), inDays(91)], route: 'WIN1' }))
    ).body;
    const past = (await me.client.post('/api/requests', requestBody({ date: inDays(1), additionalDates: [inDays(2)], route: 'WIN2' })))
      .body;
    // Its first day gone by: the feed keeps the day still ahead.
    await sql(app.databaseUrl, `update requests set date = $2::date, all_dates = array[$2::text, $3::text] where id = $1`, [
      past.id,
      inDays(-1),
      inDays(2),
    ]);
    const url = (await me.client.post<CalendarFeedInfo>('/api/calendar-feed')).body.url!;
    expect(
      events((await fetchFeed(url)).text)
        .map((e) => e.uid)
        .sort(),
    ).toEqual(
      [
        `request-${drop.id}-${today}@crewtrade`,
        `request-${drop.id}-${inDays(90)}@crewtrade`,
        `request-${past.id}-${inDays(2)}@crewtrade`,
      ].sort(),
    );
  });

  it('is built at most once a minute: a change shows when what was held is dropped or has aged', async () => {
    const me = await makeUser(app, freshGroup());
    const url = (await me.client.post<CalendarFeedInfo>('/api/calendar-feed')).body.url!;
    expect(events((await fetchFeed(url)).text)).toEqual([]);
    await me.client.post('/api/requests', requestBody({ date: D1, route: 'LATE1' }));
    // Held: calendar apps are told the same (Cache-Control max-age is longer still).
    expect(events((await fetchFeed(url)).text)).toEqual([]);
    forgetFeeds();
    expect(events((await fetchFeed(url)).text).map((e) => e.summary)).toEqual(['Drop: pairing LATE1']);
  });

  it('an all-day date is the same whatever the server’s time zone', async () => {
    const me = await makeUser(app, freshGroup());
    const drop = (await me.client.post('/api/requests', requestBody({ date: D4, route: 'TZ1' }))).body;
    const url = (await me.client.post<CalendarFeedInfo>('/api/calendar-feed')).body.url!;
    const before = process.env.TZ;
    try {
      for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
        process.env.TZ = tz;
        forgetFeeds();
        const text = (await fetchFeed(url)).text;
        const block = text.split('BEGIN:VEVENT').find((b) => b.includes(`UID:request-${drop.id}-${D4}@crewtrade`));
        expect([tz, /DTSTART;VALUE=DATE:(\d+)/.exec(block ?? '')?.[1]]).toEqual([tz, ics(D4)]);
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('replacing the address retires the old one; revoking ends it', async () => {
    const me = await makeUser(app, freshGroup());
    const a = (await me.client.post<CalendarFeedInfo>('/api/calendar-feed')).body.url!;
    const b = (await me.client.post<CalendarFeedInfo>('/api/calendar-feed')).body.url!;
    expect(a).not.toBe(b);
    expect((await fetchFeed(a)).status).toBe(404);
    expect((await fetchFeed(b)).status).toBe(200);
    const revoked = await me.client.delete('/api/calendar-feed');
    expect([revoked.status, revoked.body.message]).toEqual([200, MSG.calendarFeedRevoked]);
    expect((await fetchFeed(b)).status).toBe(404);
    expect((await me.client.get<CalendarFeedInfo>('/api/calendar-feed')).body.enabled).toBe(false);
  });

  it('a made-up or malformed token names nothing; the address routes need a session', async () => {
    for (const token of ['x'.repeat(43), 'short', '../../etc/passwd']) {
      const res = await fetch(`${app.url}/api/calendar/${encodeURIComponent(token)}.ics`);
      expect(res.status).toBe(404);
    }
    const out = app.client();
    expect((await out.get('/api/calendar-feed')).status).toBe(401);
    expect((await out.post('/api/calendar-feed')).status).toBe(401);
    expect((await out.delete('/api/calendar-feed')).status).toBe(401);
  });
});
