import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { startInstancesOnOwnRedis, type InstancesOnOwnRedis } from '../../test/instances-on-own-redis.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { ThrowawayRedis } from '../../test/throwaway-services.ts';
import { waitFor } from '../requests/requests.fixtures.ts';

let pair: InstancesOnOwnRedis | undefined;
let redis: ThrowawayRedis;
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  // A Redis of this test's own: it is stopped and restarted below.
  pair = await startInstancesOnOwnRedis();
  ({ redis, one, two } = pair);
});
afterAll(async () => {
  await pair?.close();
});

describe('session cache across a Redis outage', () => {
  it('a sign-out made while Redis was down ends the session on the other instance soon after Redis returns, not when the entry ages out', async () => {
    const crew = await makeUser(one, { base: 'OUT' });
    const cookie = crew.client.cookieHeader;
    const onTwo = two.client().setCookieHeader(cookie);
    // Instance two reads the session and keeps it.
    expect((await onTwo.get('/api/auth/user')).status).toBe(200);

    await redis.stop();
    expect((await crew.client.get('/api/logout')).status).toBe(302);
    expect((await one.client().setCookieHeader(cookie).get('/api/auth/user')).status).toBe(401);
    // Instance two never heard of it: its cached copy still answers (until the 30 s limit).
    expect((await onTwo.get('/api/auth/user')).status).toBe(200);

    await redis.start();
    // The clients reconnect within about a second; well inside the 30 s limit.
    expect(await waitFor(async () => (await onTwo.get('/api/auth/user')).status === 401, 8_000)).toBe(true);
  });
});
