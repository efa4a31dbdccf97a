import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { PUSH_TEXT, type PushInfo, type PushTestResult } from '#protocol/push.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.ts';
import { startInstancesOnOwnRedis } from '../../test/instances-on-own-redis.ts';
import { startPushEndpoint, type PushEndpoint, type TestDevice } from '../../test/push-endpoint.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { postRing } from '../chains/chains.fixtures.ts';
import { freshGroup, sendOffer } from '../offers/offers.fixtures.ts';
import { requestBody } from '../requests/requests.fixtures.ts';

let app: TestApp;
let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
  app = await startTestApp({ ...endpoint.env, APP_ORIGIN: 'https://crew.example.com' });
});
afterAll(async () => {
  await app?.close();
  await endpoint?.close();
});

async function subscribe(user: SignedInUser, device: TestDevice = endpoint.device()): Promise<TestDevice> {
  const res = await user.client.post('/api/push/subscriptions', device.subscription);
  expect(res.status).toBe(201);
  return device;
}
const titles = (d: TestDevice) => d.received.map((r) => r.payload.title);
const rows = async (sql: string, params: unknown[]) => app.server.deps.orm.em.fork().getConnection().execute(sql, params);

describe('push subscriptions', () => {
  it('signed out: 401 on every route', async () => {
    const client = app.client();
    expect((await client.get('/api/push')).status).toBe(401);
    expect((await client.post('/api/push/subscriptions', endpoint.device().subscription)).status).toBe(401);
    expect((await client.post('/api/push/subscriptions/remove', { endpoint: `${endpoint.origin}/push/x` })).status).toBe(401);
    expect((await client.post('/api/push/test')).status).toBe(401);
  });

  it('gives the VAPID key, counts the devices, and turns push on and off per device', async () => {
    const me = await makeUser(app);
    const info = await me.client.get<PushInfo>('/api/push');
    expect(info.status).toBe(200);
    expect(info.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(info.body.devices).toBe(0);
    const phone = await subscribe(me);
    const laptop = await subscribe(me);
    // The same device again: still one row.
    await subscribe(me, phone);
    expect((await me.client.get<PushInfo>('/api/push')).body.devices).toBe(2);
    const off = await me.client.post('/api/push/subscriptions/remove', { endpoint: phone.subscription.endpoint });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: MSG.pushUnsubscribed });
    expect((await me.client.get<PushInfo>('/api/push')).body.devices).toBe(1);

    const test = await me.client.post<PushTestResult>('/api/push/test');
    expect(test.body).toEqual({ sent: 1 });
    expect(phone.received).toEqual([]);
    const [got] = laptop.received;
    expect(got?.payload).toEqual({ title: PUSH_TEXT.testTitle, body: PUSH_TEXT.testBody, url: '/profile', tag: 'test' });
    // Signed with the key the browser subscribed with, for the push service's origin, by the configured subject.
    expect(got?.vapidKey).toBe(info.body.publicKey);
    expect(got?.claims.aud).toBe(endpoint.origin);
    expect(got?.claims.sub).toBe('https://crew.example.com');
    expect(got?.urgency).toBe('high');
    expect(got?.ttl).toBe(String(24 * 3600));
  });

  it('refuses what is not a push subscription, with the reason, and stores nothing', async () => {
    const me = await makeUser(app);
    const good = endpoint.device().subscription;
    const cases: [unknown, string][] = [
      [{}, MSG.pushEndpointInvalid],
      [{ ...good, endpoint: 'not a url' }, MSG.pushEndpointInvalid],
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, MSG.pushEndpointInvalid],
      [{ ...good, endpoint: `https://user:pw@${new URL(good.endpoint).host}/push/a` }, MSG.pushEndpointInvalid],
      [{ ...good, endpoint: `https://a.b/${'x'.repeat(2048)}` }, MSG.pushEndpointInvalid],
      // Any https URL but a push service's would make the server a proxy into the network (SSRF).
      [{ ...good, endpoint: 'https://169.254.169.254/latest/meta-data' }, MSG.pushServiceNotAllowed],
      [{ ...good, endpoint: 'https://localhost/push/a' }, MSG.pushServiceNotAllowed],
      [{ ...good, endpoint: `https://127.0.0.1:1/push/a` }, MSG.pushServiceNotAllowed],
      [{ endpoint: good.endpoint }, MSG.pushKeysInvalid],
      [{ ...good, keys: { p256dh: 'short', auth: good.keys.auth } }, MSG.pushKeysInvalid],
      [{ ...good, keys: { p256dh: good.keys.p256dh, auth: `${good.keys.auth}==` } }, MSG.pushKeysInvalid],
      [{ ...good, keys: 'x' }, MSG.pushKeysInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await me.client.post('/api/push/subscriptions', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await me.client.get<PushInfo>('/api/push')).body.devices).toBe(0);
  });

  it('a device that signs in as someone else moves to them; removing needs the owner', async () => {
    const group = freshGroup();
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    const shared = await subscribe(a);
    await subscribe(b, shared);
    expect((await a.client.get<PushInfo>('/api/push')).body.devices).toBe(0);
    expect((await b.client.get<PushInfo>('/api/push')).body.devices).toBe(1);
    // a cannot turn off b's device by naming its address.
    expect((await a.client.post('/api/push/subscriptions/remove', { endpoint: shared.subscription.endpoint })).status).toBe(200);
    expect((await b.client.get<PushInfo>('/api/push')).body.devices).toBe(1);
  });

  it('forgets a device its push service reports gone (410), keeps it on other failures', async () => {
    const me = await makeUser(app);
    const gone = await subscribe(me);
    const flaky = await subscribe(me);
    gone.status = 410;
    flaky.status = 500;
    expect((await me.client.post<PushTestResult>('/api/push/test')).body).toEqual({ sent: 0 });
    const left = await rows('select endpoint from push_subscriptions where user_id = ?', [me.user.id]);
    expect(left.map((r) => r.endpoint)).toEqual([flaky.subscription.endpoint]);
  });
});

describe('an endpoint read one way and connected to another (docs/decisions/0019, SSRF)', () => {
  // new URL() reads a WNS host in each; web-push's url.parse() connects to 127.0.0.1 or localhost, port 443.
  const REPRODUCTIONS = ['https://localhost%2Enotify.windows.com/x', 'https://127.0.0.1;.notify.windows.com/'];

  it('is refused on subscribe, and one stored anyway is never connected to: every push goes through the allowlisted agent', async () => {
    const wns = await startTestApp({ ...endpoint.env, PUSH_ENDPOINT_HOSTS: `${endpoint.env.PUSH_ENDPOINT_HOSTS},*.notify.windows.com` });
    try {
      const me = await makeUser(wns);
      const good = endpoint.device();
      for (const bad of REPRODUCTIONS) {
        const res = await me.client.post('/api/push/subscriptions', { ...good.subscription, endpoint: bad });
        expect(res.status, bad).toBe(400);
        expect(res.body.message).toBe(MSG.pushServiceNotAllowed);
      }
      expect((await me.client.post('/api/push/subscriptions', good.subscription)).status).toBe(201);
      // As if stored before the check read the endpoint the way web-push does.
      const db = wns.server.deps.orm.em.fork().getConnection();
      for (const bad of REPRODUCTIONS) {
        await db.execute('insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (?, ?, ?, ?)', [
          me.user.id,
          bad,
          good.subscription.keys.p256dh,
          good.subscription.keys.auth,
        ]);
      }
      const connect = vi.spyOn(tls, 'connect');
      try {
        expect((await me.client.post<PushTestResult>('/api/push/test')).body).toEqual({ sent: 1 });
        const opened = connect.mock.calls.map(([o]) => {
          const options = o as unknown as { host?: string; port?: number | string };
          return `${options.host}:${options.port}`;
        });
        expect(opened).toEqual([endpoint.env.PUSH_ENDPOINT_HOSTS]);
      } finally {
        connect.mockRestore();
      }
      expect(good.received).toHaveLength(1);
    } finally {
      await wns.close();
    }
  });
});

describe('what is pushed', () => {
  it('a new match to both crew, an offer to its recipient, the answer to its sender, a message to its reader; never to the one who acted', async () => {
    const group = freshGroup();
    const ann = await makeUser(app, { ...group, firstName: 'Ann', lastName: 'Pilot' });
    const bob = await makeUser(app, { ...group, firstName: 'Bob', lastName: 'Crew' });
    const annPhone = await subscribe(ann);
    const bobPhone = await subscribe(bob);
    const bobLaptop = await subscribe(bob);

    await ann.client.post('/api/requests', requestBody({ date: '2099-06-01', route: 'PUSH1' }));
    const bobs = (await bob.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-06-01', route: 'ANY' }))).body;
    await expect.poll(() => titles(annPhone)).toEqual([PUSH_TEXT.matchTitle]);
    await expect.poll(() => titles(bobLaptop)).toEqual([PUSH_TEXT.matchTitle]);
    // Whose trip on which day matches which request of the reader's (docs/decisions/0042).
    expect(annPhone.received[0]?.payload).toMatchObject({ body: "Bob Crew's pickup on Jun 1 (ANY) matches your drop", url: '/matches' });
    expect(bobPhone.received[0]?.payload).toMatchObject({ body: "Ann Pilot's drop on Jun 1 (PUSH1) matches your pickup", url: '/matches' });

    const offer = await sendOffer(ann, bobs);
    await expect.poll(() => titles(bobPhone)).toEqual([PUSH_TEXT.matchTitle, PUSH_TEXT.offerTitle]);
    expect(bobPhone.received[1]?.payload).toEqual({
      title: PUSH_TEXT.offerTitle,
      // From Bob's side, both parties named (protocol/offerText.ts): Ann picks up his trip, gives hers.
      body: 'Ann Pilot wants to pick up your ANY (Jun 1) and offers their P-OFFER in exchange',
      url: '/trades?tab=requests',
      tag: `offer-${offer.id}`,
    });
    await bob.client.put(`/api/trade-requests/${offer.id}`, { status: 'declined' });
    await expect.poll(() => titles(annPhone)).toEqual([PUSH_TEXT.matchTitle, PUSH_TEXT.declinedTitle]);
    expect(annPhone.received[1]?.payload).toMatchObject({
      body: 'Bob Crew declined your offer to pick up their ANY (Jun 1) for your P-OFFER',
      url: '/trades?tab=approved',
    });

    await bob.client.post('/api/messages', { toUserId: ann.user.id, content: `Line one\nline two ${'x'.repeat(200)}` });
    await expect.poll(() => annPhone.received.length).toBe(3);
    const message = annPhone.received[2]!.payload;
    expect(message).toMatchObject({
      title: PUSH_TEXT.messageTitle('Bob Crew'),
      url: `/messages?user=${bob.user.id}`,
      tag: `dm-${bob.user.id}`,
    });
    expect(message.body.startsWith('Line one line two xxx')).toBe(true);
    expect([...message.body].length).toBe(140);
    expect(message.body.endsWith('…')).toBe(true);
    // The actor's own devices heard nothing of their own offer, answer or message.
    expect(titles(bobPhone)).toEqual([PUSH_TEXT.matchTitle, PUSH_TEXT.offerTitle]);
    expect(titles(bobLaptop)).toEqual([PUSH_TEXT.matchTitle, PUSH_TEXT.offerTitle]);
  });

  it('a counter-offer to the original sender, as a counter; a standing rule’s accept to the owner and the sender (docs/decisions/0045)', async () => {
    const group = freshGroup();
    const ann = await makeUser(app, { ...group, firstName: 'Ann', lastName: 'Pilot' });
    const bob = await makeUser(app, { ...group, firstName: 'Bob', lastName: 'Crew' });
    const annPhone = await subscribe(ann);
    const bobPhone = await subscribe(bob);
    const trade = (
      await ann.client.post(
        '/api/requests',
        requestBody({ type: 'trade', date: '2099-06-03', route: 'OGG100', desiredDates: ['2099-06-09'] }),
      )
    ).body;
    const offer = await sendOffer(bob, trade, { requestType: 'trade', tradeDate: '2099-06-09', offerRoute: 'OGG200' });
    await expect.poll(() => titles(annPhone)).toEqual([PUSH_TEXT.offerTitle]);
    await ann.client.post(`/api/trade-requests/${offer.id}/counter`, { tradeDate: '2099-06-09', offerRoute: 'OGG300' });
    await expect.poll(() => titles(bobPhone)).toEqual([PUSH_TEXT.counterTitle]);
    expect(bobPhone.received[0]?.payload).toMatchObject({
      body: 'Ann Pilot asks for your OGG300 (Jun 9) instead, for their OGG100 (Jun 3)',
    });

    const drop = (await ann.client.post('/api/requests', requestBody({ date: '2099-06-05', route: 'ATL900', autoAccept: true }))).body;
    await sendOffer(bob, drop, { requestType: 'pickup', tradeDate: '2099-06-05', offerRoute: 'none' });
    await expect.poll(() => titles(annPhone)).toEqual([PUSH_TEXT.offerTitle, PUSH_TEXT.offerTitle, PUSH_TEXT.ruleAcceptedTitle]);
    expect(annPhone.received[2]?.payload).toMatchObject({
      body: 'Your drop of ATL900 on Jun 5 was taken by Bob Crew',
      url: '/trades?tab=approved',
    });
    await expect.poll(() => titles(bobPhone)).toEqual([PUSH_TEXT.counterTitle, PUSH_TEXT.acceptedTitle]);
    expect(bobPhone.received[1]?.payload.body).toMatch(/^Ann Pilot's standing rule accepted your offer/);
  });

  it('a proposed three-way chain to each member, naming the other two; its answers push nothing', async () => {
    let phones: TestDevice[] = [];
    const ring = await postRing(app, {
      before: async ({ a, b, c }) => {
        phones = await Promise.all([a, b, c].map((u) => subscribe(u)));
      },
    });
    await expect.poll(() => phones.map(titles)).toEqual([[PUSH_TEXT.chainTitle], [PUSH_TEXT.chainTitle], [PUSH_TEXT.chainTitle]]);
    const chain = (await ring.a.client.get<{ id: number }[]>('/api/chains')).body[0]!;
    expect(phones[0]!.received[0]?.payload).toEqual({
      title: PUSH_TEXT.chainTitle,
      body: PUSH_TEXT.chainBody(['Bo Crew', 'Cy Crew']),
      url: '/matches',
      tag: `chain-${chain.id}`,
    });
    await ring.b.client.post(`/api/chains/${chain.id}/accept`);
    await ring.c.client.post(`/api/chains/${chain.id}/decline`);
    await app.server.deps.events.settled();
    expect(phones.map((p) => p.received.length)).toEqual([1, 1, 1]);
  });

  it('a push that fails never fails the write that caused it', async () => {
    const group = freshGroup();
    const ann = await makeUser(app, group);
    const bob = await makeUser(app, group);
    const dead = await subscribe(bob);
    dead.status = 500;
    const res = await ann.client.post('/api/messages', { toUserId: bob.user.id, content: 'still sent' });
    expect(res.status).toBe(201);
    expect((await bob.client.get<{ content: string }[]>(`/api/messages/${ann.user.id}`)).status).toBe(200);
  });

  it('an account an admin deletes takes its devices with it', async () => {
    const me = await makeUser(app);
    await subscribe(me);
    const admin = await makeAdmin(app);
    expect((await admin.client.delete(`/api/admin/users/${me.user.id}`)).status).toBe(200);
    expect(await rows('select 1 from push_subscriptions where user_id = ?', [me.user.id])).toEqual([]);
  });
});

describe('the VAPID keys', () => {
  it('are generated once and shared by every instance on the database; configured keys win', async () => {
    const key = (await (await makeUser(app)).client.get<PushInfo>('/api/push')).body.publicKey;
    const second = await startTestApp(endpoint.env, app.databaseUrl);
    try {
      expect((await (await makeUser(second)).client.get<PushInfo>('/api/push')).body.publicKey).toBe(key);
    } finally {
      await second.close();
    }
    const configured = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    const third = await startTestApp({ ...endpoint.env, ...configured }, app.databaseUrl);
    try {
      expect((await (await makeUser(third)).client.get<PushInfo>('/api/push')).body.publicKey).toBe(configured.VAPID_PUBLIC_KEY);
    } finally {
      await third.close();
    }
  });
});

describe('who has devices, on every instance', () => {
  it('an instance started after a device was turned on pushes to it (the list is read at start)', async () => {
    const group = freshGroup();
    const ann = await makeUser(app, { ...group, firstName: 'Ann' });
    const bob = await makeUser(app, { ...group, firstName: 'Bob' });
    const phone = await subscribe(ann);
    const second = await startTestApp(endpoint.env, app.databaseUrl);
    try {
      const on = (u: SignedInUser) => second.client().setCookieHeader(u.client.cookieHeader);
      await on(ann).post('/api/requests', requestBody({ date: '2099-07-01', route: 'LATE1' }));
      await on(bob).post('/api/requests', requestBody({ type: 'pickup', date: '2099-07-01', route: 'ANY' }));
      await expect.poll(() => titles(phone)).toEqual([PUSH_TEXT.matchTitle]);
    } finally {
      await second.close();
    }
  });

  it('a device turned on through one instance is pushed about a match another instance commits', async () => {
    const pair = await startInstancesOnOwnRedis(endpoint.env);
    try {
      const group = freshGroup();
      const ann = await makeUser(pair.one, { ...group, firstName: 'Ann' });
      const bob = await makeUser(pair.one, { ...group, firstName: 'Bob' });
      const phone = endpoint.device();
      expect((await ann.client.post('/api/push/subscriptions', phone.subscription)).status).toBe(201);
      const onTwo = (u: SignedInUser) => pair.two.client().setCookieHeader(u.client.cookieHeader);
      await onTwo(ann).post('/api/requests', requestBody({ date: '2099-08-01', route: 'PEER1' }));
      await onTwo(bob).post('/api/requests', requestBody({ type: 'pickup', date: '2099-08-01', route: 'ANY' }));
      await expect.poll(() => titles(phone)).toEqual([PUSH_TEXT.matchTitle]);
    } finally {
      await pair.close();
    }
  });
});
