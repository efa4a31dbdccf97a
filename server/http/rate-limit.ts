import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { MSG } from '#protocol/messages.ts';
import { tooManyRequests } from './errors.ts';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/**
 * Named limits (docs/ARCHITECTURE.md section 7; the sign-in ones are explained in
 * docs/decisions/0006-rate-limits.md, the per-account creates in 0019): points per window in
 * seconds, and the text of the 429 where it is not the general one.
 */
export const LIMITS = {
  /** Sign-in attempts per address and e-mail. */
  login: { points: 10, duration: 15 * MINUTE },
  /** Sign-in attempts per address, whatever the account: one address trying many accounts. */
  loginAddress: { points: 50, duration: 15 * MINUTE },
  /** Failed sign-ins per account, from any address: many addresses trying one account. */
  loginAccount: { points: 20, duration: 15 * MINUTE },
  /** Not a limit: remembers which address signed into, signed up or confirmed which account, which loginAccount lets through. */
  loginKnown: { points: 1_000_000, duration: 14 * DAY },
  register: { points: 10, duration: 60 * MINUTE },
  forgotPassword: { points: 5, duration: 15 * MINUTE },
  messages: { points: 60, duration: MINUTE },
  support: { points: 5, duration: 60 * MINUTE },
  // Creates per account (docs/decisions/0019): past what a busy crew member does in an hour, well
  // short of what a script does in one.
  requests: { points: 60, duration: 60 * MINUTE, message: MSG.tooManyCreates },
  offers: { points: 60, duration: 60 * MINUTE, message: MSG.tooManyCreates },
  scheduleUploads: { points: 40, duration: 60 * MINUTE, message: MSG.tooManyCreates },
  pushSubscriptions: { points: 20, duration: 60 * MINUTE, message: MSG.tooManyCreates },
  pushTest: { points: 10, duration: 60 * MINUTE, message: MSG.tooManyCreates },
  /** Not a refusal: one offer mail per sender and recipient in 10 minutes; later offers reach the bell only. */
  offerMail: { points: 1, duration: 10 * MINUTE },
  /** Not a refusal: match mails per reader and request of theirs in an hour; the rest wait and go out as one (docs/decisions/0042). */
  matchMail: { points: 3, duration: 60 * MINUTE },
  /** Roster uploads and subscriptions per user: each subscription is a request the server makes. */
  roster: { points: 30, duration: 60 * MINUTE },
  /**
   * Fetches of one calendar feed, per token (docs/decisions/0041): calendar apps poll every few
   * minutes to hours, so 30 a minute is retries and several devices; a script looping on one
   * address is held to a fetch every 2 s, most of them served from the feed cache.
   */
  calendarFeed: { points: 30, duration: MINUTE },
} satisfies Record<string, { points: number; duration: number; message?: string }>;
export type LimitName = keyof typeof LIMITS;

export interface RateLimits {
  /** Counts one attempt for key; throws a 429, with the seconds until the window frees a point, once the window's points are spent. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Counts one for key; false, instead of a 429, once the window's points are spent. */
  take(name: LimitName, key: string): Promise<boolean>;
  /** As take, but refused says how long: undefined when allowed, else the milliseconds until the window frees a point. */
  takeOrWait(name: LimitName, key: string): Promise<number | undefined>;
  /** Attempts counted for key in the current window, without counting one. */
  used(name: LimitName, key: string): Promise<number>;
  /** Whether key has spent the window's points (the next consume would be refused). */
  isSpent(name: LimitName, key: string): Promise<boolean>;
  reset(name: LimitName, key: string): Promise<void>;
}

/**
 * Shared in Redis when there is one, so every instance counts together; in memory otherwise.
 * With Redis down each limiter answers from its in-memory insurance at once (rejectIfRedisNotReady)
 * instead of waiting for retries, so sign-in keeps working, counted per instance meanwhile.
 */
export function createRateLimits(redis: Redis | undefined, overrides: Record<string, number> = {}): RateLimits {
  const limiters = new Map<LimitName, { limiter: RateLimiterAbstract; points: number; message?: string }>();
  for (const [name, defaults] of Object.entries(LIMITS) as [LimitName, { points: number; duration: number; message?: string }][]) {
    const opts = { points: overrides[name] ?? defaults.points, duration: defaults.duration };
    const limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `rl:${name}`,
          rejectIfRedisNotReady: true,
          ...opts,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: `insurance:${name}`, ...opts }),
        })
      : new RateLimiterMemory({ keyPrefix: name, ...opts });
    limiters.set(name, { limiter, points: opts.points, message: defaults.message });
  }
  const used = async (name: LimitName, key: string) => (await limiters.get(name)!.limiter.get(key))?.consumedPoints ?? 0;
  /** Counts one for key: undefined when allowed, else the milliseconds until the window frees a point. */
  const attempt = async (name: LimitName, key: string): Promise<number | undefined> => {
    try {
      await limiters.get(name)!.limiter.consume(key);
      return undefined;
    } catch (err) {
      if (err instanceof RateLimiterRes) return err.msBeforeNext;
      throw err;
    }
  };
  return {
    async consume(name, key) {
      const waitMs = await attempt(name, key);
      if (waitMs !== undefined) throw tooManyRequests(limiters.get(name)!.message, Math.max(1, Math.ceil(waitMs / 1000)));
    },
    take: async (name, key) => (await attempt(name, key)) === undefined,
    takeOrWait: attempt,
    used,
    async isSpent(name, key) {
      return (await used(name, key)) >= limiters.get(name)!.points;
    },
    async reset(name, key) {
      await limiters.get(name)!.limiter.delete(key);
    },
  };
}
