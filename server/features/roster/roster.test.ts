import { Writable } from 'node:stream';
import { pino } from 'pino';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '#protocol/rules.ts';
import { ROSTER_TEXT, type AirlineRosterRules, type RosterCheck, type RosterInfo } from '#protocol/roster.ts';
import { addDays } from '#protocol/roster-rules.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { REBOUND_HOST, startRosterFeedServer, type RosterFeedServer } from '../../test/roster-feed-server.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { dayDuty, icsOf, type TestEvent } from './roster.fixtures.ts';

let app: TestApp;
let feed: RosterFeedServer;
/** Everything the app logged, to show a roster's address and duties never reach the log. */
let logged = '';
beforeAll(async () => {
  feed = await startRosterFeedServer();
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logged += chunk.toString();
      cb();
    },
  });
  app = await startTestApp(feed.env, undefined, { rosterLookup: feed.lookup, log: pino({ level: 'debug' }, sink) });
});
afterAll(async () => {
  await app?.close();
  await feed?.close();
});

const today = todayUtc();
const day = (n: number) => addDays(today, n);

function upload(user: SignedInUser, text: string | Uint8Array<ArrayBuffer>, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([text], { type: 'text/calendar' }), 'roster.ics');
  return user.client.post('/api/roster', form);
}
const subscribe = (user: SignedInUser, url: string) => user.client.post('/api/roster', { url });
const check = (user: SignedInUser, query: string) => user.client.get<RosterCheck>(`/api/roster/check?${query}`);
const rosterRow = async (userId: number) =>
  (await sql(app.databaseUrl, 'select * from rosters where user_id = $1', [userId])) as Record<string, unknown>[];
/**
 * A name for a roster on the feed server, unique to the test. Long and random: tests look for it in
 * the log, where a short one ("r4") can turn up inside a random email address.
 */
let served = 0;
function serve(events: TestEvent[]): { name: string; url: string } {
  const name = `roster${++served}x${randomBytes(8).toString('hex')}`;
  feed.rosters.set(name, { status: 200, body: icsOf(events) });
  return { name, url: feed.url(`/roster/${name}.ics`) };
}

describe('the roster routes', () => {
  it('signed out: 401 on every route', async () => {
    const client = app.client();
    for (const [method, path] of [
      ['GET', '/api/roster'],
      ['POST', '/api/roster'],
      ['DELETE', '/api/roster'],
      ['GET', '/api/roster/check?date=2099-12-16&days=1'],
    ] as const) {
      expect((await client.request(method, path, method === 'POST' ? { url: feed.url('/roster/x.ics') } : undefined)).status).toBe(401);
    }
  });

  it('an uploaded .ics: each event a duty, the coming 90 days read back, replaced by the next, removed', async () => {
    const me = await makeUser(app);
    expect((await me.client.get<RosterInfo>('/api/roster')).body).toEqual({
      duties: [],
      updatedAt: null,
      limits: { maxConsecutiveDays: 6, minRestHours: 10 },
    });
    const ics = icsOf([
      {
        title: 'ATL1234 ATL-LAX-ATL',
        start: `TZID=America/New_York:${day(3).replaceAll('-', '')}T220000`,
        end: `TZID=America/New_York:${day(4).replaceAll('-', '')}T033000`,
      },
      dayDuty('Reserve', day(10), 2),
      // Beyond the 90 days: kept for the checks, not listed.
      dayDuty('ATL9999', day(120)),
    ]);
    const saved = await upload(me, ics);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ duties: 3, skipped: 0, message: 'Roster saved: 3 duties' });

    const info = (await me.client.get<RosterInfo>('/api/roster')).body;
    expect(info.url).toBeUndefined();
    expect(Date.parse(info.updatedAt!)).not.toBeNaN();
    expect(info.duties.map((d) => [d.title, d.pairing, d.startDay, d.endDay, d.allDay])).toEqual([
      ['ATL1234 ATL-LAX-ATL', 'ATL1234', day(3), day(4), false],
      ['Reserve', null, day(10), day(11), true],
    ]);
    expect(info.duties[0]).toMatchObject({ start: expect.stringMatching(/Z$/), end: expect.stringMatching(/Z$/) });
    expect((await check(me, `date=${day(120)}&days=1`)).body.ok).toBe(false);

    // The next upload replaces it whole.
    expect((await upload(me, icsOf([dayDuty('DL455', day(5))]))).body).toMatchObject({ duties: 1 });
    expect((await me.client.get<RosterInfo>('/api/roster')).body.duties.map((d) => d.pairing)).toEqual(['DL455']);

    const removed = await me.client.delete('/api/roster');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: ROSTER_TEXT.removed });
    expect((await me.client.get<RosterInfo>('/api/roster')).body.duties).toEqual([]);
    expect(await rosterRow(me.user.id)).toEqual([]);
  });

  it('another user never reads it, and it goes with the account', async () => {
    const me = await makeUser(app);
    const other = await makeUser(app);
    await upload(me, icsOf([dayDuty('ATL1234', day(2))]));
    expect((await other.client.get<RosterInfo>('/api/roster')).body.duties).toEqual([]);
    expect((await check(other, `date=${day(2)}&days=1`)).body).toEqual({ ok: true, reasons: [], conflicts: [] });
    // Nothing names another user's roster: the routes take no user id at all.
    expect((await other.client.get(`/api/roster/${me.user.id}`)).status).toBe(404);

    const admin = await makeAdmin(app);
    expect((await admin.client.delete(`/api/admin/users/${me.user.id}`)).status).toBe(200);
    expect(await rosterRow(me.user.id)).toEqual([]);
  });

  it('refuses a file that is not iCalendar, over 1 MB or over 2,000 events, and a form without a file, saying which', async () => {
    const me = await makeUser(app);
    const notIcs = await upload(me, 'name,date\nATL1234,2099-12-16\n');
    expect([notIcs.status, notIcs.body.message]).toEqual([400, ROSTER_TEXT.notIcs]);
    const png = await upload(me, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    expect([png.status, png.body.message]).toEqual([400, ROSTER_TEXT.notIcs]);
    const big = await upload(
      me,
      icsOf([dayDuty('ATL1', day(1))]).replace('END:VCALENDAR', `X-PAD:${'x'.repeat(1024 * 1024)}\r\nEND:VCALENDAR`),
    );
    expect([big.status, big.body.message]).toEqual([413, ROSTER_TEXT.tooLarge]);
    const many = Array.from({ length: 2001 }, (_, i) => dayDuty(`A${i}`, day(1 + (i % 60))));
    const tooMany = await upload(me, icsOf(many));
    expect([tooMany.status, tooMany.body.message]).toEqual([400, ROSTER_TEXT.tooManyEvents]);
    const wrongField = await upload(me, icsOf([dayDuty('ATL1', day(1))]), 'roster');
    expect([wrongField.status, wrongField.body.message]).toEqual([400, ROSTER_TEXT.fileOrUrl]);
    const empty = await me.client.post('/api/roster', {});
    expect([empty.status, empty.body.message]).toEqual([400, ROSTER_TEXT.fileOrUrl]);
    // None of them stored anything.
    expect(await rosterRow(me.user.id)).toEqual([]);
  });
});

describe('a subscription', () => {
  it('is read at once; its address is kept sealed and shown back only as its origin', async () => {
    const me = await makeUser(app);
    const { name, url } = serve([dayDuty('ATL1234', day(2)), dayDuty('ATL5678', day(9))]);
    const secretUrl = `${url}?token=s3cr3t-crew-token`;
    const saved = await subscribe(me, secretUrl);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ duties: 2, skipped: 0 });
    const info = (await me.client.get<RosterInfo>('/api/roster')).body;
    expect(info.url).toBe(`${new URL(url).origin}/…`);
    expect(info.failingSince).toBeUndefined();
    const [row] = await rosterRow(me.user.id);
    expect(JSON.stringify(row)).not.toContain('s3cr3t');
    expect(JSON.stringify(row)).not.toContain(`/roster/${name}`);
    expect(logged).not.toContain('s3cr3t');
  });

  it('refuses an address that is not https, that is private, loopback or link-local, or resolves to one', async () => {
    const me = await makeUser(app);
    const { name } = serve([dayDuty('ATL1', day(1))]);
    const path = `/roster/${name}.ics`;
    const cases: [string, string][] = [
      ['not a url', ROSTER_TEXT.urlInvalid],
      [`http://roster-feed.test:${feed.port}${path}`, ROSTER_TEXT.urlNotHttps],
      [`ftp://roster-feed.test${path}`, ROSTER_TEXT.urlNotHttps],
      [`https://user:pw@roster-feed.test:${feed.port}${path}`, ROSTER_TEXT.urlInvalid],
      // The test server itself, by its address: loopback.
      [`https://127.0.0.1:${feed.port}${path}`, ROSTER_TEXT.urlPrivate],
      [`https://[::1]:${feed.port}${path}`, ROSTER_TEXT.urlPrivate],
      [`https://[::ffff:127.0.0.1]:${feed.port}${path}`, ROSTER_TEXT.urlPrivate],
      ['https://169.254.169.254/latest/meta-data', ROSTER_TEXT.urlPrivate],
      ['https://10.0.0.8/roster.ics', ROSTER_TEXT.urlPrivate],
      ['https://192.168.1.1/roster.ics', ROSTER_TEXT.urlPrivate],
      ['https://[fe80::1]/roster.ics', ROSTER_TEXT.urlPrivate],
      // A public-looking name that resolves to 127.0.0.1, checked as the socket connects.
      [feed.url(path, REBOUND_HOST), ROSTER_TEXT.urlPrivate],
      [feed.url(path, 'localhost'), ROSTER_TEXT.urlPrivate],
    ];
    const before = feed.hits(path);
    for (const [url, message] of cases) {
      const res = await subscribe(me, url);
      expect([url, res.status, res.body.message]).toEqual([url, 400, message]);
    }
    // None of them reached the server.
    expect(feed.hits(path)).toBe(before);
    expect(await rosterRow(me.user.id)).toEqual([]);
  });

  it('follows at most 3 redirects, each checked again', async () => {
    const me = await makeUser(app);
    const { name } = serve([dayDuty('ATL1', day(1))]);
    expect((await subscribe(me, feed.url(`/redirect/2/${name}`))).body).toMatchObject({ duties: 1 });
    const four = await subscribe(me, feed.url(`/redirect/3/${name}`));
    expect([four.status, four.body.message]).toEqual([400, ROSTER_TEXT.urlRedirects]);
    const toRebound = await subscribe(me, feed.url(`/to?u=${encodeURIComponent(feed.url(`/roster/${name}.ics`, REBOUND_HOST))}`));
    expect([toRebound.status, toRebound.body.message]).toEqual([400, ROSTER_TEXT.urlPrivate]);
    const toLoopback = await subscribe(me, feed.url(`/to?u=${encodeURIComponent(`https://127.0.0.1:${feed.port}/roster/${name}.ics`)}`));
    expect([toLoopback.status, toLoopback.body.message]).toEqual([400, ROSTER_TEXT.urlPrivate]);
    const toHttp = await subscribe(me, feed.url(`/to?u=${encodeURIComponent(`http://roster-feed.test:${feed.port}/roster/${name}.ics`)}`));
    expect([toHttp.status, toHttp.body.message]).toEqual([400, ROSTER_TEXT.urlNotHttps]);
  });

  it('refuses an address that answers slowly, too much, with an error or with something else than a calendar', async () => {
    const me = await makeUser(app);
    feed.rosters.set('text', { status: 200, body: 'hello' });
    feed.rosters.set('broken', { status: 500, body: '' });
    const cases: [string, string][] = [
      [feed.url('/slow'), ROSTER_TEXT.urlSlow],
      [feed.url('/big'), ROSTER_TEXT.urlTooLarge],
      [feed.url('/roster/missing.ics'), `${ROSTER_TEXT.urlStatus} 404.`],
      [feed.url('/roster/broken.ics'), `${ROSTER_TEXT.urlStatus} 500.`],
      [feed.url('/roster/text.ics'), ROSTER_TEXT.notIcs],
    ];
    for (const [url, message] of cases) {
      const res = await subscribe(me, url);
      expect([url, res.status, res.body.message]).toEqual([url, 400, message]);
    }
  });

  it('is read again when due, by one instance at a time; a feed that fails keeps the last good roster and says since when', async () => {
    const a = await makeUser(app);
    const b = await makeUser(app);
    const ra = serve([dayDuty('ATL11', day(1))]);
    const rb = serve([dayDuty('ATL22', day(2))]);
    await subscribe(a, ra.url);
    await subscribe(b, rb.url);
    const hitsOf = () => [feed.hits(`/roster/${ra.name}.ics`), feed.hits(`/roster/${rb.name}.ics`)];
    expect(hitsOf()).toEqual([1, 1]);

    // Not due yet (30 minutes): nothing is read, however often instances look.
    await app.server.deps.rosterRefresh.refreshDue();
    expect(hitsOf()).toEqual([1, 1]);

    // Due: two instances looking at once read each roster once.
    const due = () =>
      sql(app.databaseUrl, "update rosters set next_fetch_at = now() - interval '1 minute' where user_id = any($1)", [
        [a.user.id, b.user.id],
      ]);
    await due();
    feed.rosters.set(ra.name, { status: 200, body: icsOf([dayDuty('ATL11', day(1)), dayDuty('ATL33', day(3))]) });
    const second = await startTestApp(feed.env, app.databaseUrl, { rosterLookup: feed.lookup });
    try {
      await Promise.all([app.server.deps.rosterRefresh.refreshDue(), second.server.deps.rosterRefresh.refreshDue()]);
    } finally {
      await second.close();
    }
    expect(hitsOf()).toEqual([2, 2]);
    expect((await a.client.get<RosterInfo>('/api/roster')).body.duties.map((d) => d.pairing)).toEqual(['ATL11', 'ATL33']);

    // The feed fails: the last good roster stays, with since when it could not be read.
    feed.rosters.set(ra.name, { status: 503, body: '' });
    await due();
    await app.server.deps.rosterRefresh.refreshDue();
    const failing = (await a.client.get<RosterInfo>('/api/roster')).body;
    expect(failing.duties.map((d) => d.pairing)).toEqual(['ATL11', 'ATL33']);
    expect(failing.failure).toBe(`${ROSTER_TEXT.urlStatus} 503.`);
    const since = failing.failingSince!;
    expect(Date.parse(since)).not.toBeNaN();
    // Failing again keeps the first failure's time.
    await due();
    await app.server.deps.rosterRefresh.refreshDue();
    expect((await a.client.get<RosterInfo>('/api/roster')).body.failingSince).toBe(since);

    // Back: read again, and no longer failing.
    feed.rosters.set(ra.name, { status: 200, body: icsOf([dayDuty('ATL44', day(4))]) });
    await due();
    await app.server.deps.rosterRefresh.refreshDue();
    const back = (await a.client.get<RosterInfo>('/api/roster')).body;
    expect(back.duties.map((d) => d.pairing)).toEqual(['ATL44']);
    expect(back.failingSince).toBeUndefined();
    // b's roster was untouched by a's trouble.
    expect((await b.client.get<RosterInfo>('/api/roster')).body.duties.map((d) => d.pairing)).toEqual(['ATL22']);
    expect(logged).not.toContain(ra.name);
  });
});

describe('GET /api/roster/check', () => {
  it('the issue’s three reasons, word for word, each naming the duty', async () => {
    const me = await makeUser(app);
    const events: TestEvent[] = [
      dayDuty('ATL1234 ATL-LAX-ATL', '2099-12-16'),
      ...[1, 2, 3, 4, 5, 6].map((n) => dayDuty(`ATL10${n}`, `2099-11-0${n}`)),
      // Times in the roster's zone: here the base's (ATL, New York), as a file of UTC times is read.
      { title: 'ATL5555', start: '20991202T180000Z', end: '20991203T030000Z' },
    ];
    await upload(me, icsOf(events));
    expect((await check(me, 'date=2099-12-16&days=1')).body).toEqual({
      ok: false,
      reasons: ['You already fly ATL1234 on Dec 16.'],
      conflicts: ['ATL1234'],
    });
    expect((await check(me, 'date=2099-11-07&days=2')).body).toEqual({
      ok: false,
      reasons: ["This would make 8 duty days in a row (your airline's limit is 6)."],
      conflicts: ['ATL106'],
    });
    expect((await check(me, 'date=2099-12-03&days=1&start=06:00&end=14:00')).body).toEqual({
      ok: false,
      reasons: ['Only 8 h of rest after ATL5555 (limit 10 h).'],
      conflicts: ['ATL5555'],
    });
    // The same trip without times has no rest to measure; a free trip is fine.
    expect((await check(me, 'date=2099-12-03&days=1')).body.ok).toBe(true);
    expect((await check(me, 'date=2099-12-20&days=3')).body).toEqual({ ok: true, reasons: [], conflicts: [] });
  });

  it('reads trip times in the roster’s own time zone', async () => {
    const me = await makeUser(app);
    // Lands 20:00 in New York (01:00 UTC the next day).
    await upload(
      me,
      icsOf([{ title: 'ATL77', start: 'TZID=America/New_York:20991210T120000', end: 'TZID=America/New_York:20991210T200000' }]),
    );
    expect((await check(me, 'date=2099-12-11&days=1&start=05:00&end=12:00')).body.reasons).toEqual([
      'Only 9 h of rest after ATL77 (limit 10 h).',
    ]);
    expect((await check(me, 'date=2099-12-11&days=1&start=06:00&end=12:00')).body.ok).toBe(true);
  });

  it('refuses a query it cannot read', async () => {
    const me = await makeUser(app);
    for (const [query, message] of <[string, string][]>[
      ['', ROSTER_TEXT.checkDate],
      ['date=16/12/2099', ROSTER_TEXT.checkDate],
      ['date=2099-02-30', ROSTER_TEXT.checkDate],
      ['date=2099-12-16&days=0', ROSTER_TEXT.checkDays],
      ['date=2099-12-16&days=31', ROSTER_TEXT.checkDays],
      ['date=2099-12-16&days=two', ROSTER_TEXT.checkDays],
      ['date=2099-12-16&days=1&start=6am&end=14:00', ROSTER_TEXT.checkTime],
      ['date=2099-12-16&days=1&start=06:00', ROSTER_TEXT.checkTime],
    ]) {
      const res = await me.client.get(`/api/roster/check?${query}`);
      expect([query, res.status, res.body.message]).toEqual([query, 400, message]);
    }
  });
});

describe('roster rules per airline (Administrator Settings)', () => {
  it('admins set each airline’s limits; the checks of that airline’s crew use them', async () => {
    const crew = await makeUser(app, { airline: 'JetBlue' });
    const admin = await makeAdmin(app);
    expect((await crew.client.get('/api/admin/roster-rules')).status).toBe(403);
    expect((await crew.client.put('/api/admin/roster-rules/JetBlue', { maxConsecutiveDays: 9, minRestHours: 12 })).status).toBe(403);

    const rules = await admin.client.get<AirlineRosterRules[]>('/api/admin/roster-rules');
    expect(rules.body.find((r) => r.airline === 'JetBlue')).toEqual({
      airline: 'JetBlue',
      maxConsecutiveDays: 6,
      minRestHours: 10,
      kindPatterns: [],
    });
    expect(rules.body).toHaveLength(8);

    await upload(crew, icsOf([1, 2, 3, 4].map((n) => dayDuty(`B6${n}0`, `2099-10-0${n}`))));
    expect((await check(crew, 'date=2099-10-05&days=1')).body.ok).toBe(true);
    const put = await admin.client.put<AirlineRosterRules>('/api/admin/roster-rules/JetBlue', { maxConsecutiveDays: 4, minRestHours: 12 });
    expect(put.body).toEqual({ airline: 'JetBlue', maxConsecutiveDays: 4, minRestHours: 12, kindPatterns: [] });
    expect((await check(crew, 'date=2099-10-05&days=1')).body.reasons).toEqual([
      "This would make 5 duty days in a row (your airline's limit is 4).",
    ]);
    expect((await crew.client.get<RosterInfo>('/api/roster')).body.limits).toEqual({ maxConsecutiveDays: 4, minRestHours: 12 });
    // Another airline keeps the defaults.
    expect((await admin.client.get<AirlineRosterRules[]>('/api/admin/roster-rules')).body.find((r) => r.airline === 'Delta')).toEqual({
      airline: 'Delta',
      maxConsecutiveDays: 6,
      minRestHours: 10,
      kindPatterns: [],
    });

    const bad = await admin.client.put('/api/admin/roster-rules/JetBlue', { maxConsecutiveDays: 0, minRestHours: 12 });
    expect([bad.status, bad.body.message]).toEqual([400, ROSTER_TEXT.limitDays]);
    const badRest = await admin.client.put('/api/admin/roster-rules/JetBlue', { maxConsecutiveDays: 5, minRestHours: 9.5 });
    expect([badRest.status, badRest.body.message]).toEqual([400, ROSTER_TEXT.limitRest]);
    expect((await admin.client.put('/api/admin/roster-rules/Pan%20Am', { maxConsecutiveDays: 5, minRestHours: 10 })).status).toBe(404);
  });
});
