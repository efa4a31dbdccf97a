// Offers sent on a match: the sender's request, what accepting completes, and the match around it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('accepting completes both requests, approves the match, writes one trades row and declines the other offers on either', async () => {
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
    // The other pending offers on either request are declined, and their senders told so; others stay.
    const statuses = await sql(app.databaseUrl, 'select id, status from trade_requests where id = any($1) order by id', [
      [rivalOffer.id, pickupOffer.id, elsewhere.id],
    ]);
    expect(statuses).toEqual([
      { id: rivalOffer.id, status: 'declined' },
      { id: pickupOffer.id, status: 'declined' },
      { id: elsewhere.id, status: 'pending' },
    ]);
    expect((await rival.client.get('/api/trade-request-notifications')).body).toMatchObject([
      { tradeRequestId: rivalOffer.id, title: 'Trade Request Declined' },
    ]);
    expect((await onPickup.client.get('/api/trade-request-notifications')).body).toMatchObject([
      { tradeRequestId: pickupOffer.id, type: 'trade_response' },
    ]);
    expect((await owner.client.get<OfferItem[]>('/api/trade-requests')).body.map((o) => o.id)).toEqual([elsewhere.id]);
    expect((await offerer.client.get<OfferItem[]>('/api/trade-requests')).body).toEqual([]);
    // Completed on both dashboards; the answered offers in everyone's Completed tab.
    const stats = (await offerer.client.get('/api/dashboard/stats')).body;
    expect(stats).toMatchObject({ activeRequests: 0, completedTrades: 2 });
    expect((await owner.client.get('/api/dashboard/stats')).body).toMatchObject({
      activeRequests: 1,
      pendingTrades: 1,
      completedTrades: 2,
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
      { activity_type: 'trade_request_declined', user_id: owner.user.id },
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
