import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchItem } from '#protocol/shapes.ts';
import { makeUser } from '../../test/factories.ts';
import { readOutbox, sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays, pastRequest, requestBody } from '../requests/requests.fixtures.ts';
import { waitFor } from '../../test/wait-for.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

let groupSeq = 0;
/** A base of its own per test, so no test sees another's requests. */
const freshGroup = () => ({ base: `M${(groupSeq++).toString(36).toUpperCase()}` });
const matchesOfRequest = (id: number) =>
  sql<{ id: number; request_id: number; matched_request_id: number }>(
    app.databaseUrl,
    'select id, request_id, matched_request_id from matches where request_id = $1 or matched_request_id = $1',
    [id],
  );

describe('matching on create', () => {
  it('matches a drop with a pickup of a colleague on a shared date, lower request id first', async () => {
    const group = freshGroup();
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    const drop = await a.client.post('/api/requests', requestBody({ date: inDays(4), additionalDates: [inDays(5)] }));
    const pickup = await b.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(5) }));
    expect(await matchesOfRequest(drop.body.id)).toEqual([
      expect.objectContaining({ request_id: drop.body.id, matched_request_id: pickup.body.id }),
    ]);
    const seenByA: MatchItem[] = (await a.client.get('/api/matches')).body;
    expect(seenByA).toHaveLength(1);
    expect(seenByA[0]).toMatchObject({ status: 'pending', request: { id: drop.body.id }, matchedRequest: { id: pickup.body.id } });
  });

  it('matches trades whose dates and requested dates meet both ways, and not one way', async () => {
    const group = freshGroup();
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    const c = await makeUser(app, group);
    const ta = await a.client.post('/api/requests', requestBody({ type: 'trade', date: inDays(4), desiredDates: [inDays(6)] }));
    const oneWay = await c.client.post('/api/requests', requestBody({ type: 'trade', date: inDays(6), desiredDates: [inDays(9)] }));
    const tb = await b.client.post('/api/requests', requestBody({ type: 'trade', date: inDays(6), desiredDates: [inDays(4)] }));
    const pairs = await matchesOfRequest(ta.body.id);
    expect(pairs.map((m) => [m.request_id, m.matched_request_id])).toEqual([[ta.body.id, tb.body.id]]);
    expect(await matchesOfRequest(oneWay.body.id)).toEqual([]);
  });

  it('never matches the same user, another route type, or the same type', async () => {
    const group = freshGroup();
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    const drop = await a.client.post('/api/requests', requestBody());
    await a.client.post('/api/requests', requestBody({ type: 'pickup' }));
    await b.client.post('/api/requests', requestBody({ type: 'pickup', routeType: 'reserve_period', reservePeriod: 'R1' }));
    await b.client.post('/api/requests', requestBody({ type: 'drop' }));
    expect(await matchesOfRequest(drop.body.id)).toEqual([]);
  });

  it.each([
    ['base', { base: 'ZZA' }],
    ['position', { position: 'flight_attendant' }],
    ['airline', { airline: 'Alaska' }],
    ['aircraft', { aircraftType: 'CRJ' }],
  ] as const)('never matches crew of another %s', async (_, other) => {
    const group = freshGroup();
    const a = await makeUser(app, group);
    const b = await makeUser(app, { ...group, ...other });
    const drop = await a.client.post('/api/requests', requestBody());
    await b.client.post('/api/requests', requestBody({ type: 'pickup' }));
    expect(await matchesOfRequest(drop.body.id)).toEqual([]);
    expect((await b.client.get('/api/matches')).body).toEqual([]);
  });

  it('a request whose first day has passed still matches on its days ahead; a day that is over cannot be posted', async () => {
    const group = freshGroup();
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    // a's drop was posted for two days, the first of which has passed since.
    const old = await pastRequest(app, a, { date: inDays(-2), additionalDates: [inDays(4)] });
    // No one can post for a day that is over (issue 39): that door is shut.
    expect((await b.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(-2) }))).status).toBe(400);
    const ahead = await b.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(4) }));
    expect(ahead.status).toBe(201);
    expect(await matchesOfRequest(old.id)).toHaveLength(1);
  });
});

describe('matching on edit', () => {
  it('creates the new match when the date moves, and never a second one for the same pair', async () => {
    const group = freshGroup();
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    const pickup = await b.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(10) }));
    const drop = await a.client.post('/api/requests', requestBody({ date: inDays(3) }));
    expect(await matchesOfRequest(drop.body.id)).toEqual([]);
    const edited = await a.client.put(`/api/requests/${drop.body.id}`, requestBody({ date: inDays(10) }));
    expect(edited.status).toBe(200);
    expect(await matchesOfRequest(drop.body.id)).toHaveLength(1);
    // The same pair again, from either side: still one match.
    await a.client.put(`/api/requests/${drop.body.id}`, requestBody({ date: inDays(10), notes: 'again' }));
    await b.client.put(`/api/requests/${pickup.body.id}`, requestBody({ type: 'pickup', date: inDays(10), notes: 'again' }));
    expect(await matchesOfRequest(drop.body.id)).toHaveLength(1);
  });
});

describe('concurrency', () => {
  it('two colleagues posting matching requests at the same moment end with exactly one match', async () => {
    for (let round = 0; round < 5; round++) {
      const group = freshGroup();
      const a = await makeUser(app, group);
      const b = await makeUser(app, group);
      const [ra, rb] = await Promise.all([
        a.client.post('/api/requests', requestBody({ date: inDays(7) })),
        b.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(7) })),
      ]);
      expect([ra.status, rb.status]).toEqual([201, 201]);
      expect(await matchesOfRequest(ra.body.id)).toHaveLength(1);
      expect(await matchesOfRequest(rb.body.id)).toHaveLength(1);
    }
  });
});

describe('after a match', () => {
  it('mails both users from the template and logs match_created and email_sent', async () => {
    const group = freshGroup();
    const a = await makeUser(app, { ...group, firstName: 'Ada' });
    const b = await makeUser(app, { ...group, firstName: 'Bo' });
    await a.client.post('/api/requests', requestBody({ date: '2099-03-04', route: 'ATL123' }));
    const pickup = await b.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-03-04', route: 'ANY' }));
    const [matchId] = (await matchesOfRequest(pickup.body.id)).map((m) => m.id);
    const mailA = await waitFor(async () => (await readOutbox(app.databaseUrl, a.email))[0]);
    const mailB = await waitFor(async () => (await readOutbox(app.databaseUrl, b.email))[0]);
    expect(mailA?.subject).toBe('New match: Bo Crew fits your drop on Mar 4, 2099');
    expect(mailA?.html).toContain(`#${b.user.employeeNumber}, Captain at ${group.base}`);
    expect(mailB?.subject).toBe('New match: Ada Crew fits your pick up on Mar 4, 2099');

    const logs = await waitFor(async () => {
      const rows = await sql(
        app.databaseUrl,
        `select user_id, activity_type, target_user_id, reference_type, email_type, email_sent, email_recipient
         from user_activity_logs where reference_id = $1 order by activity_type, user_id`,
        [matchId],
      );
      return rows.length === 4 ? rows : undefined;
    });
    const [lo, hi] = [a.user.id, b.user.id].sort((x, y) => x - y);
    const other = (id: number) => (id === a.user.id ? b.user.id : a.user.id);
    const emailOf = (id: number) => (id === a.user.id ? a.email : b.email);
    expect(logs).toEqual([
      ...[lo!, hi!].map((id) => ({
        user_id: id,
        activity_type: 'email_sent',
        target_user_id: other(id),
        reference_type: 'match',
        email_type: 'match_notification',
        email_sent: true,
        email_recipient: emailOf(id),
      })),
      ...[lo!, hi!].map((id) => ({
        user_id: id,
        activity_type: 'match_created',
        target_user_id: other(id),
        reference_type: 'match',
        email_type: null,
        email_sent: null,
        email_recipient: null,
      })),
    ]);
  });

  it('sends no mail to a user who turned e-mail notifications off', async () => {
    const group = freshGroup();
    const quiet = await makeUser(app, { ...group, emailNotifications: false });
    const loud = await makeUser(app, group);
    await quiet.client.post('/api/requests', requestBody({ date: inDays(12) }));
    await loud.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(12) }));
    expect(await waitFor(async () => (await readOutbox(app.databaseUrl, loud.email)).length)).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(await readOutbox(app.databaseUrl, quiet.email)).toEqual([]);
    const sent = await sql(app.databaseUrl, "select user_id from user_activity_logs where activity_type = 'email_sent' and user_id = $1", [
      quiet.user.id,
    ]);
    expect(sent).toEqual([]);
  });

  it('deleting a request removes its matches', async () => {
    const group = freshGroup();
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    const drop = await a.client.post('/api/requests', requestBody());
    await b.client.post('/api/requests', requestBody({ type: 'pickup' }));
    expect(await matchesOfRequest(drop.body.id)).toHaveLength(1);
    await a.client.delete(`/api/requests/${drop.body.id}`);
    expect(await matchesOfRequest(drop.body.id)).toEqual([]);
    expect((await b.client.get('/api/matches')).body).toEqual([]);
  });
});
