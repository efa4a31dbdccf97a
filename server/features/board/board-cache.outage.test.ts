import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser } from '../../test/factories.ts';
import { startInstancesOnOwnRedis, type InstancesOnOwnRedis } from '../../test/instances-on-own-redis.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { ThrowawayRedis } from '../../test/throwaway-services.ts';
import { requestBody, waitFor } from '../requests/requests.fixtures.ts';

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

describe('board cache across a Redis outage', () => {
  it('a change made while Redis was down shows on the other instance soon after Redis returns, not only when the entry ages out', async () => {
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
