import { describe, expect, it } from 'vitest';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser } from '../../test/factories.ts';
import { useInstancesOnOwnRedis } from '../../test/instances-on-own-redis.ts';
import { requestBody } from '../requests/requests.fixtures.ts';
import { waitFor } from '../../test/wait-for.ts';

// A Redis of this file's own: it is stopped and restarted below.
const instances = useInstancesOnOwnRedis();

describe('board cache across a Redis outage', () => {
  it('a change made while Redis was down shows on the other instance soon after Redis returns, not only when the entry ages out', async () => {
    const { redis, one, two } = instances();
    const reader = await makeUser(one, { base: 'OUT' });
    const poster = await makeUser(one, { base: 'OUT' });
    const readerOnTwo = two.client().setCookieHeader(reader.client.cookieHeader);
    const idsOnTwo = async () => ((await readerOnTwo.get<TradeRequestItem[]>('/api/all-trades')).body ?? []).map((r) => r.id);
    expect(await idsOnTwo()).toEqual([]);

    await redis.stop();
    const created = await poster.client.post('/api/requests', requestBody());
    expect(created.status).toBe(201);
    // Instance two never heard of it: its copy is stale (until the 30 s age limit).
    expect(await idsOnTwo()).toEqual([]);

    await redis.start();
    // The clients reconnect within about a second; well inside the age limit.
    expect(await waitFor(async () => (await idsOnTwo()).includes(created.body.id), 8_000)).toBe(true);
  });
});
