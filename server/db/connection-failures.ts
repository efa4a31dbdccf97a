import type { Pool, PoolClient } from 'pg';

/** Our code for the driver's connection-level failures, which come without one (see below). */
export const DB_UNREACHABLE = 'CT_DB_UNREACHABLE';

/** Network errors on the way to the database (from another backing service, a 503 fits them too). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs meaning the server can't serve right now, not that the statement is wrong: admin,
 * crash and restart shutdowns, too many connections, statement timeout. Class 08 (connection
 * exceptions) is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

const codeOf = (err: unknown): unknown => (err !== null && typeof err === 'object' ? (err as { code?: unknown }).code : undefined);

/** True when err (or an error it wraps) says the database is down, restarting or not answering. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = codeOf(e);
    if (typeof code !== 'string') continue;
    if (code === DB_UNREACHABLE || NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

function mark(err: unknown): unknown {
  if (err instanceof Error && !codeOf(err)) Object.assign(err, { code: DB_UNREACHABLE });
  return err;
}

/**
 * The server's own errors always carry a SQLSTATE; `pg` raises the failures of a database that
 * hangs or drops connections (query read timeout, connect and pool-acquire timeouts, "connection
 * terminated") as plain Errors without a code. This marks those at the pool, where every query of
 * the app passes (Kysely takes its connections with `pool.connect()`), so the HTTP layer can map
 * them by code like the others.
 */
export function markConnectionFailures(pool: Pool): void {
  const marked = new WeakSet<PoolClient>();
  const connect = pool.connect.bind(pool);
  const guardedConnect = async (): Promise<PoolClient> => {
    const client = await connect().catch((err: unknown) => {
      throw mark(err);
    });
    if (!marked.has(client)) {
      marked.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      // Promise-returning calls only; a cursor (a submittable) passes through untouched.
      client.query = ((...args: unknown[]) => {
        const result = query(...args);
        return result instanceof Promise
          ? result.catch((err: unknown) => {
              throw mark(err);
            })
          : result;
      }) as PoolClient['query'];
    }
    return client;
  };
  // pool.connect(callback), pg's older form, is left as it was.
  pool.connect = ((...args: unknown[]) => (args.length ? connect(...(args as [never])) : guardedConnect())) as Pool['connect'];
}
