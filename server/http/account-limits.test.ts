// What one account may create and hold (docs/decisions/0019), each limit at its default:
// the per-account rate limits on creates (429 with a message) and the caps and quotas (400, or the
// oldest device going). Only sign-ups are lifted here, so the test can make the crew it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_REQUESTS, MAX_PUSH_DEVICES, MAX_SCHEDULE_IMAGES } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import type { PushInfo } from '#protocol/push.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { freshGroup, postRequest } from '../features/offers/offers.fixtures.ts';
import { inDays, pastRequest, requestBody } from '../features/requests/requests.fixtures.ts';
import { TINY_PNG } from '../test/uploads.ts';
import { makeUser, type SignedInUser } from '../test/factories.ts';
import { sql } from '../test/outbox.ts';
import { startPushEndpoint, type PushEndpoint } from '../test/push-endpoint.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { LIMITS, type LimitName } from './rate-limit.ts';

const TESTED: LimitName[] = ['requests', 'offers', 'messages', 'support', 'scheduleUploads', 'pushSubscriptions', 'pushTest'];

let app: TestApp;
let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
  app = await startTestApp({
    ...endpoint.env,
    // Every limit tested here at its default (naming it undoes the test app's lifting); sign-ups free.
    RATE_LIMIT_OVERRIDES: ['register=100000', ...TESTED.map((name) => `${name}=${LIMITS[name].points}`)].join(','),
  });
});
afterAll(async () => {
  await app?.close();
  await endpoint?.close();
});

const scheduleForm = () => {
  const form = new FormData();
  form.append('schedule', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'roster.png');
  return form;
};
const upload = (u: SignedInUser) => u.client.post('/api/schedule-images', scheduleForm());
/** `count` calls of `call` one after another: their statuses. */
async function inTurn(count: number, call: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await call(i)).status);
  return statuses;
}
const counted = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
const expectLimited = (res: { status: number; body: { message?: string } }, message: string = MSG.tooManyCreates) => {
  expect(res.status).toBe(429);
  expect(res.body.message).toBe(message);
};

describe('the defaults sit above a busy crew member and below a script', () => {
  it('are what decision 0019 says', () => {
    expect(Object.fromEntries(TESTED.map((n) => [n, `${LIMITS[n].points}/${LIMITS[n].duration / 60} min`]))).toEqual({
      requests: '60/60 min',
      offers: '60/60 min',
      messages: '60/1 min',
      support: '5/60 min',
      scheduleUploads: '40/60 min',
      pushSubscriptions: '20/60 min',
      pushTest: '10/60 min',
    });
    expect(LIMITS.offerMail).toEqual({ points: 1, duration: 600 });
    expect([MAX_ACTIVE_REQUESTS, MAX_SCHEDULE_IMAGES, MAX_PUSH_DEVICES]).toEqual([50, 30, 10]);
  });
});

describe('active requests: at most 50 on the board per crew member', () => {
  it('the 51st is a 400 that says so; a deleted or past one makes room; editing a past one back onto the board counts', async () => {
    const me = await makeUser(app, freshGroup());
    const made = await inTurn(MAX_ACTIVE_REQUESTS, (i) => me.client.post('/api/requests', requestBody({ date: inDays(10 + i) })));
    expect(made).toEqual(Array(MAX_ACTIVE_REQUESTS).fill(201));
    const refused = await me.client.post('/api/requests', requestBody({ date: inDays(70) }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.tooManyActiveRequests);
    const [first] = (await me.client.get<TradeRequestItem[]>('/api/requests')).body;
    expect((await me.client.delete(`/api/requests/${first!.id}`)).status).toBe(200);
    // Past requests are off the board and never counted (one whose day has passed since it was posted).
    const past = await pastRequest(app, me, { date: inDays(-3) });
    // 49 on the board and one past: the past one edited to a future date makes 50, then no more.
    expect((await me.client.put(`/api/requests/${past.id}`, requestBody({ date: inDays(80) }))).status).toBe(200);
    const tooMany = await me.client.put(`/api/requests/${past.id}`, requestBody({ date: inDays(81) }));
    expect(tooMany.status).toBe(200); // it is one of the 50 already: editing it moves nothing
    const other = (await me.client.get<TradeRequestItem[]>('/api/requests')).body.find((r) => r.id !== past.id)!;
    await sql(
      app.databaseUrl,
      "update requests set all_dates = '{2020-01-01}', last_date = '2020-01-01', date = '2020-01-01' where id = $1",
      [other.id],
    );
    expect((await me.client.post('/api/requests', requestBody({ date: inDays(90) }))).status).toBe(201);
    const revived = await me.client.put(`/api/requests/${other.id}`, requestBody({ date: inDays(91) }));
    expect(revived.status).toBe(400);
    expect(revived.body.message).toBe(MSG.tooManyActiveRequests);
  });

  it('60 creates at once from one account store exactly 50', async () => {
    const me = await makeUser(app, freshGroup());
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => me.client.post('/api/requests', requestBody({ date: inDays(10 + i) })).then((r) => r.status)),
    );
    expect(counted(statuses)).toEqual({ 201: 50, 400: 10 });
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from requests where user_id = $1', [me.user.id])).toEqual([{ n: 50 }]);
  });

  it('at 49, creates at once with new and repeated client keys store one more: the repeats answer it, the rest are refused', async () => {
    // The cap and the client key are decided in the create’s one insert (docs/decisions/0033); 59 creates stay under the 60 an hour.
    const me = await makeUser(app, freshGroup());
    await inTurn(MAX_ACTIVE_REQUESTS - 1, (i) => me.client.post('/api/requests', requestBody({ date: inDays(10 + i) })));
    const bodies = Array.from({ length: 10 }, (_, i) => requestBody({ date: inDays(70 + (i % 3)), clientKey: `at-forty-nine-${i % 4}` }));
    const answers = await Promise.all(bodies.map((b) => me.client.post('/api/requests', b)));
    const stored = answers.filter((a) => a.status === 201);
    expect(stored).toHaveLength(1);
    const key = bodies[answers.indexOf(stored[0]!)]!.clientKey;
    for (const [i, a] of answers.entries()) {
      if (a.status === 201) continue;
      if (bodies[i]!.clientKey === key) expect([a.status, a.body.id]).toEqual([200, stored[0]!.body.id]);
      else expect([a.status, a.body.message]).toEqual([400, MSG.tooManyActiveRequests]);
    }
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from requests where user_id = $1', [me.user.id])).toEqual([{ n: 50 }]);
  });

  it('a retried create (same client key) at the cap still answers with the request it stored', async () => {
    const me = await makeUser(app, freshGroup());
    await inTurn(MAX_ACTIVE_REQUESTS - 1, (i) => me.client.post('/api/requests', requestBody({ date: inDays(10 + i) })));
    const body = requestBody({ date: inDays(70), clientKey: 'retry-at-the-cap-1' });
    const first = await me.client.post('/api/requests', body);
    expect(first.status).toBe(201);
    const again = await me.client.post('/api/requests', body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });
});

describe('creates per account: a 429 with a message past the default', () => {
  it('requests: 60 an hour', async () => {
    const me = await makeUser(app, freshGroup());
    // Each deleted once posted, so the cap of 50 on the board is not what stops them.
    const postAndDelete = async () => {
      const res = await me.client.post('/api/requests', requestBody({ date: inDays(2) }));
      if (res.status === 201) await me.client.delete(`/api/requests/${res.body.id}`);
      return res;
    };
    expect(await inTurn(60, postAndDelete)).toEqual(Array(60).fill(201));
    expectLimited(await me.client.post('/api/requests', requestBody({ date: inDays(2) })));
    // Per account: a colleague posts on.
    expect((await (await makeUser(app, freshGroup())).client.post('/api/requests', requestBody())).status).toBe(201);
  });

  it('offers: 60 an hour (sent and cancelled, each counts)', async () => {
    const group = freshGroup();
    const owner = await makeUser(app, group);
    const me = await makeUser(app, group);
    const target = await postRequest(owner, { date: inDays(12) });
    const body = { toUserId: owner.user.id, requestId: target.id, tradeDate: target.date, offerRoute: 'P1', requestType: 'pickup' };
    const statuses = await inTurn(60, async () => {
      const res = await me.client.post<{ id: number }>('/api/trade-requests', body);
      if (res.status === 201) await me.client.delete(`/api/trade-requests/${res.body.id}`);
      return res;
    });
    expect(statuses).toEqual(Array(60).fill(201));
    expectLimited(await me.client.post('/api/trade-requests', body));
  });

  it('direct messages and chat posts: 60 a minute each', async () => {
    const group = freshGroup();
    const me = await makeUser(app, group);
    const mate = await makeUser(app, group);
    const send = () => me.client.post('/api/messages', { toUserId: mate.user.id, content: 'hi' });
    const post = () => me.client.post('/api/base-chat', { chatType: 'reserve', content: 'hi' });
    expect(await inTurn(60, send)).toEqual(Array(60).fill(201));
    expectLimited(await send(), MSG.tooManyRequests);
    expect(await inTurn(60, post)).toEqual(Array(60).fill(201));
    expectLimited(await post(), MSG.tooManyRequests);
  });

  it('support requests: 5 an hour', async () => {
    const me = await makeUser(app, freshGroup());
    const ask = () => me.client.post('/api/support-requests', { category: 'bug', subject: 'S', message: 'A message long enough' });
    expect(await inTurn(5, ask)).toEqual(Array(5).fill(201));
    expectLimited(await ask(), MSG.tooManyRequests);
  });

  it('push test: 10 an hour', async () => {
    const me = await makeUser(app, freshGroup());
    expect((await me.client.post('/api/push/subscriptions', endpoint.device().subscription)).status).toBe(201);
    expect(await inTurn(10, () => me.client.post('/api/push/test'))).toEqual(Array(10).fill(200));
    const connections = endpoint.connections();
    expectLimited(await me.client.post('/api/push/test'));
    // Refused before any push service is called.
    expect(endpoint.connections()).toBe(connections);
  });
});

describe('schedule images: at most 30 kept, 40 uploads an hour', () => {
  it('the 31st is a 400 that says so, before the upload is stored; uploads past 40 an hour are a 429', async () => {
    const me = await makeUser(app, freshGroup());
    expect(await inTurn(MAX_SCHEDULE_IMAGES, () => upload(me))).toEqual(Array(MAX_SCHEDULE_IMAGES).fill(201));
    const full = await upload(me);
    expect(full.status).toBe(400);
    expect(full.body.message).toBe(MSG.tooManyScheduleImages);
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from schedule_images where user_id = $1', [me.user.id])).toEqual([
      { n: 30 },
    ]);
    // Refused uploads count too: 31 so far, 9 more to the hourly 40.
    expect(await inTurn(9, () => upload(me))).toEqual(Array(9).fill(400));
    expectLimited(await upload(me));
  });

  it('uploads at once at 29 kept: one more is stored', async () => {
    const me = await makeUser(app, freshGroup());
    await inTurn(MAX_SCHEDULE_IMAGES - 1, () => upload(me));
    const statuses = await Promise.all(Array.from({ length: 6 }, () => upload(me).then((r) => r.status)));
    expect(counted(statuses)).toEqual({ 201: 1, 400: 5 });
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from schedule_images where user_id = $1', [me.user.id])).toEqual([
      { n: 30 },
    ]);
  });
});

describe('push devices: at most 10 per account, the oldest goes; 20 subscribes an hour', () => {
  it('an eleventh device drops the first; a device subscribing again is the newest; past 20 an hour is a 429', async () => {
    const me = await makeUser(app, freshGroup());
    const devices = Array.from({ length: MAX_PUSH_DEVICES + 1 }, () => endpoint.device());
    const subscribe = (i: number) => me.client.post('/api/push/subscriptions', devices[i]!.subscription);
    expect(await inTurn(MAX_PUSH_DEVICES, subscribe)).toEqual(Array(MAX_PUSH_DEVICES).fill(201));
    // The first subscribes again: now the second is the oldest.
    expect((await subscribe(0)).status).toBe(201);
    expect((await subscribe(MAX_PUSH_DEVICES)).status).toBe(201);
    expect((await me.client.get<PushInfo>('/api/push')).body.devices).toBe(MAX_PUSH_DEVICES);
    const kept = (await sql(app.databaseUrl, 'select endpoint from push_subscriptions where user_id = $1', [me.user.id])).map(
      (r) => r.endpoint as string,
    );
    expect(kept).not.toContain(devices[1]!.subscription.endpoint);
    expect(kept).toContain(devices[0]!.subscription.endpoint);
    // 12 subscribes so far.
    expect(await inTurn(8, (i) => subscribe(i % 3))).toEqual(Array(8).fill(201));
    expectLimited(await subscribe(0));
  });
});
