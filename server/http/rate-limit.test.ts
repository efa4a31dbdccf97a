import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createRateLimits } from './rate-limit.ts';

describe('rate limits with Redis down', () => {
  // Nothing listens on port 1: the client never becomes ready, as during an outage.
  const down = new Redis('redis://127.0.0.1:1', { lazyConnect: false, enableOfflineQueue: false, maxRetriesPerRequest: 2 });
  down.on('error', () => undefined);
  afterAll(() => down.disconnect());

  it('answer at once from the in-memory insurance and still refuse past the limit', async () => {
    const limits = createRateLimits(down, { login: 3 });
    const started = Date.now();
    for (let i = 0; i < 3; i++) await limits.consume('login', 'k');
    const refused = await limits.consume('login', 'k').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect(await limits.isSpent('login', 'k')).toBe(true);
    await limits.reset('login', 'k');
    expect(await limits.used('login', 'k')).toBe(0);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('the same with a client that queues commands while it reconnects', async () => {
    const queued = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 20 });
    queued.on('error', () => undefined);
    try {
      const limits = createRateLimits(queued);
      const started = Date.now();
      await limits.consume('loginAddress', 'k');
      expect(await limits.used('loginAddress', 'k')).toBe(1);
      expect(Date.now() - started).toBeLessThan(500);
    } finally {
      queued.disconnect();
    }
  });
});

describe('rate limit overrides', () => {
  it('apply to every named limit, the new sign-in ones included', async () => {
    const limits = createRateLimits(undefined, { loginAccount: 1 });
    await limits.consume('loginAccount', 'a@example.com');
    expect(await limits.isSpent('loginAccount', 'a@example.com')).toBe(true);
    expect(await limits.isSpent('loginAddress', '10.0.0.1')).toBe(false);
  });
});
