import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats, DirectMessage } from '#protocol/shapes.ts';
import { makeUser } from '../../test/factories.ts';
import { connectSocket, nextEvent, nextEventWhere, type TestSocket } from '../../test/socket-client.ts';
import { startTwoInstances, type TwoInstances } from '../../test/two-instances.ts';

/**
 * Live direct messages with two instances behind one Redis, as behind a load balancer: what is
 * posted through instance one reaches sockets connected to instance two.
 */
let apps: TwoInstances;
beforeAll(async () => {
  apps = await startTwoInstances();
});
afterAll(async () => {
  await apps?.close();
});

let seq = 0;
const newGroup = () => ({ base: `RT${(seq++).toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(0, 10) });

/** A socket on exactly one transport, as a browser whose network allows only that one. */
function openSocket(url: string, cookie: string, transport: 'websocket' | 'polling'): Promise<TestSocket> {
  const socket: TestSocket = io(url, {
    path: '/socket.io',
    transports: [transport],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Collects every event of that name the socket receives, for "nothing arrived" checks. */
function collect<E extends 'message:new' | 'message:read' | 'conversation:deleted'>(socket: TestSocket, event: E): unknown[] {
  const got: unknown[] = [];
  (socket as unknown as { on: (e: string, l: (p: unknown) => void) => void }).on(event, (p) => got.push(p));
  return got;
}

const badgesWhere = (socket: TestSocket, check: (s: DashboardStats) => boolean) => nextEventWhere(socket, 'badges', check);

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('direct messages across two instances', () => {
  for (const transport of ['websocket', 'polling'] as const) {
    it(`a message posted through instance one reaches the recipient on instance two (${transport}), and the sender's other tab`, async () => {
      const g = newGroup();
      const a = await makeUser(apps.one, g);
      const b = await makeUser(apps.one, g);
      const outsider = await makeUser(apps.one, g);
      const bSocket = await openSocket(apps.two.url, b.client.cookieHeader, transport);
      const aOtherTab = await openSocket(apps.two.url, a.client.cookieHeader, transport);
      const outsiderSocket = await openSocket(apps.two.url, outsider.client.cookieHeader, transport);
      try {
        expect(bSocket.io.engine.transport.name).toBe(transport);
        const leaked = collect(outsiderSocket, 'message:new');
        const toB = nextEvent(bSocket, 'message:new');
        const toA = nextEvent(aOtherTab, 'message:new');
        const badge = badgesWhere(bSocket, (s) => s.unreadMessages === 1);
        const key = randomUUID();
        const res = await a.client.post<DirectMessage>('/api/messages', {
          toUserId: b.user.id,
          content: `over ${transport}`,
          clientKey: key,
        });
        expect(res.status).toBe(201);
        const [received] = await toB;
        expect(received).toEqual({ ...res.body, clientKey: null });
        const [echo] = await toA;
        expect(echo).toEqual(res.body);
        expect(echo.clientKey).toBe(key);
        expect((await badge).unreadMessages).toBe(1);

        // Read marks reach both people; the reader's badge goes back to 0.
        const readByB = nextEvent(aOtherTab, 'message:read');
        const bOwn = nextEvent(bSocket, 'message:read');
        const cleared = badgesWhere(bSocket, (s) => s.unreadMessages === 0);
        expect((await b.client.post(`/api/messages/${a.user.id}/mark-read`)).status).toBe(200);
        expect((await readByB)[0]).toEqual({ readerId: b.user.id, otherUserId: a.user.id });
        expect((await bOwn)[0]).toEqual({ readerId: b.user.id, otherUserId: a.user.id });
        await cleared;
        await settle();
        expect(leaked).toEqual([]);
      } finally {
        bSocket.close();
        aOtherTab.close();
        outsiderSocket.close();
      }
    });
  }

  it("a deleted conversation reaches the caller's other tabs only", async () => {
    const g = newGroup();
    const a = await makeUser(apps.one, g);
    const b = await makeUser(apps.one, g);
    expect((await a.client.post('/api/messages', { toUserId: b.user.id, content: 'hi' })).status).toBe(201);
    const aTab = await connectSocket(apps.two.url, a.client.cookieHeader);
    const bTab = await connectSocket(apps.two.url, b.client.cookieHeader);
    try {
      const bGot = collect(bTab, 'conversation:deleted');
      const deleted = nextEvent(aTab, 'conversation:deleted');
      expect((await a.client.delete(`/api/messages/conversation/${b.user.id}`)).status).toBe(200);
      expect((await deleted)[0]).toEqual({ userId: b.user.id });
      await settle();
      expect(bGot).toEqual([]);
    } finally {
      aTab.close();
      bTab.close();
    }
  });

  it('a retried send (same client key) is delivered once', async () => {
    const g = newGroup();
    const a = await makeUser(apps.one, g);
    const b = await makeUser(apps.one, g);
    const bTab = await connectSocket(apps.two.url, b.client.cookieHeader);
    try {
      const got = collect(bTab, 'message:new');
      const key = randomUUID();
      const first = await a.client.post('/api/messages', { toUserId: b.user.id, content: 'once', clientKey: key });
      // The retry goes through the other instance, as after a reconnect behind a load balancer.
      const retry = await apps.two
        .client()
        .setCookieHeader(a.client.cookieHeader)
        .post('/api/messages', { toUserId: b.user.id, content: 'once', clientKey: key });
      expect([first.status, retry.status]).toEqual([201, 200]);
      await settle();
      expect(got).toHaveLength(1);
    } finally {
      bTab.close();
    }
  });
});
