import type { Pool, PoolClient, QueryConfig } from 'pg';

/** A statement text run this many times in the process is prepared from then on. */
export const PREPARE_AFTER = 3;
/** Prepared texts per pool at most: each costs every connection a parsed statement and its plan. */
export const MAX_PREPARED = 200;
/** Texts counted at most; past it, only texts already counted can still be prepared. */
const MAX_COUNTED = 2_000;

/** Only plain data statements: transaction control and DDL stay unnamed. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Server-side prepared statements for the statements the app runs again and again, as PgJDBC's
 * prepareThreshold does: once a text has run PREPARE_AFTER times, `pg` sends it as a named
 * statement, so each connection parses and plans it once (PostgreSQL then keeps a generic plan when
 * it costs no more than the custom ones) instead of on every call. On the create path that is most
 * of PostgreSQL's planning time: the matching and chain-search statements plan for longer than they
 * run. Texts are the builder's and the tagged templates' output with bound values, so a few hundred
 * cover the app; a text over the cap is simply sent unnamed, as before.
 *
 * Every query of the app passes through the pool's clients (Kysely takes them with `pool.connect()`).
 * A connection that is lost takes its statements with it; `pg` prepares them again on the next one.
 */
export function prepareRepeatedStatements(pool: Pool): void {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const named = names.get(text);
    if (named !== undefined) return named;
    if (!PREPARABLE.test(text)) return undefined;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER || names.size >= MAX_PREPARED) {
      if (seen.has(text) || seen.size < MAX_COUNTED) seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const name = `ct_${names.size + 1}`;
    names.set(text, name);
    return name;
  };

  const wrapped = new WeakSet<PoolClient>();
  const connect = pool.connect.bind(pool);
  const preparingConnect = async (): Promise<PoolClient> => {
    const client = await connect();
    if (!wrapped.has(client)) {
      wrapped.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      // Only the (text, values) form Kysely uses; config objects and cursors pass through as they are.
      client.query = ((...args: unknown[]) => {
        const [text, values] = args;
        const name = typeof text === 'string' && (args.length === 1 || Array.isArray(values)) ? nameOf(text) : undefined;
        if (name === undefined) return query(...args);
        const config: QueryConfig = { name, text: text as string, values: values as unknown[] | undefined };
        return query(config);
      }) as PoolClient['query'];
    }
    return client;
  };
  pool.connect = ((...args: unknown[]) => (args.length ? connect(...(args as [never])) : preparingConnect())) as Pool['connect'];
}
