import { startTestApp, type TestApp } from './test-app.ts';

/** The Redis the tests share (each test file's keys and rooms are its own: own database, own users). */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TwoInstances {
  one: TestApp;
  two: TestApp;
  close(): Promise<void>;
}

/**
 * Two instances of the app on one fresh database and one Redis (the shared test Redis unless
 * given), as behind a load balancer: what one publishes or invalidates reaches the other through
 * the Redis adapter. The first instance owns the database, so it closes last.
 */
export async function startTwoInstances(redisUrl: string = TEST_REDIS_URL): Promise<TwoInstances> {
  const one = await startTestApp({ REDIS_URL: redisUrl });
  let two: TestApp;
  try {
    two = await startTestApp({ REDIS_URL: redisUrl }, one.databaseUrl);
  } catch (err) {
    await one.close();
    throw err;
  }
  return {
    one,
    two,
    async close() {
      try {
        await two.close();
      } finally {
        await one.close();
      }
    },
  };
}
