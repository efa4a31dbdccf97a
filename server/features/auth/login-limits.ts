import { AppError, tooManyRequests } from '../../http/errors.ts';
import type { RateLimits } from '../../http/rate-limit.ts';

/**
 * The sign-in counters of docs/decisions/0006-rate-limits.md around one password check:
 * - per address and e-mail, every attempt (reset by a success);
 * - per address, every attempt: one address trying many accounts;
 * - per account, failures only: many addresses trying one account. When spent, only addresses
 *   this account knows (rememberKnownAddress, 14 days) get through, so an attacker can't lock
 *   the real user out from where they usually sign in.
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
  await rememberKnownAddress(limits, address, email);
  return result;
}

/**
 * Remembers address as one the account is used from, for 14 days: a successful sign-in, the
 * sign-up and a confirmation of the e-mail address (decision 0006). email is the normalised one
 * (the protocol's schemas trim and lower-case it), as sign-in keys it.
 */
export async function rememberKnownAddress(limits: RateLimits, address: string, email: string): Promise<void> {
  await limits.consume('loginKnown', `${address}|${email}`);
}
