import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays, pastRequest, requestBody } from './requests.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/requests', () => {
  it('creates a request and answers 201 with the TradeRequestItem', async () => {
    const { client, user } = await makeUser(app, { aircraftType: 'A320' });
    const body = requestBody({ additionalDates: [inDays(7), '', '  ', inDays(6)], notes: ' swap please ', tripDays: '3' });
    const res = await client.post('/api/requests', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: user.id,
      type: 'drop',
      date: body.date,
      additionalDates: [inDays(7), inDays(6)],
      desiredDates: [],
      routeType: 'pairing',
      route: body.route,
      reservePeriod: null,
      tripDays: 3,
      aircraftType: 'A320',
      notes: 'swap please',
      status: 'active',
      tripImages: [],
      user: { id: user.id, firstName: 'Alex', lastName: 'Crew', employeeNumber: user.employeeNumber, airline: 'Delta' },
    });
    expect(res.body.user).not.toHaveProperty('email');
    const [row] = await sql(
      app.databaseUrl,
      'select group_key, all_dates, to_char(last_date, $2) as last_date from requests where id = $1',
      [res.body.id, 'YYYY-MM-DD'],
    );
    expect(row).toEqual({ group_key: 'Delta|ATL|captain|A320', all_dates: [inDays(5), inDays(6), inDays(7)], last_date: inDays(7) });
  });

  it('stores a trade with its requested dates and a reserve period', async () => {
    const { client } = await makeUser(app);
    const res = await client.post(
      '/api/requests',
      requestBody({ type: 'trade', routeType: 'reserve_period', route: 'ignored', reservePeriod: 'R1', desiredDates: [inDays(9)] }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'trade', desiredDates: [inDays(9)], route: null, reservePeriod: 'R1' });
  });

  it.each([
    [{ date: '' }, MSG.dateRequired],
    [{ date: undefined }, MSG.dateRequired],
    [{ date: '2026-02-30' }, MSG.dateRequired],
    [{ routeType: undefined }, MSG.routeTypeRequired],
    [{ route: '  ' }, MSG.pairingRequired],
    [{ routeType: 'reserve_period', reservePeriod: '' }, MSG.reservePeriodRequired],
    [{ type: 'trade' }, MSG.tradeNeedsRequestedDate],
    [{ type: 'trade', desiredDates: ['', ' '] }, MSG.tradeNeedsRequestedDate],
    [{ tripDays: 0 }, MSG.tripDaysInvalid],
    [{ tripDays: 31 }, MSG.tripDaysInvalid],
    [{ tripDays: 2.5 }, MSG.tripDaysInvalid],
    [{ type: 'swap' }, MSG.requestTypeInvalid],
  ])('rejects %o with the spec message and stores nothing', async (override, message) => {
    const { client } = await makeUser(app);
    const res = await client.post('/api/requests', requestBody(override));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await client.get('/api/requests')).body).toEqual([]);
  });

  // Past the columns (route and reserve_period are varchar(500)) or the limits on free text: a clear 400, never a 500.
  it.each([
    [{ route: 'P'.repeat(501) }, MSG.routeTooLong],
    [{ routeType: 'reserve_period', reservePeriod: 'R'.repeat(501) }, MSG.reservePeriodTooLong],
    [{ notes: 'n'.repeat(2001) }, MSG.notesTooLong],
    [{ additionalDates: Array.from({ length: 61 }, (_, i) => inDays(10 + i)) }, MSG.tooManyDates],
    [{ notes: 'a\u0000b' }, MSG.controlCharacters],
  ])('refuses an overlong or NUL value (%#) with a clear message', async (override, message) => {
    const { client } = await makeUser(app);
    const res = await client.post('/api/requests', requestBody(override));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await client.get('/api/requests')).body).toEqual([]);
  });

  it('keeps texts at the column limit, counted in characters after trimming', async () => {
    const { client } = await makeUser(app);
    const route = '✈'.repeat(500);
    const res = await client.post('/api/requests', requestBody({ route: `  ${route}  `, notes: 'n'.repeat(2000) }));
    expect(res.status).toBe(201);
    expect(res.body.route).toBe(route);
  });

  it('accepts tripDays 30 and defaults a missing tripDays to 1', async () => {
    const { client } = await makeUser(app);
    expect((await client.post('/api/requests', requestBody({ tripDays: 30 }))).body.tripDays).toBe(30);
    expect((await client.post('/api/requests', requestBody({ tripDays: undefined }))).body.tripDays).toBe(1);
  });

  it('asks a user without a complete profile to complete it', async () => {
    const { client } = await makeUser(app, { profile: false });
    const res = await client.post('/api/requests', requestBody());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.profileIncomplete);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().post('/api/requests', requestBody())).status).toBe(401);
  });
});

describe('GET /api/requests', () => {
  it('lists only the caller’s requests, every status, by date', async () => {
    const me = await makeUser(app);
    const other = await makeUser(app);
    const late = await me.client.post('/api/requests', requestBody({ date: inDays(20) }));
    const early = await me.client.post('/api/requests', requestBody({ date: inDays(2) }));
    await other.client.post('/api/requests', requestBody());
    await sql(app.databaseUrl, "update requests set status = 'completed' where id = $1", [late.body.id]);
    const res = await me.client.get('/api/requests');
    expect(res.status).toBe(200);
    expect(res.body.map((r: TradeRequestItem) => [r.id, r.status])).toEqual([
      [early.body.id, 'active'],
      [late.body.id, 'completed'],
    ]);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().get('/api/requests')).status).toBe(401);
  });
});

describe('PUT /api/requests/{id}', () => {
  it('lets the owner edit and keeps the derived columns in step', async () => {
    const { client } = await makeUser(app);
    const created = await client.post('/api/requests', requestBody({ additionalDates: [inDays(6)] }));
    const res = await client.put(`/api/requests/${created.body.id}`, requestBody({ date: inDays(10), route: 'NEW1', additionalDates: [] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, date: inDays(10), route: 'NEW1', additionalDates: [] });
    const [row] = await sql(app.databaseUrl, 'select all_dates from requests where id = $1', [created.body.id]);
    expect(row!.all_dates).toEqual([inDays(10)]);
  });

  it('validates like create', async () => {
    const { client } = await makeUser(app);
    const created = await client.post('/api/requests', requestBody());
    const res = await client.put(`/api/requests/${created.body.id}`, requestBody({ type: 'trade' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.tradeNeedsRequestedDate);
  });

  it('is 404 for someone else’s request, a missing id and a malformed id', async () => {
    const owner = await makeUser(app);
    const other = await makeUser(app);
    const created = await owner.client.post('/api/requests', requestBody());
    for (const id of [created.body.id, 999999, 'abc']) {
      const res = await other.client.put(`/api/requests/${id}`, requestBody({ route: 'HIJACK' }));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.requestNotFound);
    }
    expect((await owner.client.get('/api/requests')).body[0].route).toBe(created.body.route);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().put('/api/requests/1', requestBody())).status).toBe(401);
  });
});

describe('DELETE /api/requests/{id}', () => {
  it('lets the owner delete', async () => {
    const { client } = await makeUser(app);
    const created = await client.post('/api/requests', requestBody());
    const res = await client.delete(`/api/requests/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Request deleted' });
    expect((await client.get('/api/requests')).body).toEqual([]);
  });

  it('is 404 for someone else’s request and keeps it', async () => {
    const owner = await makeUser(app);
    const other = await makeUser(app);
    const created = await owner.client.post('/api/requests', requestBody());
    const res = await other.client.delete(`/api/requests/${created.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.requestNotFound);
    expect((await owner.client.get('/api/requests')).body).toHaveLength(1);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().delete('/api/requests/1')).status).toBe(401);
  });
});

describe('GET /api/all-trades', () => {
  it('shows the group’s current active requests, own and others’, by date then id', async () => {
    const group = { base: 'BOS', aircraftType: 'E175' } as const;
    const me = await makeUser(app, group);
    const colleague = await makeUser(app, { ...group, firstName: 'Cora' });
    const mine = await me.client.post('/api/requests', requestBody({ date: inDays(8) }));
    const theirs = await colleague.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(3) }));
    const sameDay = await colleague.client.post('/api/requests', requestBody({ date: inDays(8) }));
    const done = await colleague.client.post('/api/requests', requestBody({ date: inDays(4) }));
    await sql(app.databaseUrl, "update requests set status = 'completed' where id = $1", [done.body.id]);
    const res = await me.client.get('/api/all-trades');
    expect(res.status).toBe(200);
    expect(res.body.map((r: TradeRequestItem) => r.id)).toEqual([theirs.body.id, mine.body.id, sameDay.body.id]);
    expect(res.body[0]).toMatchObject({ user: { firstName: 'Cora' }, tripImages: [] });
  });

  it('hides requests whose dates have all passed, but not those with a date still ahead', async () => {
    const group = { base: 'PDX' } as const;
    const me = await makeUser(app, group);
    const past = await pastRequest(app, me, { date: inDays(-3) });
    const spanning = await pastRequest(app, me, { date: inDays(-3), additionalDates: [inDays(1)] });
    const today = await me.client.post('/api/requests', requestBody({ date: inDays(0) }));
    const ids = (await me.client.get('/api/all-trades')).body.map((r: TradeRequestItem) => r.id);
    expect(ids).not.toContain(past.id);
    expect(ids).toEqual(expect.arrayContaining([spanning.id, today.body.id]));
    // Still the owner's, on their own list.
    expect((await me.client.get('/api/requests')).body.map((r: TradeRequestItem) => r.id)).toContain(past.id);
  });

  it.each([
    ['base', { base: 'DEN' }],
    ['position', { position: 'first_officer' }],
    ['airline', { airline: 'United' }],
    ['aircraft', { aircraftType: '777' }],
  ] as const)('never shows a request to crew of another %s', async (_, other) => {
    const group = { base: 'SLC' } as const;
    const poster = await makeUser(app, group);
    const outsider = await makeUser(app, { ...group, ...other });
    const created = await poster.client.post('/api/requests', requestBody());
    const ids = (await outsider.client.get('/api/all-trades')).body.map((r: TradeRequestItem) => r.id);
    expect(ids).not.toContain(created.body.id);
  });

  it('is empty for a user without a group and 401 signed out', async () => {
    const { client } = await makeUser(app, { profile: false });
    expect((await client.get('/api/all-trades')).body).toEqual([]);
    expect((await app.client().get('/api/all-trades')).status).toBe(401);
  });
});
