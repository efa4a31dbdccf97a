// Real-looking rosters through the API (fixtures/rosters, their facts in expected.ts): what
// GET /api/roster/check answers on chosen days, with the app's clock where the fixtures' months
// are still ahead. And the reader's limits: a file built to stall it answers in time, and every
// other crew member's request goes on meanwhile.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER_TEXT, type RosterCheck, type RosterInfo, type RosterSaved } from '#protocol/roster.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { sql } from '../../test/outbox.ts';
import { icsOf } from './roster.fixtures.ts';

const NOW = new Date('2026-12-01T12:00:00Z');
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, undefined, { rosterClock: () => NOW });
});
afterAll(async () => {
  await app?.close();
});

const fixture = (file: string) => readFileSync(new URL(`./fixtures/rosters/${file}`, import.meta.url));
function upload(user: SignedInUser, body: Uint8Array | string) {
  const form = new FormData();
  form.append('file', new Blob([body as Uint8Array<ArrayBuffer>], { type: 'text/calendar' }), 'roster.ics');
  return user.client.post<RosterSaved>('/api/roster', form);
}
const check = async (user: SignedInUser, query: string) => (await user.client.get<RosterCheck>(`/api/roster/check?${query}`)).body;
async function crewWith(file: string, base = 'ATL') {
  const user = await makeUser(app, { base });
  const saved = await upload(user, fixture(file));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return user;
}

describe('rosters as airlines write them, checked on chosen days', () => {
  it('a European export: days off never conflict, days in a row count duties only, rest after a late landing in Berlin time', async () => {
    const crew = await crewWith('eurowings-style.ics');
    // Dec 7 is a Free Day between 5 duty days and 6: a trip there makes 6, the limit.
    expect(await check(crew, 'date=2026-12-07&days=1')).toEqual({ ok: true, reasons: [], conflicts: [] });
    // Dec 8 (a Free Day too) joins the next 6 (Dec 9-14): 7. Counting days off would make it 14.
    expect((await check(crew, 'date=2026-12-08&days=1')).reasons).toEqual([
      "This would make 7 duty days in a row (your airline's limit is 6).",
    ]);
    // EW9447 lands 23:40 in Cologne on Dec 11; a report at 07:00 Berlin on Dec 12 leaves 7 h 20 min.
    expect((await check(crew, 'date=2026-12-12&days=1&start=07:00&end=12:00')).reasons).toContain(
      'Only 7.3 h of rest after EW9447 (limit 10 h).',
    );
    // The leave (Jan 8-21) is no duty: a trip on it conflicts with nothing.
    expect((await check(crew, 'date=2027-01-12&days=1')).ok).toBe(true);
  });

  it('UTC times read in Johannesburg: the run of Feb 19-25 is seven days there (six in UTC)', async () => {
    const crew = await crewWith('saa-style.ics', 'JNB');
    expect((await check(crew, 'date=2027-02-26&days=1')).reasons).toEqual([
      "This would make 8 duty days in a row (your airline's limit is 6).",
    ]);
    expect(await check(crew, 'date=2027-02-27&days=1')).toEqual({ ok: true, reasons: [], conflicts: [] });
  });

  it('floating shift times read in Hong Kong (X-WR-TIMEZONE), whatever the base', async () => {
    const crew = await crewWith('hk-shift-floating.ics', 'ATL');
    // A1 ends 15:00 HKT on Dec 9; a report at 00:30 HKT on Dec 10 (a day off) is 9.5 h later.
    expect((await check(crew, 'date=2026-12-10&days=1&start=00:30&end=06:00')).reasons).toEqual([
      'Only 9.5 h of rest after A1 0600-1500 (limit 10 h).',
    ]);
    // The timed "OFF" of Dec 23 is a day off, not a duty.
    expect(await check(crew, 'date=2026-12-23&days=1')).toEqual({ ok: true, reasons: [], conflicts: [] });
    expect((await check(crew, 'date=2026-12-13&days=1')).reasons).toEqual(['You already fly P1 1400-2300 on Dec 13.']);
  });

  it('Outlook with Windows zones, and a file whose zone is only named', async () => {
    const crew = await crewWith('outlook-windows-zones.ics');
    expect((await check(crew, 'date=2027-03-12&days=1')).reasons).toEqual([
      "This would make 7 duty days in a row (your airline's limit is 6).",
    ]);
    const pacific = await crewWith('outlook-windows-zone-no-vtimezone.ics');
    // "Pacific Standard Time" with no VTIMEZONE: UA1541 lands 13:05 in San Francisco; 22:00 there is 8 h 55 min later.
    expect((await check(pacific, 'date=2027-03-08&days=1&start=22:00&end=23:30')).reasons).toContain(
      'Only 8.9 h of rest after UA1541 (limit 10 h).',
    );
  });

  it('a partly broken file: the rest kept, the answer naming what was skipped and where', async () => {
    const crew = await makeUser(app);
    const saved = await upload(crew, fixture('partly-broken.ics'));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ skipped: 3 });
    expect(saved.body.message).toMatch(/^Roster saved: \d+ duties, \d+ days off or leave, 3 events skipped \(line 108: unreadable date\)$/);
  });

  it('UTF-16 and Latin-1 files keep their letters', async () => {
    for (const file of ['utf16.ics', 'latin1.ics', 'cr-only.ics']) {
      const crew = await crewWith(file);
      const titles = (await crew.client.get<RosterInfo>('/api/roster')).body.duties.map((d) => d.title);
      expect(
        titles.some((t) => t.includes('Köln')),
        `${file}: ${titles.join(', ')}`,
      ).toBe(true);
      expect(titles.join('')).not.toContain('\uFFFD');
    }
  });
});

describe('duty kinds', () => {
  it('days off and leave are listed as such; a crew member sets one event’s kind, kept across a new upload', async () => {
    const crew = await crewWith('eurowings-style.ics');
    const info = (await crew.client.get<RosterInfo>('/api/roster')).body;
    const freeDay = info.duties.find((d) => d.title === 'Free Day' && d.startDay === '2026-12-08')!;
    expect(freeDay.kind).toBe('off');
    expect(info.duties.find((d) => d.title.startsWith('EW9440'))?.kind).toBe('flight');
    expect(new Set(info.duties.map((d) => d.kind))).toEqual(new Set(['off', 'flight', 'reserve', 'training', 'leave']));

    // "This Free Day is really a standby": it now conflicts, and the run counts it.
    const set = await crew.client.put<RosterInfo>('/api/roster/kinds', { uid: freeDay.uid, kind: 'reserve' });
    expect(set.status).toBe(200);
    expect(set.body.duties.find((d) => d.uid === freeDay.uid)).toMatchObject({ kind: 'reserve', kindByYou: true });
    expect((await check(crew, 'date=2026-12-08&days=1')).reasons[0]).toBe('You already have Free Day on Dec 8.');

    // Read again from the same file: the kind stays by UID.
    expect((await upload(crew, fixture('eurowings-style.ics'))).status).toBe(200);
    expect((await crew.client.get<RosterInfo>('/api/roster')).body.duties.find((d) => d.uid === freeDay.uid)?.kind).toBe('reserve');

    // Back to automatic.
    const back = await crew.client.put<RosterInfo>('/api/roster/kinds', { uid: freeDay.uid, kind: null });
    expect(back.body.duties.find((d) => d.uid === freeDay.uid)).toMatchObject({ kind: 'off' });
    expect(back.body.duties.find((d) => d.uid === freeDay.uid)?.kindByYou).toBeUndefined();
  });

  it('refuses an unknown kind or event, and never reaches another crew member’s roster', async () => {
    const crew = await crewWith('eurowings-style.ics');
    const uid = (await crew.client.get<RosterInfo>('/api/roster')).body.duties[0]!.uid;
    const bad = await crew.client.put('/api/roster/kinds', { uid, kind: 'nap' });
    expect([bad.status, bad.body.message]).toEqual([400, ROSTER_TEXT.kindUnknown]);
    const unknown = await crew.client.put('/api/roster/kinds', { uid: 'nope@nowhere', kind: 'off' });
    expect([unknown.status, unknown.body.message]).toEqual([404, ROSTER_TEXT.kindEventUnknown]);
    const missing = await crew.client.put('/api/roster/kinds', { kind: 'off' });
    expect([missing.status, missing.body.message]).toEqual([400, ROSTER_TEXT.kindEventUnknown]);
    const other = await makeUser(app);
    expect((await other.client.put('/api/roster/kinds', { uid, kind: 'off' })).status).toBe(404);
    expect((await app.client().put('/api/roster/kinds', { uid, kind: 'off' })).status).toBe(401);
  });

  it('a UID that is also a name every object has (constructor, toString, __proto__) is an event like any other', async () => {
    const crew = await makeUser(app);
    const uids = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    const text = uids.reduce(
      (ics, uid, i) => ics.replace(`UID:duty-${i}@roster.test`, `UID:${uid}`),
      icsOf(uids.map((_, i) => ({ title: `EW${i + 1}`, start: `2026120${i + 2}T080000Z`, end: `2026120${i + 2}T100000Z` }))),
    );
    expect((await upload(crew, text)).status).toBe(200);
    const read = (await crew.client.get<RosterInfo>('/api/roster')).body.duties;
    expect(read.map((d) => [d.uid, d.kind, d.kindByYou])).toEqual(uids.map((uid) => [uid, 'flight', undefined]));
    expect((await check(crew, 'date=2026-12-02&days=1')).reasons).toEqual(['You already fly EW1 on Dec 2.']);
    const set = await crew.client.put<RosterInfo>('/api/roster/kinds', { uid: 'toString', kind: 'off' });
    expect(set.body.duties.map((d) => [d.uid, d.kind])).toEqual([
      ['constructor', 'flight'],
      ['toString', 'off'],
      ['__proto__', 'flight'],
      ['hasOwnProperty', 'flight'],
    ]);
  });

  it('at most 500 kinds by hand; kinds of events no longer on the roster give their place up', async () => {
    const crew = await makeUser(app);
    const events = Array.from({ length: 501 }, (_, i) => ({ title: `EW${i}`, start: `20261210T${String(i % 24).padStart(2, '0')}0000Z` }));
    expect((await upload(crew, icsOf(events))).status).toBe(200);
    const set = (uid: string, kind: 'off' | null = 'off') => crew.client.put<RosterInfo>('/api/roster/kinds', { uid, kind });
    const own = (uids: string[]) =>
      sql(
        app.databaseUrl,
        `update rosters set kind_overrides = (select jsonb_object_agg(u, 'off') from unnest($1::text[]) u) where user_id = $2`,
        [uids, crew.user.id],
      );
    // 500 of the roster's own events set by hand: the 501st is refused, one set back makes room.
    await own(Array.from({ length: 500 }, (_, i) => `duty-${i}@roster.test`));
    const refused = await set('duty-500@roster.test');
    expect([refused.status, (refused.body as unknown as { message: string }).message]).toEqual([400, ROSTER_TEXT.kindTooMany]);
    expect((await set('duty-0@roster.test', null)).status).toBe(200);
    expect((await set('duty-500@roster.test')).status).toBe(200);
    // 500 set on events an earlier roster had, which cannot be set back now: they make room themselves.
    await own(Array.from({ length: 500 }, (_, i) => `gone-${i}@old.roster`));
    const saved = await set('duty-500@roster.test');
    expect(saved.status).toBe(200);
    expect(saved.body.duties.filter((d) => d.kindByYou).map((d) => d.uid)).toEqual(['duty-500@roster.test']);
    const [stored] = await sql<{ n: number }>(
      app.databaseUrl,
      `select count(*)::int as n from rosters, jsonb_object_keys(kind_overrides) where user_id = $1`,
      [crew.user.id],
    );
    expect(stored?.n).toBe(1);
  });

  it('an airline’s own codes, set by its admin, apply to its crew at once', async () => {
    const crew = await makeUser(app, { airline: 'Frontier' });
    await upload(crew, icsOf([{ title: 'FRD', start: 'TZID=America/Denver:20261210T000000', end: 'TZID=America/Denver:20261211T000000' }]));
    expect((await check(crew, 'date=2026-12-10&days=1')).reasons).toEqual(['You already fly FRD on Dec 10.']);
    const admin = await makeAdmin(app);
    const put = await admin.client.put('/api/admin/roster-rules/Frontier', {
      maxConsecutiveDays: 6,
      minRestHours: 10,
      kindPatterns: [{ pattern: 'FRD', kind: 'off' }],
    });
    expect(put.status).toBe(200);
    expect(put.body.kindPatterns).toEqual([{ pattern: 'FRD', kind: 'off' }]);
    expect(await check(crew, 'date=2026-12-10&days=1')).toEqual({ ok: true, reasons: [], conflicts: [] });
    const bad = await admin.client.put('/api/admin/roster-rules/Frontier', {
      maxConsecutiveDays: 6,
      minRestHours: 10,
      kindPatterns: [{ pattern: '', kind: 'off' }],
    });
    expect([bad.status, bad.body.message]).toEqual([400, ROSTER_TEXT.patternInvalid]);
    const many = Array.from({ length: 101 }, (_, i) => ({ pattern: `C${i}`, kind: 'off' }));
    const tooMany = await admin.client.put('/api/admin/roster-rules/Frontier', {
      maxConsecutiveDays: 6,
      minRestHours: 10,
      kindPatterns: many,
    });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, ROSTER_TEXT.patternsTooMany]);
    // Limits alone leave the codes as they are.
    await admin.client.put('/api/admin/roster-rules/Frontier', { maxConsecutiveDays: 5, minRestHours: 10 });
    expect((await check(crew, 'date=2026-12-10&days=1')).ok).toBe(true);
  });
});

describe('files built to stall the reader', () => {
  it('the issue’s 425-byte rule and an endless SECONDLY answer 4xx with a reason', async () => {
    const crew = await makeUser(app);
    const bomb = await upload(crew, fixture('bomb-bysetpos.ics'));
    expect(bomb.status).toBeGreaterThanOrEqual(400);
    expect(bomb.status).toBeLessThan(500);
    const secondly = await upload(crew, fixture('secondly.ics'));
    expect([secondly.status, secondly.body.message]).toEqual([
      400,
      `${ROSTER_TEXT.nothingReadable} Line 9: repeats more often than once an hour.`,
    ]);
    expect(readFileSync(new URL('./fixtures/rosters/secondly.ics', import.meta.url), 'utf8').split(/\r\n/)[8]).toMatch(
      /^RRULE:FREQ=SECONDLY/,
    );
  });

  it('2,000 leaves running for years are counted without holding every other crew member’s requests', async () => {
    const crew = await makeUser(app);
    const leaves = Array.from({ length: 2_000 }, (_, i) => ({
      title: 'Leave',
      start: `VALUE=DATE:202612${String((i % 28) + 1).padStart(2, '0')}`,
      end: `VALUE=DATE:2100${String((i % 12) + 1).padStart(2, '0')}01`,
    }));
    // The app answers on this process's event loop: how long it was ever held is how long every request waited.
    const held = monitorEventLoopDelay({ resolution: 10 });
    held.enable();
    const saved = await upload(crew, icsOf(leaves));
    held.disable();
    expect([saved.status, saved.body.message]).toEqual([200, 'Roster saved: 0 duties, 427 days off or leave']);
    expect(held.max / 1e6).toBeLessThan(200);
  });

  it('a rule that never yields is given up within 5 s, while another crew member is answered within 200 ms', async () => {
    const crew = await makeUser(app);
    const other = await makeUser(app);
    // No February 30th ever comes: the rule's iterator searches without end.
    const endless = icsOf([{ title: 'B', start: '20261201T000000Z', extra: 'RRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30' }]);
    const started = Date.now();
    const pending = upload(crew, endless);
    const slowest = { ms: 0 };
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const t = Date.now();
      expect((await other.client.get('/api/auth/user')).status).toBe(200);
      slowest.ms = Math.max(slowest.ms, Date.now() - t);
    }
    const answer = await pending;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect([answer.status, answer.body.message]).toEqual([422, ROSTER_TEXT.tooComplex]);
    expect(slowest.ms).toBeLessThan(200);
    // The reader works again for the next file.
    expect((await upload(crew, fixture('latin1.ics'))).status).toBe(200);
  });
});
