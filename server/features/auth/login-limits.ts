import { AppError, tooManyRequests } from '../../http/errors.ts';
import type { RateLimits } from '../../http/rate-limit.ts';

/**
 * The sign-in counters of docs/decisions/0006-rate-limits.md around one password check:
 * - per address and e-mail, every attempt (reset by a success);
 * - per address, every attempt: one address trying many accounts;
 * - per account, failures only: many addresses trying one account. When spent, only addresses
 *   that signed into this account before (14 days) get through, so an attacker can't lock the
 *   real user out from where they usually sign in.
 */
export async function withLoginLimits<T>(limits: RateLimits, address: string, email: string, check: () => Promise<T>): Promise<T> {
  const pair = `${address}|${email}`;
  await limits.consume('loginAddress', address);
  await limits.consume('login', pair);
  if ((await limits.isSpent('loginAccount', email)) && (await limits.used('loginKnown', pair)) === 0) throw tooManyRequests();
  let result: T;
  try {
    result = await check();
  } catch (err) {
    if (err instanceof AppError && err.code === 'unauthorized') await limits.consume('loginAccount', email);
    throw err;
  }
  await limits.reset('login', pair);
  await limits.consume('loginKnown', pair);
  return result;
}
