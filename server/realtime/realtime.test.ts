import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../test/factories.ts';
import { connectSocket, nextEvent } from '../test/socket-client.ts';
import type { TestApp } from '../test/test-app.ts';
import { startTwoInstances, type TwoInstances } from '../test/two-instances.ts';
import { rooms } from './rooms.ts';

// Two instances sharing one database and Redis, as behind a load balancer.
let pair: TwoInstances | undefined;
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  pair = await startTwoInstances();
  ({ one, two } = pair);
});
afterAll(async () => {
  await pair?.close();
});

describe('Socket.IO channel', () => {
  it('refuses a socket without a session', async () => {
    await expect(connectSocket(one.url, '')).rejects.toThrow(/unauthorized/);
    await expect(connectSocket(one.url, 'crewtrade.sid=forged-token-value-1234567890')).rejects.toThrow(/unauthorized/);
  });

  it('sends the badge counts as soon as a socket connects', async () => {
    const { client } = await makeUser(one);
    let first: Promise<unknown[]> | undefined;
    const socket = await connectSocket(two.url, client.cookieHeader, (s) => {
      first = nextEvent(s, 'badges');
    });
    try {
      expect((await first!)[0]).toEqual({
        activeRequests: 0,
        pendingMatches: 0,
        pendingTrades: 0,
        completedTrades: 0,
        acceptedTrades: 0,
        declinedTrades: 0,
        unacknowledgedNotifications: 0,
        unreadMessages: 0,
      });
    } finally {
      socket.close();
    }
  });

  it('keeps nothing of the handshake once a socket is admitted, and the socket still gets its events', async () => {
    const { client, user } = await makeUser(one);
    const socket = await connectSocket(one.url, client.cookieHeader);
    try {
      const held = [...one.server.deps.io.of('/').sockets.values()].find((s) => s.data.userId === user.id)!;
      expect(held.conn.request).toBeNull();
      expect(held.handshake.headers).toEqual({});
      const received = nextEvent(socket, 'board:remove');
      one.server.deps.publisher.publish(rooms.user(user.id), 'board:remove', { id: 5 });
      expect((await received)[0]).toEqual({ id: 5 });
    } finally {
      socket.close();
    }
  });

  it('delivers an event published on one instance to a socket on the other', async () => {
    const { client, user } = await makeUser(one);
    const socket = await connectSocket(two.url, client.cookieHeader);
    try {
      const received = nextEvent(socket, 'board:remove');
      one.server.deps.publisher.publish(rooms.user(user.id), 'board:remove', { id: 42 });
      expect((await received)[0]).toEqual({ id: 42 });
    } finally {
      socket.close();
    }
  });

  it('puts a socket only in its own user room', async () => {
    const a = await makeUser(one);
    const b = await makeUser(one);
    const socket = await connectSocket(one.url, b.client.cookieHeader);
    try {
      const got: unknown[] = [];
      socket.on('board:remove', (s) => got.push(s));
      one.server.deps.publisher.publish(rooms.user(a.user.id), 'board:remove', { id: 7 });
      await new Promise((r) => setTimeout(r, 300));
      expect(got).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('sign-out disconnects that session’s sockets, on every instance', async () => {
    const { client } = await makeUser(one);
    const socket = await connectSocket(two.url, client.cookieHeader);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await client.post('/api/logout');
    expect(await disconnected).toBe('io server disconnect');
  });
});

describe('session cache across instances', () => {
  it('a sign-out on one instance ends the session on the other at once', async () => {
    const { client } = await makeUser(one);
    const onTwo = two.client().setCookieHeader(client.cookieHeader);
    expect((await onTwo.get('/api/auth/user')).status).toBe(200);
    await client.post('/api/logout');
    await new Promise((r) => setTimeout(r, 100));
    expect((await onTwo.get('/api/auth/user')).status).toBe(401);
  });

  it('a profile change on one instance shows on the other at once', async () => {
    const { client, user } = await makeUser(one);
    const onTwo = two.client().setCookieHeader(client.cookieHeader);
    expect((await onTwo.get('/api/auth/user')).body.base).toBe('ATL');
    const res = await client.put('/api/profile', { ...user, base: 'SEA', emailNotifications: true });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await onTwo.get('/api/auth/user')).body.base).toBe('SEA');
  });
});
