import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from './errors.ts';

/** Named limits (ARCHITECTURE.md section 7): points per window, keyed by the caller's address (and more). */
export const LIMITS = {
  login: { points: 10, duration: 15 * 60 },
  register: { points: 10, duration: 60 * 60 },
  forgotPassword: { points: 5, duration: 15 * 60 },
  messages: { points: 60, duration: 60 },
  support: { points: 5, duration: 60 * 60 },
} as const;
export type LimitName = keyof typeof LIMITS;

export interface RateLimits {
  /** Counts one attempt for key; throws a 429 once the window's points are spent. */
  consume(name: LimitName, key: string): Promise<void>;
  reset(name: LimitName, key: string): Promise<void>;
}

/** Shared in Redis when there is one, so every instance counts together; in memory otherwise. */
export function createRateLimits(redis: Redis | undefined, overrides: Record<string, number> = {}): RateLimits {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, defaults] of Object.entries(LIMITS) as [LimitName, (typeof LIMITS)[LimitName]][]) {
    const opts = { ...defaults, points: overrides[name] ?? defaults.points };
    limiters.set(
      name,
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${name}`, ...opts, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory({ keyPrefix: name, ...opts }),
    );
  }
  return {
    async consume(name, key) {
      try {
        await limiters.get(name)!.consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooManyRequests();
        throw err;
      }
    },
    async reset(name, key) {
      await limiters.get(name)!.delete(key);
    },
  };
}
