import type pg from 'pg';

/**
 * Keeps the planner's statistics fresh while a scenario's tables grow from next to nothing, as
 * autovacuum does in production (docker-compose's PostgreSQL, the embedded one): the test machines'
 * server runs with autovacuum off, so a soak's matches and messages were planned as the empty
 * tables they were at the start (the badge counts read 5,000 matches by sequential scan: 17 ms a
 * call instead of 1). Nothing to do where autovacuum is on. Returns the stop function.
 */
export async function analyzeWhileGrowing(db: pg.Client, everyMs = 30_000): Promise<() => Promise<void>> {
  const { rows } = await db.query<{ autovacuum: string }>('show autovacuum');
  if (rows[0]?.autovacuum === 'on') return async () => undefined;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => db.query('analyze')).catch(() => undefined);
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
