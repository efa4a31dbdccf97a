import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { requestBody } from '../requests/requests.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/dashboard/stats', () => {
  it('counts the caller’s requests, matches, offers, notifications and unread messages', async () => {
    const group = { base: 'DSH' };
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    const empty = await a.client.get('/api/dashboard/stats');
    expect(empty.body).toEqual({
      activeRequests: 0,
      pendingMatches: 0,
      pendingTrades: 0,
      completedTrades: 0,
      acceptedTrades: 0,
      declinedTrades: 0,
      unacknowledgedNotifications: 0,
      unreadMessages: 0,
    });

    const drop = await a.client.post('/api/requests', requestBody());
    await a.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-05-05' }));
    await b.client.post('/api/requests', requestBody({ type: 'pickup', date: drop.body.date }));
    await b.client.post('/api/requests', requestBody({ type: 'pickup', date: drop.body.date, route: 'TWO' }));
    const [first] = (await a.client.get('/api/matches')).body;
    await a.client.post('/api/notifications/acknowledge', { matchId: first.id });
    // Offers and messages belong to other features: arranged directly (one pending message-only
    // offer per pair at most, so one of b's two is on a's drop).
    const [ua, ub] = [a.user.id, b.user.id];
    await sql(
      app.databaseUrl,
      `insert into trade_requests (from_user_id, to_user_id, status, offer_route) values ($2, $1, 'pending', 'P'), ($2, $1, 'pending', 'P'),
         ($1, $2, 'pending', 'P'), ($1, $2, 'accepted', 'P'), ($2, $1, 'declined', 'P'), ($2, $1, 'accepted', 'P'),
         ($2, $1, 'declined', null)`,
      [ua, ub],
    );
    // The last one a dismissed message asking to trade (no request, nothing offered): no trade, counted nowhere.
    // A completed three-way chain counts as one accepted trade for each member, until they remove it.
    const chains = await sql(
      app.databaseUrl,
      `insert into trade_chains (group_key, route_type, cycle_key, status) values ('g', 'pairing', 'dsh-1', 'completed'),
         ('g', 'pairing', 'dsh-2', 'completed'), ('g', 'pairing', 'dsh-3', 'declined') returning id`,
    );
    await sql(
      app.databaseUrl,
      `insert into trade_chain_members (chain_id, position, user_id, decision, hidden_at)
         values ($1, 0, $4, 'accepted', null), ($2, 0, $4, 'accepted', now()), ($3, 0, $4, 'declined', null)`,
      [...chains.map((c) => c.id), ua],
    );
    const [hidden] = await sql(app.databaseUrl, "select id from trade_requests where to_user_id = $1 and status = 'accepted'", [ua]);
    await sql(app.databaseUrl, 'insert into trade_hidden_by_user (user_id, trade_request_id) values ($1, $2)', [ua, hidden!.id]);
    await sql(
      app.databaseUrl,
      `insert into messages (from_user_id, to_user_id, content, is_read) values ($2, $1, 'hi', false), ($2, $1, 'hi', true), ($1, $2, 'yo', false)`,
      [ua, ub],
    );

    const res = await a.client.get('/api/dashboard/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      activeRequests: 2,
      pendingMatches: 2,
      pendingTrades: 2,
      // On the Completed tab: one accepted offer (the other was removed), one declined, one chain.
      completedTrades: 3,
      acceptedTrades: 2,
      declinedTrades: 1,
      unacknowledgedNotifications: 1,
      unreadMessages: 1,
    });
    expect((await a.client.get('/api/notifications')).body).toHaveLength(1);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().get('/api/dashboard/stats')).status).toBe(401);
  });
});
