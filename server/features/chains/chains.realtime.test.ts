// What the members of a chain hear, live, on two instances sharing Redis: the proposal, each
// answer and the end; a colleague outside the chain hears none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainItem } from '#protocol/shapes.ts';
import { makeUser } from '../../test/factories.ts';
import { connectSocket, nextEventWhere, type TestSocket } from '../../test/socket-client.ts';
import { startTwoInstances, type TwoInstances } from '../../test/two-instances.ts';
import { onlyChain, postRing } from './chains.fixtures.ts';

let apps: TwoInstances;
beforeAll(async () => {
  apps = await startTwoInstances();
});
afterAll(async () => {
  await apps?.close();
});

const chainWhere = (socket: TestSocket, check: (c: ChainItem) => boolean) => nextEventWhere(socket, 'chain:update', check);

describe('chain:update', () => {
  it('reaches all three members on either instance, over WebSocket and polling; an outsider hears nothing', async () => {
    let sockets: TestSocket[] = [];
    let proposed: Promise<ChainItem>[] = [];
    let outsiderGot = 0;
    const ring = await postRing(apps.one, {
      before: async ({ a, b, c, group }) => {
        const outsider = await makeUser(apps.one, group);
        sockets = await Promise.all([
          connectSocket(apps.one.url, a.client.cookieHeader),
          connectSocket(apps.two.url, b.client.cookieHeader),
          connectSocket(apps.two.url, c.client.cookieHeader, undefined, { transports: ['polling'] }),
          connectSocket(apps.two.url, outsider.client.cookieHeader),
        ]);
        sockets[3]!.on('chain:update', () => outsiderGot++);
        proposed = sockets.slice(0, 3).map((s) => chainWhere(s, (x) => x.status === 'proposed'));
      },
    });
    try {
      const heard = await Promise.all(proposed);
      const chain = await onlyChain(ring.a);
      for (const h of heard) expect(h).toEqual(chain);

      const accepted = sockets
        .slice(0, 3)
        .map((s) => chainWhere(s, (x) => x.members.some((m) => m.user.id === ring.b.user.id && m.decision === 'accepted')));
      await ring.b.client.post(`/api/chains/${chain.id}/accept`);
      await Promise.all(accepted);

      const declined = sockets.slice(0, 3).map((s) => chainWhere(s, (x) => x.status === 'declined'));
      await ring.c.client.post(`/api/chains/${chain.id}/decline`);
      await Promise.all(declined);
      expect(outsiderGot).toBe(0);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });

  it('a completion moves the three members’ badges (their active requests), live', async () => {
    const ring = await postRing(apps.one);
    const chain = await onlyChain(ring.a);
    const socket = await connectSocket(apps.two.url, ring.a.client.cookieHeader);
    try {
      for (const u of [ring.b, ring.c]) await u.client.post(`/api/chains/${chain.id}/accept`);
      const badges = nextEventWhere(socket, 'badges', (s) => s.activeRequests === 0);
      await ring.a.client.post(`/api/chains/${chain.id}/accept`);
      expect((await badges).activeRequests).toBe(0);
    } finally {
      socket.disconnect();
    }
  });

  it('tells the members when a request’s deletion cancels their chain', async () => {
    const ring = await postRing(apps.two);
    const chain = await onlyChain(ring.a);
    const socket = await connectSocket(apps.one.url, ring.a.client.cookieHeader);
    try {
      const cancelled = chainWhere(socket, (x) => x.id === chain.id && x.status === 'cancelled');
      await ring.b.client.delete(`/api/requests/${ring.rb}`);
      const heard = await cancelled;
      expect(heard.members.find((m) => m.user.id === ring.b.user.id)?.request).toBeNull();
    } finally {
      socket.disconnect();
    }
  });
});
