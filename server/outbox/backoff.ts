/** Attempts before a notification is given up (about an hour of retries, see retryDelayMs). */
export const MAX_ATTEMPTS = 12;
const FIRST_DELAY_MS = 5_000;
const MAX_DELAY_MS = 15 * 60_000;

/**
 * How long a notification waits after its `attempts`-th failed attempt: 5 s, doubling each time,
 * at most 15 minutes, so a mail server that is down for an hour is not hammered and a blip costs
 * seconds. `undefined` once the attempts are used up: the caller gives up.
 */
export function retryDelayMs(attempts: number): number | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}
