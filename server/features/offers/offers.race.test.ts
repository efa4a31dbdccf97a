// Races the conditional update and the lock order must decide: exactly one outcome, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { offerBody, ownerAndOfferer, postRequest, sendOffer } from './offers.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  // More connections than the default test pool, so the racers really run side by side.
  app = await startTestApp({}, undefined, { poolMax: 12 });
});
afterAll(async () => {
  await app?.close();
});

const tradesOf = (requestId: number) => sql(app.databaseUrl, 'select id from trades where request_id = $1', [requestId]);
const statusOf = async (offerId: number) =>
  (await sql(app.databaseUrl, 'select status from trade_requests where id = $1', [offerId]))[0]?.status;

describe('offer races', () => {
  it('20 concurrent accepts of one offer: one 200, 409 for the rest, one trades row', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await tradesOf(request.id)).toHaveLength(1);
    expect(
      await sql(
        app.databaseUrl,
        `select count(*)::int as n from user_activity_logs where activity_type = 'trade_request_accepted' and reference_id = $1`,
        [offer.id],
      ),
    ).toEqual([{ n: 1 }]);
    expect(
      await sql(
        app.databaseUrl,
        `select count(*)::int as n from trade_request_notifications where type = 'trade_response' and trade_request_id = $1`,
        [offer.id],
      ),
    ).toEqual([{ n: 1 }]);
  });

  it('accept racing cancel, 10 times: each ends with exactly one of them', async () => {
    for (let i = 0; i < 10; i++) {
      const { owner, offerer, request } = await ownerAndOfferer(app);
      const offer = await sendOffer(offerer, request);
      const [accept, cancel] = await Promise.all([
        owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' }),
        offerer.client.delete(`/api/trade-requests/${offer.id}`),
      ]);
      const status = await statusOf(offer.id);
      if (accept.status === 200) {
        // The cancel came second: the offer was no longer pending, so it only left the sender's view.
        expect(status).toBe('accepted');
        expect(cancel.status).toBe(200);
        expect(await tradesOf(request.id)).toHaveLength(1);
      } else {
        expect(accept.status).toBe(404);
        expect(cancel.status).toBe(200);
        expect(status).toBeUndefined();
        expect(await tradesOf(request.id)).toHaveLength(0);
        expect((await owner.client.get(`/api/requests`)).body).toMatchObject([{ id: request.id, status: 'active' }]);
      }
    }
  });

  it('accept racing the deletion of the offer’s request, 10 times: the trade happens with its request, or not at all (docs/decisions/0019)', async () => {
    for (let i = 0; i < 10; i++) {
      const { owner, offerer, request } = await ownerAndOfferer(app);
      // The offerer's pickup matches the drop: the offer comes from it, and an accept would complete it.
      const pickup = await postRequest(offerer, { type: 'pickup', date: request.date });
      const offer = await sendOffer(offerer, request);
      expect(offer.senderRequestId).toBe(pickup.id);
      const [accept, remove] = await Promise.all([
        owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' }),
        owner.client.delete(`/api/requests/${request.id}`),
      ]);
      expect(remove.status).toBe(200);
      const pickupStatus = (await sql(app.databaseUrl, 'select status from requests where id = $1', [pickup.id]))[0]?.status;
      const trades = await sql(app.databaseUrl, 'select request_id from trades where matched_request_id = $1', [pickup.id]);
      if (accept.status === 200) {
        // The accept came first: the trade was made on the request, which its owner then deleted.
        expect(await statusOf(offer.id)).toBe('accepted');
        expect(pickupStatus).toBe('completed');
        expect(trades).toHaveLength(1);
      } else {
        expect(accept.status).toBe(409);
        expect(accept.body.message).toBe(MSG.offerRespondFailed);
        // Closed by the deletion, not declined by anyone (docs/decisions/0042).
        expect(await statusOf(offer.id)).toBe('closed');
        expect(pickupStatus).toBe('active');
        expect(trades).toEqual([]);
      }
    }
  });

  it('two offers on one request accepted at once: one is accepted, the other closed', async () => {
    for (let i = 0; i < 5; i++) {
      const { group, owner, offerer, request } = await ownerAndOfferer(app);
      const rival = await makeUser(app, group);
      const a = await sendOffer(offerer, request);
      const b = await sendOffer(rival, request);
      const results = await Promise.all([a, b].map((o) => owner.client.put(`/api/trade-requests/${o.id}`, { status: 'accepted' })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect([await statusOf(a.id), await statusOf(b.id)].sort()).toEqual(['accepted', 'closed']);
      expect(await tradesOf(request.id)).toHaveLength(1);
    }
  });

  it('a send racing an accept on the same request never leaves a pending offer on a completed request', async () => {
    for (let i = 0; i < 8; i++) {
      const { group, owner, offerer, request } = await ownerAndOfferer(app);
      const late = await makeUser(app, group);
      const offer = await sendOffer(offerer, request);
      const [accept, send] = await Promise.all([
        owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' }),
        late.client.post('/api/trade-requests', offerBody(request)),
      ]);
      expect(accept.status).toBe(200);
      expect([201, 409]).toContain(send.status);
      const pending = await sql(app.databaseUrl, `select id from trade_requests where request_id = $1 and status = 'pending'`, [
        request.id,
      ]);
      expect(pending).toEqual([]);
    }
  });

  it('accepts racing the deletion of the request, and of the sender’s request: no 500', async () => {
    for (let i = 0; i < 6; i++) {
      const { owner, offerer, request } = await ownerAndOfferer(app);
      const pickup = await postRequest(offerer, { type: 'pickup', date: request.date });
      const offer = await sendOffer(offerer, request);
      expect(offer.senderRequestId).toBe(pickup.id);
      const [accept, removeTarget, removeOwn] = await Promise.all([
        owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' }),
        owner.client.delete(`/api/requests/${request.id}`),
        offerer.client.delete(`/api/requests/${pickup.id}`),
      ]);
      // The accept before the target's deletion trades; after it, the offer was declined with it (docs/decisions/0019).
      expect([accept.status, accept.status === 200 ? undefined : accept.body.message]).toEqual(
        accept.status === 200 ? [200, undefined] : [409, MSG.offerRespondFailed],
      );
      expect(removeTarget.status).toBe(200);
      expect(removeOwn.status).toBe(200);
    }
  });
});
