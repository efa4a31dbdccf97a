import { runLoad } from './load.ts';
import { withReference } from './reference.ts';
import type { BenchContext } from './run.ts';
import type { Scenario } from './scenarios.ts';
import { createSessions, seedUsers } from './seed-users.ts';
import { tenths as ms } from './stats.ts';

const USERS = 10_000;
const ROWS = 1_000_000;
const BATCH = 100_000;
/** Two years of history, as a long-running airline deployment would hold. */
const MONTHS = 24;
const RATE = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

/**
 * A million activity rows over two years, in batches (the rollup's statement trigger folds each
 * batch): matches, offers and their answers, and mails (one in ten undelivered), each with a
 * target colleague and metadata as the app writes them.
 */
async function seedActivity(ctx: BenchContext): Promise<void> {
  for (let from = 0; from < ROWS; from += BATCH) {
    await ctx.db.query(
      `insert into user_activity_logs (user_id, activity_type, target_user_id, reference_id, reference_type, email_type, email_sent, email_recipient, metadata, created_at)
       select 1 + i % $3, t.type, 1 + (i * 7) % $3, i, case when t.type = 'match_created' or t.type = 'email_sent' then 'match' else 'trade_request' end,
              case when t.type = 'email_sent' then 'match_notification' end,
              case when t.type = 'email_sent' then i % 10 <> 0 end,
              case when t.type = 'email_sent' then 'crew' || (1 + i % $3) || '@bench.example' end,
              case when i % 3 = 0 then '{"notificationsEnabled":true}' end,
              now() - (i::float / $4 * $5) * interval '1 day'
       from generate_series($1::int, $2::int) as i
       cross join lateral (select (array['match_created','email_sent','trade_request_sent','trade_request_accepted','trade_request_declined'])[1 + i % 5] as type) t`,
      [from + 1, from + BATCH, USERS, ROWS, MONTHS * 30],
    );
  }
  await ctx.db.query('analyze user_activity_logs');
}

/** GET /api/admin/user-activity over 1,000,000 activity rows (docs/decisions/0011), against the one-select yardstick. */
export const adminScenario: Scenario = {
  name: 'admin',
  description: `GET /api/admin/user-activity over ${ROWS.toLocaleString('en-US')} activity rows at ${RATE}/s, against the one-select route`,
  async run(ctx) {
    await seedUsers(ctx.db, USERS, 0);
    const t0 = performance.now();
    await seedActivity(ctx);
    const seedSeconds = (performance.now() - t0) / 1000;
    await ctx.db.query('update users set is_admin = true where id = 1');
    const [cookie] = await createSessions(ctx.db, [1]);
    const rollup = await ctx.db.query<{ n: number; months: number }>(
      'select count(*)::int as n, count(distinct month)::int as months from user_activity_monthly',
    );
    ctx.note(
      `Activity rows: ${ROWS.toLocaleString('en-US')} over ${MONTHS} months, seeded in ${Math.round(seedSeconds)} s through the rollup trigger; ` +
        `the rollup holds ${rollup.rows[0]!.n} rows for ${rollup.rows[0]!.months} months.`,
    );
    const report = await ctx.load('GET /api/admin/user-activity', {
      path: '/api/admin/user-activity',
      headers: { cookie: cookie! },
      rate: RATE,
    });
    const ref = await withReference(ctx, async (url) => {
      await runLoad({ url: url('/one-select'), label: 'reference /one-select', rate: RATE, seconds: WARMUP_SECONDS });
      const r = await runLoad({ url: url('/one-select'), label: 'reference /one-select', rate: RATE, seconds: SECONDS });
      ctx.record(r);
      return r;
    });
    ctx.note(
      `At ${RATE}/s: user activity p50 ${ms(report.p50)}, p99 ${ms(report.p99)} ms (budget p99 <= 200 ms); ` +
        `one-select p50 ${ms(ref.p50)}, p99 ${ms(ref.p99)} ms.`,
    );
  },
};
