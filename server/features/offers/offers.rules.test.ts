// Every refusal of the offers API: the spec's validation texts, our rules (decision 0009), and
// what someone who is not a party gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays, requestForm } from '../requests/requests.fixtures.ts';
import { TINY_PNG } from '../../test/uploads.ts';
import { freshGroup, offerBody, ownerAndOfferer, postRequest, sendOffer } from './offers.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const offersOf = async (databaseUrl: string, userId: number) =>
  sql(databaseUrl, 'select id from trade_requests where from_user_id = $1', [userId]);

describe('signed out', () => {
  it.each([
    ['POST', '/api/trade-requests'],
    ['GET', '/api/trade-requests'],
    ['GET', '/api/sent-trade-requests'],
    ['GET', '/api/user-trades'],
    ['PUT', '/api/trade-requests/1'],
    ['DELETE', '/api/trade-requests/1'],
    ['GET', '/api/trade-request-notifications'],
    ['POST', '/api/trade-request-notifications/1/mark-read'],
  ])('%s %s answers 401', async (method, path) => {
    const res = await app.client().request(method, path, method === 'GET' || method === 'DELETE' ? undefined : { status: 'accepted' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.notSignedIn);
  });
});

describe('POST /api/trade-requests refuses', () => {
  it.each([
    ['an empty date', { tradeDate: '' }, MSG.dateRequired],
    ['no date', { tradeDate: undefined }, MSG.dateRequired],
    ['a date that does not exist', { tradeDate: '2026-02-30' }, MSG.dateRequired],
    ['a blank pairing', { offerRoute: '   ' }, MSG.pairingRequired],
    ['no pairing', { offerRoute: undefined }, MSG.pairingRequired],
    ['trade on a drop', { requestType: 'trade' }, MSG.offerTradeOnlyForTrade],
    ['an unknown type', { requestType: 'swap' }, MSG.offerTypeInvalid],
    ['a message of 2001 characters', { message: 'x'.repeat(2001) }, MSG.offerMessageTooLong],
    ['no recipient', { toUserId: undefined }, MSG.offerRecipientInvalid],
    ['a recipient that is no id', { toUserId: 'abc' }, MSG.offerRecipientInvalid],
  ])('%s, with the spec message, storing nothing', async (_label, override, message) => {
    const { offerer, request } = await ownerAndOfferer(app);
    const res = await offerer.client.post('/api/trade-requests', offerBody(request, override));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await offersOf(app.databaseUrl, offerer.user.id)).toEqual([]);
  });

  it('a reserve period without the offered reserve period; keeps only the reserve period when given', async () => {
    const { offerer, request } = await ownerAndOfferer(app, { routeType: 'reserve_period', reservePeriod: 'R5' });
    const missing = await offerer.client.post('/api/trade-requests', offerBody(request, { offerReservePeriod: ' ', offerRoute: 'P1' }));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MSG.reservePeriodRequired);
    const ok = await offerer.client.post('/api/trade-requests', offerBody(request, { offerReservePeriod: 'R9', offerRoute: 'P1' }));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ offerReservePeriod: 'R9', offerRoute: null });
  });

  it('trade is offered on a trade only', async () => {
    const { offerer, request } = await ownerAndOfferer(app, { type: 'trade', desiredDates: [inDays(9)] });
    const res = await offerer.client.post('/api/trade-requests', offerBody(request, { requestType: 'trade' }));
    expect(res.status).toBe(201);
    expect(res.body.requestType).toBe('trade');
  });

  it('a requestId that is no id', async () => {
    const { offerer, request } = await ownerAndOfferer(app);
    const res = await offerer.client.post('/api/trade-requests', offerBody(request, { requestId: 'abc' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.requestNotFound);
  });

  it('from a profile: a trade, or screenshots (no pairing to attach them to)', async () => {
    const { owner, offerer } = await ownerAndOfferer(app);
    const trade = await offerer.client.post('/api/trade-requests', { toUserId: owner.user.id, requestType: 'trade' });
    expect(trade.status).toBe(400);
    expect(trade.body.message).toBe(MSG.offerTradeOnlyForTrade);
    const form = requestForm({ toUserId: owner.user.id, message: 'hi' }, [
      { name: 'a.png', type: 'image/png', bytes: TINY_PNG, field: 'tradeRequestImages' },
    ]);
    const images = await offerer.client.post('/api/trade-requests', form);
    expect(images.status).toBe(400);
    expect(images.body.message).toBe(MSG.offerImagesPairingOnly);
    expect(await offersOf(app.databaseUrl, offerer.user.id)).toEqual([]);
  });

  it('an offer to oneself', async () => {
    const { owner, request } = await ownerAndOfferer(app);
    const res = await owner.client.post('/api/trade-requests', offerBody(request));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.offerToSelf);
  });

  it('a recipient who does not exist (404)', async () => {
    const { offerer, request } = await ownerAndOfferer(app);
    const res = await offerer.client.post('/api/trade-requests', offerBody(request, { toUserId: 999_999 }));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.offerRecipientInvalid);
  });

  it('a recipient of another group, and a sender without a group', async () => {
    const { owner, request } = await ownerAndOfferer(app);
    const elsewhere = await makeUser(app, { ...freshGroup(), aircraftType: 'A320' });
    const res = await elsewhere.client.post('/api/trade-requests', offerBody(request));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.offerRecipientNotInGroup);
    const fromProfile = await elsewhere.client.post('/api/trade-requests', { toUserId: owner.user.id, message: 'hi' });
    expect(fromProfile.body.message).toBe(MSG.offerRecipientNotInGroup);
    const noProfile = await makeUser(app, { profile: false });
    const incomplete = await noProfile.client.post('/api/trade-requests', offerBody(request));
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe(MSG.profileIncomplete);
  });

  it('a request that is not the recipient’s', async () => {
    const { group, offerer, request } = await ownerAndOfferer(app);
    const third = await makeUser(app, group);
    const res = await offerer.client.post('/api/trade-requests', offerBody(request, { toUserId: third.user.id }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.offerRequestNotRecipients);
  });

  it('a request no longer on the board: completed, past, deleted', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    await sql(app.databaseUrl, `update requests set status = 'completed' where id = $1`, [request.id]);
    const completed = await offerer.client.post('/api/trade-requests', offerBody(request));
    expect(completed.status).toBe(409);
    expect(completed.body.message).toBe(MSG.offerRequestNotAvailable);

    const past = await postRequest(owner);
    await sql(app.databaseUrl, `update requests set date = current_date - 3, last_date = current_date - 1 where id = $1`, [past.id]);
    const pastRes = await offerer.client.post('/api/trade-requests', offerBody(past));
    expect(pastRes.status).toBe(409);
    expect(pastRes.body.message).toBe(MSG.offerRequestNotAvailable);

    const gone = await postRequest(owner);
    await owner.client.delete(`/api/requests/${gone.id}`);
    const goneRes = await offerer.client.post('/api/trade-requests', offerBody(gone));
    expect(goneRes.status).toBe(404);
    expect(goneRes.body.message).toBe(MSG.offerRequestNotAvailable);
    expect(await offersOf(app.databaseUrl, offerer.user.id)).toEqual([]);
  });

  it('a second pending offer on the same request (409); once answered or cancelled, a new one goes', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const first = await sendOffer(offerer, request);
    const again = await offerer.client.post('/api/trade-requests', offerBody(request, { offerRoute: 'P-OTHER' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.offerDuplicate);
    await offerer.client.delete(`/api/trade-requests/${first.id}`);
    const second = await sendOffer(offerer, request);
    await owner.client.put(`/api/trade-requests/${second.id}`, { status: 'declined' });
    expect((await offerer.client.post('/api/trade-requests', offerBody(request))).status).toBe(201);
  });

  it('twenty identical sends at once store one offer', async () => {
    const { offerer, request } = await ownerAndOfferer(app);
    const results = await Promise.all(Array.from({ length: 20 }, () => offerer.client.post('/api/trade-requests', offerBody(request))));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(await offersOf(app.databaseUrl, offerer.user.id)).toHaveLength(1);
  });
});

describe('PUT /api/trade-requests/:id refuses', () => {
  it('a status other than accepted or declined', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request);
    for (const status of ['pending', 'maybe', undefined]) {
      const res = await owner.client.put(`/api/trade-requests/${offer.id}`, { status });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.offerStatusInvalid);
    }
  });

  it('an offer that does not exist, or a malformed id (404)', async () => {
    const { owner } = await ownerAndOfferer(app);
    for (const id of ['999999', 'abc', '0']) {
      const res = await owner.client.put(`/api/trade-requests/${id}`, { status: 'accepted' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.offerNotFound);
    }
  });

  it('a finished offer: it cannot change again', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request);
    expect((await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'declined' })).status).toBe(200);
    for (const status of ['accepted', 'declined']) {
      const res = await owner.client.put(`/api/trade-requests/${offer.id}`, { status });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MSG.offerAlreadyAnswered);
    }
    const [row] = await sql(app.databaseUrl, 'select status from trade_requests where id = $1', [offer.id]);
    expect(row).toEqual({ status: 'declined' });
  });
});

describe('DELETE /api/trade-requests/:id refuses', () => {
  it('the recipient of a pending offer (403): only the sender cancels', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request);
    const res = await owner.client.delete(`/api/trade-requests/${offer.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.offerPendingCannotHide);
    expect((await owner.client.get('/api/trade-requests')).body).toHaveLength(1);
  });

  it('someone who is not a party (404), pending or finished', async () => {
    const { group, owner, offerer, request } = await ownerAndOfferer(app);
    const stranger = await makeUser(app, group);
    const offer = await sendOffer(offerer, request);
    expect((await stranger.client.delete(`/api/trade-requests/${offer.id}`)).status).toBe(404);
    await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    const res = await stranger.client.delete(`/api/trade-requests/${offer.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.offerNotFound);
    expect(await sql(app.databaseUrl, 'select id from trade_hidden_by_user where trade_request_id = $1', [offer.id])).toEqual([]);
  });
});

describe('notifications of others', () => {
  it('mark-read of an offer that is not the caller’s is 404 and leaves its rows unread', async () => {
    const { group, owner, offerer, request } = await ownerAndOfferer(app);
    const stranger = await makeUser(app, group);
    const offer = await sendOffer(offerer, request);
    expect((await stranger.client.post(`/api/trade-request-notifications/${offer.id}/mark-read`)).status).toBe(404);
    expect((await stranger.client.post('/api/trade-request-notifications/999999/mark-read')).status).toBe(404);
    // The sender is a party but has no notification yet: nothing to mark, and the recipient's stays.
    expect((await offerer.client.post(`/api/trade-request-notifications/${offer.id}/mark-read`)).status).toBe(200);
    expect((await owner.client.get('/api/trade-request-notifications')).body).toMatchObject([{ tradeRequestId: offer.id, isRead: false }]);
    expect((await stranger.client.get('/api/trade-request-notifications')).body).toEqual([]);
    // Twice is the same as once.
    expect((await owner.client.post(`/api/trade-request-notifications/${offer.id}/mark-read`)).status).toBe(200);
    expect((await owner.client.post(`/api/trade-request-notifications/${offer.id}/mark-read`)).status).toBe(200);
    expect((await owner.client.get('/api/trade-request-notifications')).body).toEqual([]);
  });

  it('a cancelled offer leaves the recipient’s bell; lists of others stay empty', async () => {
    const { group, owner, offerer, request } = await ownerAndOfferer(app);
    const stranger = await makeUser(app, group);
    const offer = await sendOffer(offerer, request);
    expect((await owner.client.get('/api/trade-request-notifications')).body).toHaveLength(1);
    await offerer.client.delete(`/api/trade-requests/${offer.id}`);
    expect((await owner.client.get('/api/trade-request-notifications')).body).toEqual([]);
    for (const path of ['/api/trade-requests', '/api/sent-trade-requests', '/api/user-trades'] as const) {
      expect((await stranger.client.get(path)).body).toEqual([]);
    }
  });
});
