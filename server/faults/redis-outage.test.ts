import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBody } from '../features/requests/requests.fixtures.ts';
import { makeUser, PASSWORD } from '../test/factories.ts';
import { connectSocket, nextEvent, type TestSocket } from '../test/socket-client.ts';
import { startInstancesOnOwnRedis, type InstancesOnOwnRedis } from '../test/instances-on-own-redis.ts';
import type { TestApp } from '../test/test-app.ts';
import type { ThrowawayRedis } from '../test/throwaway-services.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await sleep(25);
  }
}

// Both instances run in this process: an error nothing handled would end a real process, so here
// it must not happen at all.
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

let pair: InstancesOnOwnRedis | undefined;
let redis: ThrowawayRedis;
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  // A Redis of this test's own: it is stopped and restarted below.
  pair = await startInstancesOnOwnRedis();
  ({ redis, one, two } = pair);
});
afterAll(async () => {
  await pair?.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
});

describe('Redis outage', () => {
  it('both instances keep serving while Redis is down; when it returns, sockets reconnect and events flow again', async () => {
    const author = await makeUser(one);
    const watcher = await makeUser(two);
    const leaving = await makeUser(two);
    // A browser's socket on instance two, in the author's group, reconnecting as the web client does.
    const socket: TestSocket = io(two.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: watcher.client.cookieHeader },
      forceNew: true,
    });
    const disconnects: string[] = [];
    let connects = 0;
    socket.on('disconnect', (reason) => disconnects.push(reason));
    socket.on('connect', () => connects++);
    const leavingSocket = await connectSocket(two.url, leaving.client.cookieHeader);
    const leavingDropped = new Promise<string>((resolve) => leavingSocket.once('disconnect', resolve));
    try {
      await until(() => socket.connected, 5000, 'the socket connects');

      await redis.stop();
      // Each of these publishes over Redis: a board event from one, a session invalidation and a
      // socket disconnect from two.
      const during = await author.client.post('/api/requests', requestBody());
      expect(during.status).toBe(201);
      expect((await leaving.client.post('/api/logout')).status).toBe(200);
      // The signed-out session's socket on the same instance is dropped at once, Redis or not.
      expect(await leavingDropped).toBe('io server disconnect');
      // Rate limits live in Redis too: the in-memory fallback answers at once.
      const started = Date.now();
      const signIn = await two.client().post('/api/login', { email: author.email, password: PASSWORD });
      expect(signIn.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      // Long enough for the publishes' retries to run out (where an unhandled rejection used to end the process).
      await sleep(1500);
      expect(unhandled).toEqual([]);
      expect((await author.client.get('/api/auth/user')).status).toBe(200);
      expect((await watcher.client.get('/api/auth/user')).status).toBe(200);
      expect(socket.connected).toBe(true);

      await redis.start();
      // Events of the outage were lost to the socket: the instance drops its connection (not a
      // server disconnect, so the client reconnects by itself, and the web client refetches).
      await until(() => connects === 2 && socket.connected, 8000, 'the socket reconnects');
      expect(disconnects).toEqual(['transport close']);

      const upsert = nextEvent(socket, 'board:upsert');
      const after = await author.client.post('/api/requests', requestBody());
      expect(after.status).toBe(201);
      expect((await upsert)[0]).toMatchObject({ id: after.body.id });
      expect(unhandled).toEqual([]);
    } finally {
      socket.close();
      leavingSocket.close();
    }
  });
});
