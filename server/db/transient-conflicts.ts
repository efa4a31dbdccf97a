/**
 * SQLSTATEs of a transaction PostgreSQL rolled back only because of what ran beside it: a deadlock
 * (40P01) or a serialization failure (40001). Run again from the start it may well pass; the
 * statement itself is not wrong.
 */
const TRANSIENT = new Set(['40P01', '40001']);

/** Retries after the first attempt (docs/decisions/0027): three attempts in all, then a 503. */
export const TRANSIENT_RETRIES = 2;

const codeOf = (err: unknown): unknown => (err !== null && typeof err === 'object' ? (err as { code?: unknown }).code : undefined);

/** True when err (or an error it wraps) is a deadlock or a serialization failure. */
export function isTransientConflict(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = codeOf(e);
    if (typeof code === 'string' && TRANSIENT.has(code)) return true;
  }
  return false;
}

/** True when err is a foreign-key violation: the row a write named was deleted meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (codeOf(e) === '23503') return true;
  }
  return false;
}

/**
 * Runs `attempt` (a whole transaction, begun afresh each time) and runs it again when PostgreSQL
 * rolled it back for a deadlock or a serialization failure, at most `retries` more times; the last
 * failure is thrown as it came (the HTTP layer answers it with a 503 and Retry-After).
 */
export async function retryTransientConflicts<T>(attempt: () => Promise<T>, retries = TRANSIENT_RETRIES): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (err) {
      if (tried >= retries || !isTransientConflict(err)) throw err;
      // A short random pause, so the two victims of one deadlock do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (tried + 1)));
    }
  }
}
