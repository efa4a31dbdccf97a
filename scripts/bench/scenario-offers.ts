import autocannon from 'autocannon';
import type { LoadResult } from './load.ts';
import { SECONDS, WARMUP_SECONDS } from './measure.ts';
import type { BenchContext } from './run.ts';
import type { Scenario } from './scenarios.ts';
import { acceptableOffers, bulkSessions, seedOffers } from './seed-offers.ts';
import { seedRequests } from './seed-requests.ts';
import { createSessions, seedGroupCrew, seedUsers } from './seed-users.ts';
import { CALLER_GROUP } from './seed-requests.ts';

const OFFERS = 10_000;
const CALLER_REQUESTS = 6;
const CALLER_FINISHED = 4;
const RATE = 200;

/**
 * 10k users (a busy group of about 56 crew, the caller's), 30k requests, and 10,000 offers: one
 * pending offer on each of 8,000 current requests across every group, 1,990 answered ones, and the
 * caller's handful (6 pending received, 4 answered).
 */
async function seed(ctx: BenchContext): Promise<string> {
  await seedUsers(ctx.db, 10_000, 0);
  await seedGroupCrew(ctx.db, CALLER_GROUP, 30);
  await seedRequests(ctx.db, { active: 200, others: 30_000, users: 10_000, activeCrew: 50 });
  const pending = 8_000;
  await seedOffers(ctx.db, {
    pending,
    finished: OFFERS - pending - CALLER_REQUESTS - CALLER_FINISHED,
    callerRequests: CALLER_REQUESTS,
    callerFinished: CALLER_FINISHED,
  });
  const [reader] = await createSessions(ctx.db, [1]);
  const counted = await ctx.db.query<{ n: number }>('select count(*)::int as n from trade_requests');
  ctx.note(`Offers stored: ${counted.rows[0]!.n.toLocaleString('en-US')}.`);
  return reader!;
}

/** The plan of the received-offers list, as PostgreSQL runs it for the caller (its indexes, no scan of the 10k). */
async function explainList(ctx: BenchContext): Promise<void> {
  const plan = await ctx.db.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off, timing off, summary on)
     select t.id from trade_requests t where t.to_user_id = 1 and t.status = 'pending' order by t.created_at desc, t.id desc`,
  );
  const lines = plan.rows.map((r) => r['QUERY PLAN']);
  const access = lines.find((l) => /Scan/.test(l))?.trim() ?? lines[0];
  ctx.note(`GET /api/trade-requests plan (received, pending): ${access}; ${lines.at(-1)?.trim()}.`);
}

/** An answer to a pending offer by its recipient: accept (PUT) or counter (POST .../counter, docs/decisions/0045). */
interface Answer {
  label: string;
  method: 'PUT' | 'POST';
  suffix: string;
  body: object;
}

const ACCEPT: Answer = { label: 'PUT /api/trade-requests/:id (accept)', method: 'PUT', suffix: '', body: { status: 'accepted' } };
/** A counter names a trip of the sender's; both fields go, the service keeps the one the request's route type asks for. */
const COUNTER: Answer = {
  label: 'POST /api/trade-requests/:id/counter',
  method: 'POST',
  suffix: '/counter',
  body: { tradeDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), offerRoute: 'CTR100', offerReservePeriod: 'CTR-R' },
};

/**
 * Each call answers another pending offer as its recipient, at a fixed rate (open loop). Its own
 * autocannon call: every request has its own path and cookie.
 */
async function answerLoad(
  ctx: BenchContext,
  answer: Answer,
  queue: { path: string; cookie: string }[],
  seconds: number,
): Promise<LoadResult> {
  const body = JSON.stringify(answer.body);
  const result = await autocannon({
    url: ctx.appUrl,
    connections: Math.max(4, Math.ceil(RATE / 100)),
    duration: seconds,
    overallRate: RATE,
    requests: [
      {
        setupRequest: (req) => {
          // More seconds than offers: the queue starts over, and those answers are 409s (counted as non-2xx).
          const next = queue.shift()!;
          queue.push(next);
          return {
            ...req,
            method: answer.method,
            path: `${next.path}${answer.suffix}`,
            body,
            headers: { ...req.headers, 'content-type': 'application/json', cookie: next.cookie },
          };
        },
      },
    ],
  });
  return {
    label: answer.label,
    offered: RATE,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result.requests.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** GET /api/trade-requests and the accept path with 10,000 offers stored, 200/s each (docs/ARCHITECTURE.md section 10). */
export const offersScenario: Scenario = {
  name: 'offers',
  description: `GET /api/trade-requests, accepting and countering offers, ${OFFERS.toLocaleString('en-US')} offers stored, ${RATE}/s each`,
  async run(ctx) {
    const reader = await seed(ctx);
    await explainList(ctx);
    const list = await ctx.load('GET /api/trade-requests', { path: '/api/trade-requests', headers: { cookie: reader }, rate: RATE });
    const offers = await acceptableOffers(ctx.db);
    const cookies = await bulkSessions(
      ctx.db,
      offers.map((o) => o.toUserId),
    );
    const all = offers.map((o) => ({ path: `/api/trade-requests/${o.id}`, cookie: cookies.get(o.toUserId)! }));
    // Half the offers are accepted, the other half countered: neither answers an offer of the other.
    const queue = all.slice(0, Math.ceil(all.length / 2));
    const counterQueue = all.slice(queue.length);
    if (WARMUP_SECONDS > 0) await answerLoad(ctx, ACCEPT, queue, WARMUP_SECONDS);
    const accept = await answerLoad(ctx, ACCEPT, queue, SECONDS);
    ctx.record(accept);
    if (WARMUP_SECONDS > 0) await answerLoad(ctx, COUNTER, counterQueue, WARMUP_SECONDS);
    const counter = await answerLoad(ctx, COUNTER, counterQueue, SECONDS);
    ctx.record(counter);
    const accepted = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from trade_requests where status = 'accepted' and to_user_id <> 1`,
    );
    ctx.note(
      `Offers: GET /api/trade-requests p50 ${list.p50} ms, p99 ${list.p99} ms; accept p50 ${accept.p50} ms, p99 ${accept.p99} ms ` +
        `at ${RATE}/s offered (budget p99 <= 30 ms each); ${accepted.rows[0]!.n.toLocaleString('en-US')} offers accepted in all; ` +
        `counter p50 ${counter.p50} ms, p99 ${counter.p99} ms, ${counter.non2xx} not 2xx.`,
    );
  },
};
