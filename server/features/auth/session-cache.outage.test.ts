import { describe, expect, it } from 'vitest';
import { makeAdmin, makeUser } from '../../test/factories.ts';
import { useInstancesOnOwnRedis } from '../../test/instances-on-own-redis.ts';
import { connectSocket } from '../../test/socket-client.ts';
import { waitFor } from '../../test/wait-for.ts';

// A Redis of this file's own: it is stopped and restarted below.
const instances = useInstancesOnOwnRedis();

describe('session cache across a Redis outage', () => {
  it('a sign-out made while Redis is down ends the session on the other instance at once', async () => {
    const { redis, one, two } = instances();
    const crew = await makeUser(one, { base: 'OUT' });
    const cookie = crew.client.cookieHeader;
    const onTwo = two.client().setCookieHeader(cookie);
    // Instance two reads the session and keeps it.
    expect((await onTwo.get('/api/auth/user')).status).toBe(200);

    await redis.stop();
    try {
      expect((await crew.client.post('/api/logout')).status).toBe(200);
      expect((await one.client().setCookieHeader(cookie).get('/api/auth/user')).status).toBe(401);
      // Instance two cannot hear of it, so it does not serve sessions from memory while the peers are away.
      expect((await onTwo.get('/api/auth/user')).status).toBe(401);
    } finally {
      await redis.start();
    }
  });

  it('a user deleted on one instance while Redis is down gets 401 and loses their socket on the other within seconds; caching resumes with Redis', async () => {
    const { redis, one, two } = instances();
    const admin = await makeAdmin(two, { base: 'DEL' });
    const crew = await makeUser(one, { base: 'DEL' });
    expect((await crew.client.get('/api/auth/user')).status).toBe(200);
    const socket = await connectSocket(one.url, crew.client.cookieHeader);
    const dropped = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
    try {
      await redis.stop();
      const deletedAt = Date.now();
      expect((await admin.client.delete(`/api/admin/users/${crew.user.id}`)).status).toBeLessThan(300);
      expect((await crew.client.get('/api/auth/user')).status).toBe(401);
      const droppedAt = await Promise.race([dropped, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 8_000))]);
      expect(droppedAt - deletedAt).toBeLessThan(5_000);
    } finally {
      socket.close();
      await redis.start();
    }

    // With the peers back, sessions are served from memory again.
    const back = await makeUser(one, { base: 'DEL' });
    const cache = one.server.deps.sessionCache;
    expect(await waitFor(async () => (await back.client.get('/api/auth/user')).status === 200 && cache.size > 0, 8_000)).toBe(true);
  });
});
