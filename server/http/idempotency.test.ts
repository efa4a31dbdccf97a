// A create retried with its client key is stored once, on every route the web client retries:
// requests, offers, direct messages and base chat. Sequential retries answer 200 with what was
// stored; concurrent ones store one row between them; a retry's images are not kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { freshGroup } from '../features/offers/offers.fixtures.ts';
import { inDays, requestBody, requestForm } from '../features/requests/requests.fixtures.ts';
import { listUploads, TINY_PNG } from '../test/uploads.ts';
import { waitFor } from '../test/wait-for.ts';
import { makeUser, type SignedInUser } from '../test/factories.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let app: TestApp;
let me: SignedInUser;
let mate: SignedInUser;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_OVERRIDES: 'register=100000,forgotPassword=100000,messages=100000' });
  const group = freshGroup();
  me = await makeUser(app, group);
  mate = await makeUser(app, group);
});
afterAll(async () => {
  await app?.close();
});

interface KeyedRoute {
  path: string;
  /** The JSON body with the key; a fresh target each call where one pending create per target is the rule. */
  body: (clientKey: string) => Promise<Record<string, unknown>> | Record<string, unknown>;
  table: string;
  owner: string;
  imageField?: string;
}

const ROUTES: Record<string, KeyedRoute> = {
  'POST /api/requests': {
    path: '/api/requests',
    body: (clientKey) => ({ ...requestBody({ date: inDays(12) }), clientKey }),
    table: 'requests',
    owner: 'user_id',
    imageField: 'tripImages',
  },
  'POST /api/trade-requests': {
    path: '/api/trade-requests',
    body: async (clientKey) => {
      const t = (await mate.client.post('/api/requests', requestBody({ date: inDays(26) }))).body;
      return { toUserId: mate.user.id, requestId: t.id, tradeDate: t.date, offerRoute: 'OK1', requestType: 'pickup', clientKey };
    },
    table: 'trade_requests',
    owner: 'from_user_id',
    imageField: 'tradeRequestImages',
  },
  'POST /api/messages': {
    path: '/api/messages',
    body: (clientKey) => ({ toUserId: mate.user.id, content: 'once please', clientKey }),
    table: 'messages',
    owner: 'from_user_id',
    imageField: 'attachments',
  },
  'POST /api/base-chat': {
    path: '/api/base-chat',
    body: (clientKey) => ({ content: 'once please', chatType: 'reserve', clientKey }),
    table: 'base_chat_messages',
    owner: 'user_id',
    imageField: 'photos',
  },
};

const rowsWithKey = async (r: KeyedRoute, key: string) =>
  (await sql(app.databaseUrl, `select id from ${r.table} where ${r.owner} = $1 and client_key = $2`, [me.user.id, key])).map((x) => x.id);

describe.each(Object.entries(ROUTES))('%s with a client key', (_name, route) => {
  it('a sequential retry answers 200 with the stored one and stores nothing new', async () => {
    const key = randomUUID();
    const body = await route.body(key);
    const first = await me.client.post(route.path, body);
    expect(first.status, first.text).toBe(201);
    const again = await me.client.post(route.path, body);
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await rowsWithKey(route, key)).toEqual([first.body.id]);
  });

  it('concurrent retries store one row between them', async () => {
    const key = randomUUID();
    const body = await route.body(key);
    const results = await Promise.all(Array.from({ length: 6 }, () => me.client.post(route.path, body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await rowsWithKey(route, key)).toHaveLength(1);
  });

  it('a retry with images keeps only the first attempt’s files', async () => {
    if (!route.imageField) return;
    const key = randomUUID();
    const fields = await route.body(key);
    const send = () =>
      me.client.post(route.path, requestForm(fields, [{ name: 'a.png', type: 'image/png', bytes: TINY_PNG, field: route.imageField }]));
    const first = await send();
    expect(first.status, first.text).toBe(201);
    const before = await listUploads(app.uploadDir);
    expect((await send()).status).toBe(200);
    // The second attempt's file is released after its commit.
    const settled = await waitFor(async () => {
      const now = await listUploads(app.uploadDir);
      return now.length === before.length ? now : undefined;
    });
    expect(settled).toEqual(before);
  });

  it('a different key is a new one', async () => {
    const a = await me.client.post(route.path, await route.body(randomUUID()));
    const b = await me.client.post(route.path, await route.body(randomUUID()));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
  });
});
