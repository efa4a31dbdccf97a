// Each member's own view of their chains (docs/decisions/0025): an ended chain can be dismissed from /matches and
// leaves by itself 7 days after it ended; a completed one is a trade on the Trades screen's Completed
// tab (GET /api/chains/completed) and on the dashboard, until the member removes it there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { ChainItem, DashboardStats } from '#protocol/shapes.ts';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { connectSocket, nextEvent, nextEventWhere } from '../../test/socket-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { onlyChain, postRing } from './chains.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const ids = (chains: ChainItem[]) => chains.map((c) => c.id);

describe('ended chains on /matches', () => {
  it('an open chain cannot be dismissed; an ended one can, for the caller only', async () => {
    const { a, b } = await postRing(app);
    const { id } = await onlyChain(a);
    const early = await a.client.post(`/api/chains/${id}/dismiss`);
    expect([early.status, early.body.message]).toEqual([409, MSG.chainStillOpen]);
    await b.client.post(`/api/chains/${id}/decline`);
    const res = await a.client.post(`/api/chains/${id}/dismiss`);
    expect(res.status).toBe(200);
    expect((await a.client.get('/api/chains')).body).toEqual([]);
    // Dismissing again is harmless; B still sees it.
    expect((await a.client.post(`/api/chains/${id}/dismiss`)).status).toBe(200);
    expect(ids((await b.client.get('/api/chains')).body)).toEqual([id]);
  });

  it('an ended chain leaves by itself 7 days after it ended', async () => {
    const { a, b } = await postRing(app);
    const { id } = await onlyChain(a);
    await b.client.post(`/api/chains/${id}/decline`);
    await sql(app.databaseUrl, `update trade_chains set updated_at = now() - interval '6 days 23 hours' where id = $1`, [id]);
    expect(ids((await a.client.get('/api/chains')).body)).toEqual([id]);
    await sql(app.databaseUrl, `update trade_chains set updated_at = now() - interval '7 days 1 hour' where id = $1`, [id]);
    expect((await a.client.get('/api/chains')).body).toEqual([]);
  });

  it('a stranger gets 404', async () => {
    const { a, b } = await postRing(app);
    const { id } = await onlyChain(a);
    await b.client.post(`/api/chains/${id}/decline`);
    const stranger = await makeUser(app);
    expect((await stranger.client.post(`/api/chains/${id}/dismiss`)).status).toBe(404);
    expect((await stranger.client.post(`/api/chains/${id}/hide`)).status).toBe(404);
  });
});

describe('completed chains on the Completed tab', () => {
  it('lists a completed chain for each member and counts it as one accepted trade each, until removed there', async () => {
    const { a, b, c } = await postRing(app);
    const { id } = await onlyChain(a);
    for (const u of [a, b, c]) await u.client.post(`/api/chains/${id}/accept`);
    for (const u of [a, b, c]) {
      expect(ids((await u.client.get('/api/chains/completed')).body)).toEqual([id]);
      expect((await u.client.get('/api/dashboard/stats')).body).toMatchObject({ completedTrades: 1, acceptedTrades: 1, declinedTrades: 0 });
    }
    // Dismissed from /matches (or gone after 7 days), it stays a trade done.
    await a.client.post(`/api/chains/${id}/dismiss`);
    await sql(app.databaseUrl, `update trade_chains set updated_at = now() - interval '30 days' where id = $1`, [id]);
    expect((await b.client.get('/api/chains')).body).toEqual([]);
    expect(ids((await a.client.get('/api/chains/completed')).body)).toEqual([id]);
    // Removed from A's Completed tab: gone there and from A's count (A's sockets hear it), not from B's.
    let first: Promise<unknown> | undefined;
    const socket = await connectSocket(app.url, a.client.cookieHeader, (s) => {
      first = nextEvent(s, 'badges');
    });
    await first;
    const recounted = nextEventWhere(socket, 'badges', (s: DashboardStats) => s.acceptedTrades === 0);
    expect((await a.client.post(`/api/chains/${id}/hide`)).status).toBe(200);
    expect(await recounted).toMatchObject({ completedTrades: 0, acceptedTrades: 0 });
    socket.close();
    expect((await a.client.get('/api/chains/completed')).body).toEqual([]);
    expect((await a.client.get('/api/dashboard/stats')).body).toMatchObject({ completedTrades: 0, acceptedTrades: 0 });
    expect((await b.client.get('/api/dashboard/stats')).body).toMatchObject({ completedTrades: 1, acceptedTrades: 1 });
  });

  it('a declined chain is no trade: not listed there, and cannot be removed from there', async () => {
    const { a, b } = await postRing(app);
    const { id } = await onlyChain(a);
    await b.client.post(`/api/chains/${id}/decline`);
    expect((await a.client.get('/api/chains/completed')).body).toEqual([]);
    const res = await a.client.post(`/api/chains/${id}/hide`);
    expect([res.status, res.body.message]).toEqual([409, MSG.chainNotCompleted]);
  });
});
