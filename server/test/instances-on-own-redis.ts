import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app.ts';
import { startThrowawayRedis, type ThrowawayRedis } from './throwaway-services.ts';

export interface InstancesOnOwnRedis {
  redis: ThrowawayRedis;
  one: TestApp;
  two: TestApp;
  close(): Promise<void>;
}

/** Two instances on one database and a Redis of the test's own, which the test may stop and restart. */
export async function startInstancesOnOwnRedis(env: Record<string, string> = {}): Promise<InstancesOnOwnRedis> {
  const redis = await startThrowawayRedis();
  const one = await startTestApp({ ...env, REDIS_URL: redis.url });
  const two = await startTestApp({ ...env, REDIS_URL: redis.url }, one.databaseUrl);
  return {
    redis,
    one,
    two,
    async close() {
      try {
        await two.close();
        await one.close();
      } finally {
        await redis.stop();
      }
    },
  };
}

/**
 * The pair for one test file: started before its tests, closed after them. Call the returned
 * function inside a test to get it.
 */
export function useInstancesOnOwnRedis(env: Record<string, string> = {}): () => InstancesOnOwnRedis {
  let pair: InstancesOnOwnRedis | undefined;
  beforeAll(async () => {
    pair = await startInstancesOnOwnRedis(env);
  });
  afterAll(async () => {
    await pair?.close();
  });
  return () => {
    if (!pair) throw new Error('the instances did not start');
    return pair;
  };
}
