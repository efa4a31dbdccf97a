import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { shortDate } from '#protocol/offerText.ts';
import type { OfferItem } from '#protocol/shapes.ts';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays, requestForm } from '../requests/requests.fixtures.ts';
import { listUploads, TINY_PNG } from '../../test/uploads.ts';
import { waitFor } from '../../test/wait-for.ts';
import { freshGroup, offerBody, ownerAndOfferer, postRequest, sendOffer } from './offers.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/trade-requests', () => {
  it('sends an offer on a request and answers 201 with the OfferItem', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const res = await offerer.client.post(
      '/api/trade-requests',
      offerBody(request, { offerRoute: '  P-77  ', offerReservePeriod: 'dropped' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fromUserId: offerer.user.id,
      fromUser: { id: offerer.user.id, firstName: 'Oscar', lastName: 'Offerer', employeeNumber: offerer.user.employeeNumber },
      toUserId: owner.user.id,
      toUser: { id: owner.user.id, firstName: 'Olive' },
      requestId: request.id,
      request: { id: request.id, userId: owner.user.id, type: 'drop', status: 'active' },
      senderRequestId: null,
      senderRequest: null,
      tradeDate: request.date,
      offerRoute: 'P-77',
      offerReservePeriod: null,
      offerTripDays: null,
      requestType: 'pickup',
      message: 'I can take it',
      status: 'pending',
      respondedAt: null,
      tradeRequestImages: [],
    });
    expect(res.body.fromUser).not.toHaveProperty('email');
    // The recipient sees it received, the sender sees it sent; neither sees the other's list.
    expect((await owner.client.get('/api/trade-requests')).body.map((o: OfferItem) => o.id)).toEqual([res.body.id]);
    expect((await offerer.client.get('/api/sent-trade-requests')).body.map((o: OfferItem) => o.id)).toEqual([res.body.id]);
    expect((await offerer.client.get('/api/trade-requests')).body).toEqual([]);
    expect((await owner.client.get('/api/sent-trade-requests')).body).toEqual([]);
    const [log] = await sql(
      app.databaseUrl,
      `select user_id, target_user_id, reference_type from user_activity_logs where activity_type = 'trade_request_sent' and reference_id = $1`,
      [res.body.id],
    );
    expect(log).toEqual({ user_id: offerer.user.id, target_user_id: owner.user.id, reference_type: 'trade_request' });
  });

  it('sends from a crew profile with toUserId and message only', async () => {
    const group = freshGroup();
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    const res = await b.client.post('/api/trade-requests', { toUserId: a.user.id, message: 'Any trips in March?' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      toUserId: a.user.id,
      requestId: null,
      request: null,
      message: 'Any trips in March?',
      requestType: 'pickup',
      tradeDate: null,
    });
  });
});

describe('screenshots (multipart, field tradeRequestImages)', () => {
  const png = (name: string) => ({ name, type: 'image/png', bytes: TINY_PNG, field: 'tradeRequestImages' });
  const stored = async () => (await listUploads(app.uploadDir)).filter((f) => !f.startsWith('tmp'));

  it('stores up to 6 sniffed images with a pairing offer; a cancel removes them from disk', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const before = await stored();
    const res = await offerer.client.post('/api/trade-requests', requestForm(offerBody(request), [png('a.png'), png('b.png')]));
    expect(res.status).toBe(201);
    expect(res.body.tradeRequestImages).toHaveLength(2);
    expect(res.body.tradeRequestImages[0]).toMatchObject({ originalName: 'a.png', mimeType: 'image/png' });
    const names = res.body.tradeRequestImages.map((i: { filename: string }) => i.filename);
    expect(await stored()).toEqual(expect.arrayContaining(names));
    // The recipient sees them, and may fetch them.
    const [received] = (await owner.client.get('/api/trade-requests')).body;
    expect(received.tradeRequestImages.map((i: { filename: string }) => i.filename)).toEqual(names);
    expect((await owner.client.get(`/uploads/${names[0]}`)).status).toBe(200);
    await offerer.client.delete(`/api/trade-requests/${res.body.id}`);
    expect(await waitFor(async () => (await stored()).length === before.length)).toBe(true);
  });

  it('refuses 7 files, a file that is not an image, and images on a reserve period offer, storing nothing', async () => {
    const { offerer, request } = await ownerAndOfferer(app);
    const before = await stored();
    const seven = await offerer.client.post(
      '/api/trade-requests',
      requestForm(
        offerBody(request),
        Array.from({ length: 7 }, (_, i) => png(`${i}.png`)),
      ),
    );
    expect(seven.status).toBe(400);
    expect(seven.body.message).toBe(MSG.tooManyImages);
    const text = { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello'), field: 'tradeRequestImages' };
    const notImage = await offerer.client.post('/api/trade-requests', requestForm(offerBody(request), [text]));
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe(MSG.onlyImages);
    // Named and typed as an image, but its bytes are not one: the sniffing refuses it.
    const fake = { name: 'fake.png', type: 'image/png', bytes: Buffer.from('not a png at all'), field: 'tradeRequestImages' };
    const sniffed = await offerer.client.post('/api/trade-requests', requestForm(offerBody(request), [fake]));
    expect(sniffed.status).toBe(400);
    expect(sniffed.body.message).toBe(MSG.onlyImages);
    const { offerer: other, request: reserve } = await ownerAndOfferer(app, { routeType: 'reserve_period', reservePeriod: 'R1' });
    const onReserve = await other.client.post('/api/trade-requests', requestForm(offerBody(reserve), [png('r.png')]));
    expect(onReserve.status).toBe(400);
    expect(onReserve.body.message).toBe(MSG.offerImagesPairingOnly);
    expect(await waitFor(async () => (await stored()).length === before.length)).toBe(true);
    expect(
      await sql(app.databaseUrl, 'select id from trade_requests where from_user_id = any($1)', [[offerer.user.id, other.user.id]]),
    ).toEqual([]);
  });
});

describe('answering, cancelling and hiding', () => {
  it('accept completes the request, writes one trades row and moves the offer to Completed for both', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request);
    const res = await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: offer.id, status: 'accepted', request: { id: request.id, status: 'completed' } });
    expect(res.body.respondedAt).not.toBeNull();
    expect((await owner.client.get('/api/trade-requests')).body).toEqual([]);
    expect((await owner.client.get('/api/user-trades')).body.map((o: OfferItem) => o.id)).toEqual([offer.id]);
    expect((await offerer.client.get('/api/user-trades')).body.map((o: OfferItem) => o.id)).toEqual([offer.id]);
    const trades = await sql(app.databaseUrl, 'select match_id, request_id, matched_request_id from trades where request_id = $1', [
      request.id,
    ]);
    expect(trades).toEqual([{ match_id: null, request_id: request.id, matched_request_id: null }]);
  });

  it('decline records the answer only', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request);
    const res = await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'declined' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'declined', request: { status: 'active' } });
    expect((await offerer.client.get('/api/user-trades')).body).toMatchObject([{ id: offer.id, status: 'declined' }]);
  });

  it('the sender cancels a pending offer: gone for both', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request);
    const res = await offerer.client.delete(`/api/trade-requests/${offer.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.offerCancelled });
    expect((await owner.client.get('/api/trade-requests')).body).toEqual([]);
    expect((await offerer.client.get('/api/sent-trade-requests')).body).toEqual([]);
    expect(await sql(app.databaseUrl, 'select id from trade_requests where id = $1', [offer.id])).toEqual([]);
  });

  it('lists answered offers, sent and received, newest answer first', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const second = await postRequest(owner);
    const first = await sendOffer(offerer, request);
    const later = await sendOffer(offerer, second);
    await owner.client.put(`/api/trade-requests/${later.id}`, { status: 'declined' });
    await owner.client.put(`/api/trade-requests/${first.id}`, { status: 'accepted' });
    for (const side of [owner, offerer]) {
      expect((await side.client.get('/api/user-trades')).body.map((o: OfferItem) => [o.id, o.status])).toEqual([
        [first.id, 'accepted'],
        [later.id, 'declined'],
      ]);
    }
  });

  it('hiding a finished offer affects only the hider', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request);
    await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'declined' });
    const res = await owner.client.delete(`/api/trade-requests/${offer.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.completedTradeRemoved });
    expect((await owner.client.delete(`/api/trade-requests/${offer.id}`)).status).toBe(200);
    expect((await owner.client.get('/api/user-trades')).body).toEqual([]);
    expect((await offerer.client.get('/api/user-trades')).body.map((o: OfferItem) => o.id)).toEqual([offer.id]);
  });

  it('an unrelated crew member gets 404 everywhere; the sender may not answer', async () => {
    const { group, offerer, request } = await ownerAndOfferer(app);
    const stranger = await makeUser(app, group);
    const offer = await sendOffer(offerer, request);
    expect((await stranger.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' })).status).toBe(404);
    expect((await stranger.client.delete(`/api/trade-requests/${offer.id}`)).status).toBe(404);
    const own = await offerer.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(MSG.offerOnlyRecipient);
  });
});

describe('notifications', () => {
  it('lists a new offer for the recipient and the answer for the sender; mark-read empties them', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request, { tradeDate: inDays(6) });
    const [n] = (await owner.client.get('/api/trade-request-notifications')).body;
    expect(n).toMatchObject({ tradeRequestId: offer.id, type: 'trade_request', isRead: false, title: 'New Trade Request' });
    // From Olive's side, both named: Oscar picks up her trip (her card's badge says Drop), gives his.
    expect(n.message).toBe(
      `Oscar Offerer wants to pick up your ${request.route} (${shortDate(request.date)}) and offers their P-OFFER in exchange`,
    );
    expect((await owner.client.post(`/api/trade-request-notifications/${offer.id}/mark-read`)).status).toBe(200);
    expect((await owner.client.get('/api/trade-request-notifications')).body).toEqual([]);
    await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    const [answer] = (await offerer.client.get('/api/trade-request-notifications')).body;
    expect(answer).toMatchObject({ tradeRequestId: offer.id, type: 'trade_response', title: 'Trade Request Accepted' });
    expect(answer.message).toBe(
      `Olive Owner accepted your offer to pick up their ${request.route} (${shortDate(request.date)}) for your P-OFFER`,
    );
  });
});
