// One sender cannot flood a colleague with offers (docs/decisions/0019): one pending message-only offer per
// pair, the per-sender rate limit, and one offer mail per sender and recipient in 10 minutes (the
// bell still lists every offer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { OfferItem, OfferNotificationItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { readOutbox, sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { freshGroup, postRequest, sendOffer } from './offers.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  // The offer limit at its default; the mail window always is (the test app lifts neither for it).
  app = await startTestApp({ RATE_LIMIT_OVERRIDES: `offers=${LIMITS.offers.points}` }, undefined, { poolMax: 12 });
});
afterAll(async () => {
  await app?.close();
});

/** Every mail the commits so far will send, sent. */
async function mailsTo(user: SignedInUser) {
  await app.server.deps.events.settled();
  await app.server.deps.outbox.idle();
  return readOutbox(app.databaseUrl, user.email);
}

async function pair() {
  const group = freshGroup();
  const recipient = await makeUser(app, { ...group, firstName: 'Rae', lastName: 'Recipient' });
  const sender = await makeUser(app, { ...group, firstName: 'Sid', lastName: 'Sender' });
  return { group, recipient, sender };
}

const messageOffer = (from: SignedInUser, to: SignedInUser, message = 'Can we swap next week?') =>
  from.client.post<OfferItem>('/api/trade-requests', { toUserId: to.user.id, message });

describe('message-only offers', () => {
  it('200 at once from one sender: one is stored and mailed; the rest are refused, with a message', async () => {
    const { recipient, sender } = await pair();
    const results = await Promise.all(Array.from({ length: 200 }, () => messageOffer(sender, recipient)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 429)).toEqual([]);
    // Past the hourly limit the rest are 429; before it, each waiting one is a 409 that says why.
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - LIMITS.offers.points);
    expect(new Set(results.filter((r) => r.status === 409).map((r) => r.body.message as unknown))).toEqual(
      new Set([MSG.offerMessagePending]),
    );
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from trade_requests where from_user_id = $1', [sender.user.id])).toEqual([
      { n: 1 },
    ]);
    expect(await mailsTo(recipient)).toHaveLength(1);
  });

  it('one waits for its answer: after a decline the next may be sent, to the same colleague', async () => {
    const { recipient, sender } = await pair();
    const first = await messageOffer(sender, recipient);
    expect(first.status).toBe(201);
    const second = await messageOffer(sender, recipient, 'Still there?');
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(MSG.offerMessagePending);
    // Another colleague may still be written to, and the recipient may write back.
    const other = await makeUser(app, { base: sender.user.base! });
    expect((await messageOffer(sender, other)).status).toBe(201);
    expect((await messageOffer(recipient, sender)).status).toBe(201);
    expect((await recipient.client.put(`/api/trade-requests/${first.body.id}`, { status: 'declined' })).status).toBe(200);
    expect((await messageOffer(sender, recipient, 'Another week, then?')).status).toBe(201);
  });
});

describe('offer mail: one per sender and recipient in 10 minutes', () => {
  it('send and cancel, five times: five offers, one mail', async () => {
    const { recipient, sender } = await pair();
    for (let i = 0; i < 5; i++) {
      const sent = await messageOffer(sender, recipient);
      expect(sent.status).toBe(201);
      expect((await sender.client.delete(`/api/trade-requests/${sent.body.id}`)).status).toBe(200);
    }
    expect(
      await sql(
        app.databaseUrl,
        `select count(*)::int as n from user_activity_logs where activity_type = 'trade_request_sent' and user_id = $1`,
        [sender.user.id],
      ),
    ).toEqual([{ n: 5 }]);
    expect(await mailsTo(recipient)).toHaveLength(1);
  });

  it('offers on two of the recipient’s requests: both in the bell, one mail; another sender mails on their own', async () => {
    const { group, recipient, sender } = await pair();
    const a = await postRequest(recipient, { route: 'FLOOD1' });
    const b = await postRequest(recipient, { route: 'FLOOD2' });
    const first = await sendOffer(sender, a);
    const second = await sendOffer(sender, b);
    const bell = (await recipient.client.get<OfferNotificationItem[]>('/api/trade-request-notifications')).body;
    expect(bell.map((n) => n.tradeRequestId).sort()).toEqual([first.id, second.id].sort());
    expect(await mailsTo(recipient)).toHaveLength(1);
    const third = await makeUser(app, group);
    await sendOffer(third, a);
    expect(await mailsTo(recipient)).toHaveLength(2);
  });
});
