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
