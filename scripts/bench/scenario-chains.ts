import { runLoad, type LoadResult } from './load.ts';
import { withReference } from './reference.ts';
import { SECONDS, WARMUP_SECONDS } from './measure.ts';
import type { BenchContext } from './run.ts';
import { median } from './stats.ts';
import type { Scenario } from './scenarios.ts';
import { CALLER_GROUP, seedRequests, TRADE_DESIRED_WINDOW } from './seed-requests.ts';
import { createSessions, seedGroupCrew, seedUsers } from './seed-users.ts';

const STORED = 100_000;
const ACTIVE_TRADES = 500;
/** seedUsers puts about 26 crew in the caller's group; with these it holds about 100, who post 5 trades each. */
const EXTRA_CREW = 75;
/** The creates rotate over this many crew of the group (a session each). */
const POSTERS = 20;
const RATE = 100;
/** Create and yardstick runs, in turn (BENCH_ROUNDS): a p99 of 3,000 calls moves by a few ms from run to run. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const LABEL = `POST /api/requests (trade, chain search, ${ACTIVE_TRADES} active trades)`;

/** Deterministic draws (mulberry32), so every run offers the same creates. */
function draws(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const DAY = 86_400_000;
const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);

/**
 * A trade as the seeded ones are (seed-requests.ts, activeTrades): pairing, a date in the next 60
 * days, and 1 or 2 desired dates up to two weeks either side of it, in the future.
 */
function tradeBodies(): () => string {
  const next = draws(14);
  let seq = 0;
  return () => {
    seq++;
    const day = 1 + Math.floor(next() * 60);
    const desired = new Set<string>();
    for (let k = 0; k <= seq % 2; k++) {
      const offset = (next() < 0.5 ? -1 : 1) * (1 + Math.floor(next() * TRADE_DESIRED_WINDOW));
      if (day + offset >= 1) desired.add(isoDay(day + offset));
    }
    if (desired.size === 0) desired.add(isoDay(day + 7));
    return JSON.stringify({
      type: 'trade',
      date: isoDay(day),
      desiredDates: [...desired],
      routeType: 'pairing',
      route: `C${seq}`,
      tripDays: 1 + (seq % 4),
    });
  };
}

/** Rows of a table, or null while it does not exist (trade_chains lands with the chain search). */
async function countRows(ctx: BenchContext, table: string): Promise<number | null> {
  const exists = await ctx.db.query<{ t: string | null }>('select to_regclass($1)::text as t', [`public.${table}`]);
  if (!exists.rows[0]?.t) return null;
  return (await ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
}

/** Active requests of the group in a proposed chain (out of the chain search's candidates meanwhile). */
const seededInChains = async (ctx: BenchContext) =>
  (
    await ctx.db.query<{ n: number }>(
      `select count(distinct r.id)::int as n from trade_chain_members m
       join trade_chains t on t.id = m.chain_id join requests r on r.id = m.request_id
       where t.status = 'proposed' and r.status = 'active' and r.group_key = $1`,
      [CALLER_GROUP],
    )
  ).rows[0]!.n;

const activeTrades = async (ctx: BenchContext) =>
  (
    await ctx.db.query<{ n: number; crew: number }>(
      `select count(*)::int as n, count(distinct user_id)::int as crew from requests
       where group_key = $1 and type = 'trade' and status = 'active' and last_date >= current_date`,
      [CALLER_GROUP],
    )
  ).rows[0]!;

/**
 * What the seeded trades offer matching: pairs (each one's dates meet the other's desired dates)
 * and three-way cycles among three different crew, each counted once.
 */
async function seededShape(ctx: BenchContext): Promise<{ pairs: number; cycles: number }> {
  const { rows } = await ctx.db.query<{ pairs: number; cycles: number }>(
    `with t as (select id, user_id, all_dates, desired_dates from requests
                where group_key = $1 and type = 'trade' and status = 'active' and last_date >= current_date)
     select (select count(*) from t a join t b on a.id < b.id and a.user_id <> b.user_id
               and a.all_dates && b.desired_dates and b.all_dates && a.desired_dates)::int as pairs,
            (select count(*) from t a
               join t b on b.id > a.id and b.user_id <> a.user_id and a.all_dates && b.desired_dates
               join t c on c.id > a.id and c.user_id not in (a.user_id, b.user_id)
                 and b.all_dates && c.desired_dates and c.all_dates && a.desired_dates)::int as cycles`,
    [CALLER_GROUP],
  );
  return rows[0]!;
}

/**
 * Holds the group at its seeded size: each create the bench made is set completed (in SQL, a few
 * times a second) once it has answered, so the 3,500 creates of a run do not grow the group's
 * 500 active trades eightfold; its matching and chain search ran in its own transaction before.
 * A chain it was proposed in is cancelled with it, as the app does when a member's request goes:
 * otherwise its two seeded partners would sit in a proposed chain for the rest of the run, out of
 * every later search, and by the end of a run few of the 500 would be left to search over.
 */
function retirer(ctx: BenchContext, withChains: boolean) {
  let pending: number[] = [];
  let chain = Promise.resolve();
  const flush = () => {
    if (pending.length === 0) return chain;
    const ids = pending;
    pending = [];
    chain = chain.then(async () => {
      const retire = "update requests set status = 'completed', updated_at = now() where id = any($1::int[])";
      await ctx.db.query(
        withChains
          ? `with retired as (${retire})
             update trade_chains set status = 'cancelled', updated_at = now()
             where status = 'proposed' and id in (select chain_id from trade_chain_members where request_id = any($1::int[]))`
          : retire,
        [ids],
      );
    });
    return chain;
  };
  const timer = setInterval(() => void flush(), 250);
  return {
    created(id: number) {
      pending.push(id);
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/**
 * POST /api/requests of trades with matching and the three-way chain search (docs/decisions/0014) at
 * 100/s, with 100k stored requests and 500 active trades in the group from about 100 crew, against
 * the insert-and-lookup yardstick at the same rate in the same sitting.
 */
export const chainsScenario: Scenario = {
  name: 'chains',
  description: `POST /api/requests (trades, chain search) at ${RATE}/s; ${STORED / 1000}k requests, ${ACTIVE_TRADES} active trades in the group; against the insert-and-lookup route`,
  async run(ctx) {
    await seedUsers(ctx.db, 10_000, 0);
    const crew = await seedGroupCrew(ctx.db, CALLER_GROUP, EXTRA_CREW);
    // Everyone in the group but bench user 1 posts in turn (seedRequests takes ids above 1).
    await seedRequests(ctx.db, {
      active: ACTIVE_TRADES,
      others: STORED - ACTIVE_TRADES,
      users: 10_000,
      activeCrew: crew.length - 1,
      activeTrades: true,
    });
    const seeded = await activeTrades(ctx);
    const shape = await seededShape(ctx);
    const stored = (await ctx.db.query<{ n: number }>('select count(*)::int as n from requests')).rows[0]!.n;
    ctx.note(
      `Chains: ${stored.toLocaleString('en-US')} stored requests; the group (${crew.length} crew) holds ${seeded.n} active trades ` +
        `from ${seeded.crew} crew; among them ${shape.pairs} matching pairs and ${shape.cycles} three-way cycles of three crew.`,
    );

    // Every create by the next of POSTERS crew of the group, spread over its members.
    const step = Math.floor(crew.length / POSTERS);
    const cookies = await createSessions(
      ctx.db,
      Array.from({ length: POSTERS }, (_, i) => crew[i * step]!),
    );
    let turn = 0;
    const bodies = tradeBodies();
    const x = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}x` : 'n/a');
    const pairs: { creates: LoadResult; ref: LoadResult }[] = [];
    // Each round: the creates, then the yardstick at the same rate, so drift in the machine's speed
    // over a sitting reaches both figures of a pair alike.
    await withReference(ctx, async (url) => {
      for (let round = 1; round <= ROUNDS; round++) {
        const suffix = ROUNDS > 1 ? ` (round ${round})` : '';
        let created = 0;
        const chainsBefore = await countRows(ctx, 'trade_chains');
        const retire = retirer(ctx, chainsBefore !== null);
        const matchesBefore = (await countRows(ctx, 'matches'))!;
        let creates;
        try {
          creates = await ctx.load(LABEL + suffix, {
            path: '/api/requests',
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            rate: RATE,
            body: bodies,
            headersEach: () => ({ cookie: cookies[turn++ % cookies.length]! }),
            onResponse: (status, body) => {
              if (status !== 201) return;
              created++;
              retire.created((JSON.parse(body) as { id: number }).id);
            },
          });
        } finally {
          await retire.stop();
        }
        const chainsAfter = await countRows(ctx, 'trade_chains');
        const matchesAfter = (await countRows(ctx, 'matches'))!;
        const after = await activeTrades(ctx);
        const chains =
          chainsBefore === null || chainsAfter === null
            ? 'no trade_chains table in this build (the chain search has not landed)'
            : `${(chainsAfter - chainsBefore).toLocaleString('en-US')} chains proposed (trade_chains ${chainsBefore} → ${chainsAfter}; ` +
              `${await seededInChains(ctx)} of the seeded trades in a proposed chain at the end)`;
        ctx.note(
          `Chains${suffix}: ${created.toLocaleString('en-US')} trades created by ${POSTERS} crew in turn (${WARMUP_SECONDS} s warm-up and ${SECONDS} s run), ` +
            `${chains}, ${(matchesAfter - matchesBefore).toLocaleString('en-US')} pairwise matches; each create was set completed ` +
            `after it answered, so the group stayed at its ${seeded.n} active trades (${after.n} after the run).`,
        );
        const opts = {
          url: url('/insert-lookup'),
          label: `reference /insert-lookup (insert + indexed lookup, one transaction)${suffix}`,
          method: 'POST' as const,
          rate: RATE,
        };
        await runLoad({ ...opts, seconds: WARMUP_SECONDS });
        const ref = await runLoad({ ...opts, seconds: SECONDS });
        ctx.record(ref);
        pairs.push({ creates, ref });
        ctx.note(
          `At ${RATE}/s${suffix}: create with chain search p50 ${creates.p50} ms, p99 ${creates.p99} ms (${Math.round(creates.rps)} req/s achieved); ` +
            `insert-and-lookup p50 ${ref.p50} ms, p99 ${ref.p99} ms: ${x(creates.p50, ref.p50)} and ${x(creates.p99, ref.p99)} ` +
            `(budget: p99 <= 30 ms, within 3x of insert-and-lookup + a few ms).`,
        );
      }
    });
    if (ROUNDS > 1) {
      const med = (k: 'p50' | 'p99', side: 'creates' | 'ref') => median(pairs.map((p) => p[side][k]));
      ctx.note(
        `Medians of ${ROUNDS} rounds: create with chain search p50 ${med('p50', 'creates')} / p99 ${med('p99', 'creates')} ms; ` +
          `insert-and-lookup p50 ${med('p50', 'ref')} / p99 ${med('p99', 'ref')} ms.`,
      );
    }
  },
};
