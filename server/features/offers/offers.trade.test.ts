// Offers sent on a match: the sender's request, what accepting completes, and the match around it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { MatchItem, OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { freshGroup, postRequest, sendOffer } from './offers.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * Olive posted a drop and Oscar a pickup of the same day: they match. Oscar opens Request Trade from
 * the match (the web moves it to trade_requested first) and offers on Olive's drop.
 */
async function matchedPair() {
  const group = freshGroup();
  const owner = await makeUser(app, { ...group, firstName: 'Olive', lastName: 'Owner' });
  const offerer = await makeUser(app, { ...group, firstName: 'Oscar', lastName: 'Offerer' });
  const drop = await postRequest(owner, { tripDays: 3 });
  const pickup = await postRequest(offerer, { type: 'pickup', date: drop.date, tripDays: 4 });
  const [match] = (await offerer.client.get<MatchItem[]>('/api/matches')).body;
  expect(match).toMatchObject({ status: 'pending', request: { id: pickup.id }, matchedRequest: { id: drop.id } });
  expect((await offerer.client.put(`/api/matches/${match!.id}/status`, { status: 'trade_requested' })).status).toBe(200);
  return { group, owner, offerer, drop, pickup, match: match! };
}

const matchStatus = async (id: number) => (await sql(app.databaseUrl, 'select status from matches where id = $1', [id]))[0]?.status;
const boardIds = async (user: SignedInUser) => (await user.client.get<TradeRequestItem[]>('/api/all-trades')).body.map((r) => r.id);

describe('an offer sent on a match', () => {
  it('names the sender’s request, and its trip days', async () => {
    const { offerer, drop, pickup } = await matchedPair();
    const offer = await sendOffer(offerer, drop);
    expect(offer).toMatchObject({
      requestId: drop.id,
      senderRequestId: pickup.id,
      senderRequest: { id: pickup.id, tripDays: 4 },
      offerTripDays: 4,
    });
  });

  it('accepting completes both requests, approves the match, writes one trades row and closes the other offers on either', async () => {
    const { group, owner, offerer, drop, pickup, match } = await matchedPair();
    const rival = await makeUser(app, { ...group, firstName: 'Rita' });
    const onPickup = await makeUser(app, group);
    const offer = await sendOffer(offerer, drop);
    const rivalOffer = await sendOffer(rival, drop);
    const pickupOffer = await sendOffer(onPickup, pickup, { requestType: 'drop' });
    const elsewhere = await sendOffer(rival, await postRequest(owner));
    expect(await boardIds(rival)).toEqual(expect.arrayContaining([drop.id, pickup.id]));

    const res = await owner.client.put<OfferItem>(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'accepted',
      request: { id: drop.id, status: 'completed' },
      senderRequest: { id: pickup.id, status: 'completed' },
    });

    expect(await matchStatus(match.id)).toBe('approved');
    const trades = await sql(
      app.databaseUrl,
      'select match_id, request_id, matched_request_id from trades where request_id = $1 or matched_request_id = $2',
      [drop.id, pickup.id],
    );
    expect(trades).toEqual([{ match_id: match.id, request_id: drop.id, matched_request_id: pickup.id }]);
    // Both trips are gone from the board; the owner's other request is not.
    const board = await boardIds(rival);
    expect(board).not.toContain(drop.id);
    expect(board).not.toContain(pickup.id);
    // The other pending offers on either request are closed (not declined: nobody did), and their senders told why; others stay.
    const statuses = await sql(app.databaseUrl, 'select id, status from trade_requests where id = any($1) order by id', [
      [rivalOffer.id, pickupOffer.id, elsewhere.id],
    ]);
    expect(statuses).toEqual([
      { id: rivalOffer.id, status: 'closed' },
      { id: pickupOffer.id, status: 'closed' },
      { id: elsewhere.id, status: 'pending' },
    ]);
    expect((await rival.client.get('/api/trade-request-notifications')).body).toMatchObject([
      {
        tradeRequestId: rivalOffer.id,
        title: 'Trade Request Closed',
        message: expect.stringMatching(/^\w+'s drop on \w{3} \d+ was filled$/),
      },
    ]);
    expect((await onPickup.client.get('/api/trade-request-notifications')).body).toMatchObject([
      { tradeRequestId: pickupOffer.id, type: 'trade_response' },
    ]);
    expect((await owner.client.get<OfferItem[]>('/api/trade-requests')).body.map((o) => o.id)).toEqual([elsewhere.id]);
    expect((await offerer.client.get<OfferItem[]>('/api/trade-requests')).body).toEqual([]);
    // Completed on both dashboards: the accepted offer counts; the closed ones count for nobody (docs/decisions/0042).
    const stats = (await offerer.client.get('/api/dashboard/stats')).body;
    expect(stats).toMatchObject({ activeRequests: 0, completedTrades: 1 });
    expect((await owner.client.get('/api/dashboard/stats')).body).toMatchObject({
      activeRequests: 1,
      pendingTrades: 1,
      completedTrades: 1,
    });
    const logs = await sql(
      app.databaseUrl,
      `select activity_type, user_id from user_activity_logs where reference_type = 'trade_request' and reference_id = any($1) and activity_type like 'trade_request_%' order by id`,
      [[offer.id, rivalOffer.id]],
    );
    expect(logs).toEqual([
      { activity_type: 'trade_request_sent', user_id: offerer.user.id },
      { activity_type: 'trade_request_sent', user_id: rival.user.id },
      { activity_type: 'trade_request_accepted', user_id: owner.user.id },
      // In the rival's name, as what happened to their offer: nobody declined it.
      { activity_type: 'trade_request_closed', user_id: rival.user.id },
    ]);
  });

  it('declining, or cancelling, opens the match again (active) so the crew can offer again', async () => {
    const { owner, offerer, drop, match } = await matchedPair();
    const offer = await sendOffer(offerer, drop);
    await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'declined' });
    expect(await matchStatus(match.id)).toBe('active');
    expect((await offerer.client.put(`/api/matches/${match.id}/status`, { status: 'trade_requested' })).status).toBe(200);
    const again = await sendOffer(offerer, drop);
    expect(again.senderRequestId).toBe(offer.senderRequestId);
    expect((await offerer.client.delete(`/api/trade-requests/${again.id}`)).status).toBe(200);
    expect(await matchStatus(match.id)).toBe('active');
  });

  it('after the sender’s request is deleted, the offer still answers and the trade has no match', async () => {
    const { owner, offerer, drop, pickup } = await matchedPair();
    const offer = await sendOffer(offerer, drop);
    await offerer.client.delete(`/api/requests/${pickup.id}`);
    const res = await owner.client.put<OfferItem>(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ senderRequestId: null, senderRequest: null, request: { status: 'completed' } });
    expect(await sql(app.databaseUrl, 'select match_id, matched_request_id from trades where request_id = $1', [drop.id])).toEqual([
      { match_id: null, matched_request_id: null },
    ]);
  });
});

describe('an offer whose request its owner deletes (docs/decisions/0019)', () => {
  it('is closed with the deletion, and accepting it then is a 409 that completes nothing', async () => {
    const { owner, offerer, drop, pickup } = await matchedPair();
    const offer = await sendOffer(offerer, drop);
    expect((await owner.client.delete(`/api/requests/${drop.id}`)).status).toBe(200);
    // Closed in the deleting transaction (nobody declined it), logged in the sender's name with the reason, the sender told in the bell.
    expect(await sql(app.databaseUrl, 'select status, closed_reason, request_id from trade_requests where id = $1', [offer.id])).toEqual([
      { status: 'closed', closed_reason: 'request_deleted', request_id: null },
    ]);
    expect(
      await sql(
        app.databaseUrl,
        `select user_id, target_user_id, metadata from user_activity_logs where activity_type in ('trade_request_declined', 'trade_request_closed') and reference_id = $1`,
        [offer.id],
      ),
    ).toEqual([{ user_id: offerer.user.id, target_user_id: owner.user.id, metadata: JSON.stringify({ reason: 'request_deleted' }) }]);
    expect((await offerer.client.get<{ tradeRequestId: number; type: string }[]>('/api/trade-request-notifications')).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ tradeRequestId: offer.id, type: 'trade_response' })]),
    );

    const accept = await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(MSG.offerRespondFailed);
    expect(await sql(app.databaseUrl, 'select status from requests where id = $1', [pickup.id])).toEqual([{ status: 'active' }]);
    expect(await sql(app.databaseUrl, 'select id from trades where matched_request_id = $1 or request_id is null', [pickup.id])).toEqual(
      [],
    );
  });

  it('an offer left pending on a deleted request (stored before this rule) cannot be accepted either', async () => {
    const { owner, offerer, drop, pickup } = await matchedPair();
    const offer = await sendOffer(offerer, drop);
    // What the foreign key alone did: the request gone, the offer still pending.
    await sql(app.databaseUrl, 'update trade_requests set request_id = null where id = $1', [offer.id]);
    const accept = await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(MSG.offerRespondFailed);
    expect(await sql(app.databaseUrl, 'select status from trade_requests where id = $1', [offer.id])).toEqual([{ status: 'pending' }]);
    expect(await sql(app.databaseUrl, 'select status from requests where id = $1', [pickup.id])).toEqual([{ status: 'active' }]);
  });

  it('a message-only offer (no request) has nothing to accept: it is dismissed, never completed', async () => {
    const { owner, offerer } = await matchedPair();
    const res = await offerer.client.post<OfferItem>('/api/trade-requests', { toUserId: owner.user.id, message: 'Swap next week?' });
    expect(res.status).toBe(201);
    const accept = await owner.client.put(`/api/trade-requests/${res.body.id}`, { status: 'accepted' });
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(MSG.offerMessageNothingToAccept);
    expect((await owner.client.put(`/api/trade-requests/${res.body.id}`, { status: 'declined' })).status).toBe(200);
  });
});
