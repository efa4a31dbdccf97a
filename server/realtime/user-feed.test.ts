// The per-user feed (badge counts): loaded only for users with a socket on this instance, one load
// at a time with the ids that went stale meanwhile together, and sent to those sockets only.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '#protocol/shapes.ts';
import type { IoServer } from './publisher.ts';
import { rooms } from './rooms.ts';
import { peerChannels } from '../caches/peer-channels.ts';
import { createUserFeed } from './user-feed.ts';

let io: IoServer;
let url: string;
const clients: Socket[] = [];

beforeAll(async () => {
  const http = createServer();
  io = new Server(http);
  // Stands in for the session handshake: the socket joins the room of the user it names.
  io.use((socket, next) => void Promise.resolve(socket.join(rooms.user(Number(socket.handshake.auth.userId)))).then(() => next()));
  await new Promise<void>((resolve) => http.listen(0, resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  clients.forEach((c) => c.close());
  await io?.close();
});

async function socketOf(userId: number): Promise<Socket> {
  const socket = connect(url, { auth: { userId }, transports: ['websocket'], forceNew: true, reconnection: false });
  clients.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const stats = (n: number): DashboardStats => ({
  activeRequests: n,
  pendingMatches: 0,
  pendingTrades: 0,
  completedTrades: 0,
  acceptedTrades: 0,
  declinedTrades: 0,
  unacknowledgedNotifications: 0,
  unreadMessages: 0,
});

describe('createUserFeed', () => {
  it('loads and sends only for users connected here, and coalesces a burst', async () => {
    const loads: number[][] = [];
    let version = 0;
    const feed = createUserFeed({
      io,
      caches: undefined,
      channel: peerChannels.badges,
      event: 'badges',
      log: { warn: () => undefined },
      async load(userIds) {
        loads.push([...userIds]);
        version++;
        await new Promise((r) => setTimeout(r, 20));
        return new Map(userIds.map((id) => [id, stats(version)]));
      },
    });
    const online = await socketOf(101);
    const heard: DashboardStats[] = [];
    online.on('badges', (s: DashboardStats) => heard.push(s));

    // Nobody connected: no load at all.
    await feed([201, 202]);
    expect(loads).toEqual([]);

    // Three commits in one tick share a load; three more while it runs wait and go out as one.
    const first = Promise.all([feed([101, 201]), feed([101]), feed([101, 202])]);
    await new Promise((r) => setTimeout(r, 5));
    await Promise.all([first, feed([101]), feed([101, 202]), feed([101])]);
    expect(loads).toEqual([[101], [101]]);
    await expect.poll(() => heard.length).toBe(2);
    // The last state sent is the newest.
    expect(heard.at(-1)!.activeRequests).toBe(2);
  });

  it('a failing load is logged and the next refresh still goes out', async () => {
    const warnings: unknown[] = [];
    let fail = true;
    const feed = createUserFeed({
      io,
      caches: undefined,
      channel: peerChannels.badges,
      event: 'badges',
      log: { warn: (o: unknown) => warnings.push(o) },
      async load(userIds) {
        if (fail) throw new Error('database away');
        return new Map(userIds.map((id) => [id, stats(7)]));
      },
    });
    const socket = await socketOf(301);
    await feed([301]);
    expect(warnings).toHaveLength(1);
    fail = false;
    const heard = new Promise<DashboardStats>((resolve) => socket.once('badges', resolve));
    await feed([301]);
    expect((await heard).activeRequests).toBe(7);
  });
});
