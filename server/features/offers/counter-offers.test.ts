// Counter-offers (docs/decisions/0045): the recipient of a pending offer answers it with another of its
// sender's trips; the original is closed for good, the counter goes the other way on the same request,
// and either side may counter again. Accepting a counter completes the trade on its terms, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { OfferItem, OfferNotificationItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { readOutbox, sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays } from '../requests/requests.fixtures.ts';
import { freshGroup, postRequest, sendOffer } from './offers.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, undefined, { poolMax: 12 });
});
afterAll(async () => {
  await app?.close();
});

const CORA_DAY = inDays(8);
const LIAM_DAY = inDays(12);
const shortDay = (iso: string) =>
  `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}`;

/** Cora's trade of OGG100, and Liam's offer of his OGG200 for it. */
async function coraAndLiam() {
  const group = freshGroup();
  const cora = await makeUser(app, { ...group, firstName: 'Cora', lastName: 'Reyes' });
  const liam = await makeUser(app, { ...group, firstName: 'Liam', lastName: 'Brennan' });
  const request = await postRequest(cora, { type: 'trade', date: CORA_DAY, route: 'OGG100', desiredDates: [LIAM_DAY, inDays(13)] });
  const offer = await sendOffer(liam, request, { requestType: 'trade', tradeDate: LIAM_DAY, offerRoute: 'OGG200', message: 'Swap?' });
  return { cora, liam, request, offer };
}

const counter = (user: SignedInUser, offerId: number, body: Record<string, unknown>) =>
  user.client.post<OfferItem>(`/api/trade-requests/${offerId}/counter`, body);

describe('POST /api/trade-requests/:id/counter', () => {
  it('answers 201 with the counter: from the recipient to the sender, pending, on the same request; the original is closed as countered', async () => {
    const { cora, liam, request, offer } = await coraAndLiam();
    const res = await counter(cora, offer.id, { tradeDate: LIAM_DAY, offerRoute: 'OGG300', message: 'Your OGG300 instead?' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fromUserId: cora.user.id,
      toUserId: liam.user.id,
      requestId: request.id,
      status: 'pending',
      counterOfId: offer.id,
      threadId: offer.id,
      tradeDate: LIAM_DAY,
      offerRoute: 'OGG300',
      requestType: 'trade',
      message: 'Your OGG300 instead?',
    });
    // The original leaves both pending lists, closed as countered; Liam now has the counter to answer.
    expect((await cora.client.get<OfferItem[]>('/api/trade-requests')).body).toEqual([]);
    expect((await liam.client.get<OfferItem[]>('/api/trade-requests')).body.map((o) => o.id)).toEqual([res.body.id]);
    expect((await cora.client.get<OfferItem[]>('/api/sent-trade-requests')).body.map((o) => o.id)).toEqual([res.body.id]);
    const finished = (await liam.client.get<OfferItem[]>('/api/user-trades')).body;
    expect(finished).toMatchObject([{ id: offer.id, status: 'closed', closedReason: 'countered' }]);
    // Liam's bell reads the counter from his side.
    const bell = (await liam.client.get<OfferNotificationItem[]>('/api/trade-request-notifications')).body;
    expect(bell[0]).toMatchObject({
      type: 'trade_request',
      title: 'New Counter-Offer',
      message: `Cora Reyes asks for your OGG300 (${shortDay(LIAM_DAY)}) instead, for their OGG100 (${shortDay(CORA_DAY)})`,
    });
    expect(
      await sql(app.databaseUrl, `select activity_type from user_activity_logs where reference_id = $1 and user_id = $2`, [
        res.body.id,
        cora.user.id,
      ]),
    ).toEqual([{ activity_type: 'trade_request_countered' }]);
  });

  it('refuses to answer the countered original: accept, decline and another counter get 409 with the reason', async () => {
    const { cora, offer } = await coraAndLiam();
    expect((await counter(cora, offer.id, { tradeDate: LIAM_DAY, offerRoute: 'OGG300' })).status).toBe(201);
    for (const status of ['accepted', 'declined']) {
      const res = await cora.client.put(`/api/trade-requests/${offer.id}`, { status });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MSG.offerCountered);
    }
    const again = await counter(cora, offer.id, { tradeDate: LIAM_DAY, offerRoute: 'OGG400' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.offerCountered);
  });

  it('a counter of a counter: Liam counters back with another trip; the thread lists all three in order', async () => {
    const { cora, liam, request, offer } = await coraAndLiam();
    const first = (await counter(cora, offer.id, { tradeDate: LIAM_DAY, offerRoute: 'OGG300' })).body;
    const back = await counter(liam, first.id, { tradeDate: inDays(13), offerRoute: 'OGG400', message: 'OGG300 is taken, OGG400?' });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({
      fromUserId: liam.user.id,
      toUserId: cora.user.id,
      requestId: request.id,
      counterOfId: first.id,
      threadId: offer.id,
      status: 'pending',
    });
    const bell = (await cora.client.get<OfferNotificationItem[]>('/api/trade-request-notifications')).body;
    expect(bell[0]!.message).toBe(
      `Liam Brennan offers their OGG400 (${shortDay(inDays(13))}) instead, for your OGG100 (${shortDay(CORA_DAY)})`,
    );
    for (const viewer of [cora, liam]) {
      const thread = await viewer.client.get<OfferItem[]>(`/api/trade-requests/${back.body.id}/thread`);
      expect(thread.status).toBe(200);
      expect(thread.body.map((o) => [o.id, o.status])).toEqual([
        [offer.id, 'closed'],
        [first.id, 'closed'],
        [back.body.id, 'pending'],
      ]);
    }
  });

  it('caps a thread at ten counters: the eleventh gets 409 with the reason, the last one can still be answered', async () => {
    const { cora, liam, offer } = await coraAndLiam();
    let current = offer;
    for (let i = 0; i < 10; i++) {
      const who = i % 2 === 0 ? cora : liam;
      const res = await counter(who, current.id, { tradeDate: inDays(20 + i), offerRoute: `OGG${500 + i}` });
      expect(res.status, res.text).toBe(201);
      current = res.body;
    }
    const refused = await counter(cora, current.id, { tradeDate: inDays(40), offerRoute: 'OGG999' });
    expect([refused.status, refused.body.message]).toEqual([409, MSG.counterTooMany]);
    expect((await liam.client.get<OfferItem[]>(`/api/trade-requests/${current.id}/thread`)).body).toHaveLength(11);
    expect((await cora.client.put(`/api/trade-requests/${current.id}`, { status: 'accepted' })).status).toBe(200);
  });

  it('five concurrent accepts of a counter complete one trade, on the counter’s date; the requests are completed', async () => {
    const { cora, liam, request, offer } = await coraAndLiam();
    const liamsTrade = await postRequest(liam, { type: 'trade', date: inDays(13), route: 'OGG300', desiredDates: [CORA_DAY] });
    const first = (await counter(cora, offer.id, { tradeDate: inDays(13), offerRoute: 'OGG300' })).body;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => liam.client.put<OfferItem>(`/api/trade-requests/${first.id}`, { status: 'accepted' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const accepted = results.find((r) => r.status === 200)!.body;
    expect(accepted).toMatchObject({ id: first.id, status: 'accepted', tradeDate: inDays(13), offerRoute: 'OGG300' });
    expect(
      await sql(app.databaseUrl, 'select count(*)::int as n from trades where request_id = $1 or matched_request_id = $1', [request.id]),
    ).toEqual([{ n: 1 }]);
    const own = (await cora.client.get<{ id: number; status: string }[]>('/api/requests')).body;
    expect(own.find((r) => r.id === request.id)?.status).toBe('completed');
    // Liam's own trade request was not the offer's: it stays on the board.
    expect(
      (await liam.client.get<{ id: number; status: string }[]>('/api/requests')).body.find((r) => r.id === liamsTrade.id)?.status,
    ).toBe('active');
    // Both are told: Cora (the counter's sender) has the answer in her bell.
    const bell = (await cora.client.get<OfferNotificationItem[]>('/api/trade-request-notifications')).body;
    expect(bell[0]).toMatchObject({ type: 'trade_response', title: 'Trade Request Accepted' });
    expect(bell[0]!.message).toContain('Liam Brennan accepted your counter-offer');
  });

  it('mails the original sender a counter-offer that names "your" trip', async () => {
    const { cora, liam, offer } = await coraAndLiam();
    await counter(cora, offer.id, { tradeDate: LIAM_DAY, offerRoute: 'OGG300', message: 'How about this one' });
    await app.server.deps.events.settled();
    await app.server.deps.outbox.idle();
    const mails = await readOutbox(app.databaseUrl, liam.email);
    const mail = mails.find((m) => /counter-offer/i.test(m.subject));
    expect(mail?.subject).toBe(
      `Counter-offer: Cora Reyes asks for your OGG300 (${shortDay(LIAM_DAY)}) instead, for their OGG100 (${shortDay(CORA_DAY)})`,
    );
    expect(mail?.html).toContain('counter-offer');
    expect(mail?.html).toContain('your OGG300');
  });

  it('validates like an offer: date required, not past, the pairing required, something different from the offer', async () => {
    const { cora, offer } = await coraAndLiam();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ offerRoute: 'OGG300' }, 400, MSG.dateRequired],
      [{ tradeDate: inDays(-3), offerRoute: 'OGG300' }, 400, 'That date has passed'],
      [{ tradeDate: LIAM_DAY }, 400, MSG.pairingRequired],
      [{ tradeDate: LIAM_DAY, offerRoute: '  ' }, 400, MSG.pairingRequired],
      [{ tradeDate: LIAM_DAY, offerRoute: 'ogg200' }, 400, MSG.counterSame],
      [{ tradeDate: 'soon', offerRoute: 'OGG300' }, 400, ''],
      [{ tradeDate: LIAM_DAY, offerRoute: 'X'.repeat(501) }, 400, MSG.routeTooLong],
      // Hostile shapes: a 4xx with a message, never a 500.
      [{ tradeDate: [LIAM_DAY], offerRoute: 'OGG300' }, 400, ''],
      [{ tradeDate: LIAM_DAY, offerRoute: { $ne: null } }, 400, ''],
      [{ tradeDate: LIAM_DAY, offerRoute: 'OGG300', message: 42 }, 400, ''],
    ];
    for (const [body, status, message] of cases) {
      const res = await counter(cora, offer.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toContain(message);
    }
    for (const raw of ['null', '[]', '"text"', '{"tradeDate":']) {
      const res = await cora.client.post(`/api/trade-requests/${offer.id}/counter`, raw, { 'content-type': 'application/json' });
      expect(res.status, raw).toBeGreaterThanOrEqual(400);
      expect(res.status, raw).toBeLessThan(500);
    }
    // Nothing was lost: the offer still waits for its answer.
    expect((await cora.client.get<OfferItem[]>('/api/trade-requests')).body.map((o) => o.id)).toEqual([offer.id]);
  });

  it('401 signed out, 403 for the sender, 404 for someone else and for an unknown id; no counter of a message', async () => {
    const { cora, liam, offer } = await coraAndLiam();
    const body = { tradeDate: LIAM_DAY, offerRoute: 'OGG300' };
    const outsider = await makeUser(app, freshGroup());
    expect((await app.client().post(`/api/trade-requests/${offer.id}/counter`, body)).status).toBe(401);
    const own = await counter(liam, offer.id, body);
    expect([own.status, own.body.message]).toEqual([403, MSG.counterOnlyRecipient]);
    expect((await counter(outsider, offer.id, body)).status).toBe(404);
    expect((await counter(cora, 999_999_999, body)).status).toBe(404);
    expect((await counter(cora, Number.NaN, body)).status).toBe(404);
    const message = await liam.client.post<OfferItem>('/api/trade-requests', { toUserId: cora.user.id, message: 'Trade sometime?' });
    expect(message.status).toBe(201);
    const refused = await counter(cora, message.body.id, body);
    expect([refused.status, refused.body.message]).toEqual([409, MSG.counterMessageOffer]);
    expect((await app.client().get(`/api/trade-requests/${offer.id}/thread`)).status).toBe(401);
    expect((await outsider.client.get(`/api/trade-requests/${offer.id}/thread`)).status).toBe(404);
  });

  it('a counter racing an accept of the same offer: exactly one of them happens', async () => {
    for (let i = 0; i < 5; i++) {
      const { cora, offer, request } = await coraAndLiam();
      const [accepted, countered] = await Promise.all([
        cora.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' }),
        counter(cora, offer.id, { tradeDate: LIAM_DAY, offerRoute: 'OGG300' }),
      ]);
      expect([accepted.status, countered.status].sort()).toEqual(accepted.status === 200 ? [200, 409] : [201, 409]);
      const trades = await sql(app.databaseUrl, 'select id from trades where request_id = $1 or matched_request_id = $1', [request.id]);
      expect(trades).toHaveLength(accepted.status === 200 ? 1 : 0);
    }
  });
});
