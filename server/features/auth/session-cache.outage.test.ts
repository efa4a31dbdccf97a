import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { useInstancesOnOwnRedis } from '../../test/instances-on-own-redis.ts';
import { waitFor } from '../requests/requests.fixtures.ts';

// A Redis of this file's own: it is stopped and restarted below.
const instances = useInstancesOnOwnRedis();

describe('session cache across a Redis outage', () => {
  it('a sign-out made while Redis was down ends the session on the other instance soon after Redis returns, not when the entry ages out', async () => {
    const { redis, one, two } = instances();
    const crew = await makeUser(one, { base: 'OUT' });
    const cookie = crew.client.cookieHeader;
    const onTwo = two.client().setCookieHeader(cookie);
    // Instance two reads the session and keeps it.
    expect((await onTwo.get('/api/auth/user')).status).toBe(200);

    await redis.stop();
    expect((await crew.client.post('/api/logout')).status).toBe(200);
    expect((await one.client().setCookieHeader(cookie).get('/api/auth/user')).status).toBe(401);
    // Instance two never heard of it: its cached copy still answers (until the 30 s limit).
    expect((await onTwo.get('/api/auth/user')).status).toBe(200);

    await redis.start();
    // The clients reconnect within about a second; well inside the 30 s limit.
    expect(await waitFor(async () => (await onTwo.get('/api/auth/user')).status === 401, 8_000)).toBe(true);
  });
});
