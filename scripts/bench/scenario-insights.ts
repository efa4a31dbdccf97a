import type { InsightsReport } from '#protocol/shapes.ts';
import { atMost } from './goals.ts';
import { startAppInstances, stopInstances } from './processes.ts';
import type { BenchContext } from './run.ts';
import type { Scenario } from './scenarios.ts';
import { seedHistory, type HistorySize } from './seed-history.ts';
import { createSessions, seedUsers } from './seed-users.ts';
import { median, tenths as ms } from './stats.ts';

const USERS = 10_000;
/** docs/decisions/0044's measurement: two years of a deployment, about 110,000 requests in the twelve weeks. */
const SIZE: HistorySize = { requests: 1_000_000, chains: 10_000, support: 50_000 };
const RATE = 10;
/** Counts timed on fresh instances: each instance counts once, then serves its count for a minute. */
const COUNTS = 5;
/** Warm-up calls before a count, so that it does not pay for the instance's first calls (JIT, pool, session). */
const WARM_CALLS = 20;
/** The admin budget (docs/benchmarks.md). */
const BUDGET_MS = 200;
const STALL_MS = 20;

async function seed(ctx: BenchContext): Promise<string> {
  await seedUsers(ctx.db, USERS, 0);
  await ctx.db.query('update users set is_admin = true where id = 1');
  const t0 = performance.now();
  await seedHistory(ctx.db, SIZE, USERS);
  const seconds = Math.round((performance.now() - t0) / 1000);
  const n = await ctx.db.query<Record<'requests' | 'recent' | 'active' | 'matches' | 'trades' | 'support', number>>(
    `select (select count(*) from requests)::int as requests,
            (select count(*) from requests where created_at >= now() - interval '12 weeks')::int as recent,
            (select count(*) from requests where status = 'active' and last_date >= current_date)::int as active,
            (select count(*) from matches)::int as matches, (select count(*) from trades)::int as trades,
            (select count(*) from support_requests)::int as support`,
  );
  const c = n.rows[0]!;
  const f = (v: number) => v.toLocaleString('en-US');
  ctx.note(
    `Insights data, seeded in ${seconds} s: ${f(c.requests)} requests over two years (${f(c.recent)} in the last twelve weeks, ${f(c.active)} on a board), ` +
      `${f(c.matches)} matches, ${f(c.trades)} trades rows (${f(SIZE.chains)} three-way chains of 3), ${f(c.support)} support requests.`,
  );
  const [cookie] = await createSessions(ctx.db, [1]);
  return cookie!;
}

/**
 * One count on the instance at `url`: WARM_CALLS cheap calls first, so that it does not pay for the
 * instance's first calls (JIT, pool, session), then GET /api/admin/insights timed once (ms).
 */
async function timedCount(url: string, cookie: string): Promise<number> {
  const get = async (path: string) => {
    const res = await fetch(url + path, { headers: { cookie } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
    return body;
  };
  for (let i = 0; i < WARM_CALLS; i++) await get('/api/auth/user');
  const t0 = performance.now();
  const report = JSON.parse(await get('/api/admin/insights')) as InsightsReport;
  const took = performance.now() - t0;
  // A count of nothing would be quick for the wrong reason.
  if (!report.weeks.some((w) => w.requestsPosted > 0)) throw new Error('Insights counted no requests');
  return took;
}

/** A count on a fresh instance: its cache is empty, so its first report is counted. */
async function countOnFreshInstance(ctx: BenchContext, cookie: string): Promise<number> {
  const [instance] = await startAppInstances(1, ctx.databaseUrl);
  try {
    return await timedCount(instance!.url, cookie);
  } finally {
    await stopInstances([instance!]);
  }
}

/**
 * GET /api/admin/insights (docs/decisions/0044) on two years of history. The app's first count comes
 * straight after the seeding (PostgreSQL's buffers cold); then the route at 10/s as admins meet it,
 * the count held a minute (a run at a fixed rate meets a count once a minute at most); then the
 * count itself, as the first call on fresh instances, the database warm as a running one's is.
 */
export const insightsScenario: Scenario = {
  name: 'insights',
  description: `GET /api/admin/insights over ${SIZE.requests.toLocaleString('en-US')} requests of two years at ${RATE}/s, and its count on ${COUNTS} fresh instances`,
  async run(ctx) {
    const cookie = await seed(ctx);
    const first = await timedCount(ctx.appUrl, cookie);
    const route = await ctx.load('GET /api/admin/insights (counted once a minute)', {
      path: '/api/admin/insights',
      headers: { cookie },
      rate: RATE,
    });
    const counts: number[] = [];
    for (let i = 0; i < COUNTS; i++) counts.push(await countOnFreshInstance(ctx, cookie));
    const slowest = ms(Math.max(...counts));
    ctx.goal(atMost(`insights: the count, slowest of ${COUNTS} on fresh instances`, slowest, BUDGET_MS, 'ms'));
    ctx.goal(atMost(`insights: GET /api/admin/insights at ${RATE}/s, p99`, route.p99, BUDGET_MS, 'ms'));
    ctx.goal(atMost('insights: longest event-loop stall in the app', route.loop!.max, STALL_MS, 'ms'));
    ctx.note(
      `Insights: the first count after seeding took ${ms(first)} ms; at ${RATE}/s p50 ${route.p50}, p99 ${route.p99}, max ${route.max} ms, ` +
        `${route.non2xx} not 2xx (budget p99 <= ${BUDGET_MS} ms); the count on ${COUNTS} fresh instances ${counts.map(ms).join(', ')} ms ` +
        `(median ${ms(median(counts))}, budget <= ${BUDGET_MS} ms each).`,
    );
  },
};
