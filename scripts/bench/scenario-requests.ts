import { atMost, within } from './goals.ts';
import type { Scenario } from './scenarios.ts';
import type { LoopDelay } from './loop-delay.ts';
import { withReference } from './reference.ts';
import { measuredLoad, SECONDS, WARMUP_SECONDS } from './measure.ts';
import type { BenchContext } from './run.ts';
import { CALLER_GROUP, seedRequests } from './seed-requests.ts';
import { createSessions, seedGroupCrew, seedUsers } from './seed-users.ts';

let seq = 0;
const futureDate = () => new Date(Date.now() + (1 + (seq++ % 60)) * 86_400_000).toISOString().slice(0, 10);
/** A new request a few weeks ahead, each different (type, date, route). */
export const newRequestBody = () => {
  const type = (['drop', 'pickup', 'trade'] as const)[seq % 3]!;
  return JSON.stringify({
    type,
    date: futureDate(),
    routeType: 'pairing',
    route: `B${seq}`,
    tripDays: 2,
    ...(type === 'trade' ? { desiredDates: [futureDate()] } : {}),
  });
};

/**
 * Crew of the busy group who post in turn (docs/ARCHITECTURE.md section 10: never one account with
 * thousands): at least 40, and enough that none holds more than 40 of the run's creates, under the
 * 50 active requests a crew member may keep (docs/decisions/0019).
 */
const POSTERS = Math.max(40, Math.ceil(((WARMUP_SECONDS + SECONDS) * 100) / 40));

/**
 * POST /api/requests (with matching) at 100/s by POSTERS crew of the busy group in turn, against
 * the insert-and-lookup transaction at the same rate in the same sitting, each with the event-loop
 * delay inside its own server process (a stall there is queueing for every create behind it).
 */
async function createsAgainstYardstick(ctx: BenchContext, crew: readonly number[]): Promise<void> {
  const posters = await createSessions(ctx.db, crew.slice(0, POSTERS));
  let turn = 0;
  const creates = await ctx.load(`POST /api/requests (matching; ${POSTERS} crew in turn)`, {
    path: '/api/requests',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    headersEach: () => ({ cookie: posters[turn++ % posters.length]! }),
    rate: 100,
    body: newRequestBody,
  });
  const ref = await withReference(ctx, async (url, server) => {
    const r = await measuredLoad(server, {
      url: url('/insert-lookup'),
      label: 'reference /insert-lookup (insert + indexed lookup, one transaction)',
      method: 'POST',
      rate: 100,
    });
    ctx.record(r);
    return r;
  });
  const x = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}x` : 'n/a');
  ctx.note(
    `At 100/s: create (matching; ${POSTERS} crew in turn) p50 ${creates.p50} / p99 ${creates.p99} ms; insert-and-lookup p50 ${ref.p50} / p99 ${ref.p99} ms ` +
      `in the same sitting: ${x(creates.p50, ref.p50)} and ${x(creates.p99, ref.p99)} (budget: within 3x + 5 ms). ` +
      `Event-loop delay p99 / max inside the app ${creates.loop!.p99} / ${creates.loop!.max} ms, inside the yardstick ${ref.loop!.p99} / ${ref.loop!.max} ms: ` +
      `${x(creates.loop!.p99, ref.loop!.p99)} and ${x(creates.loop!.max, ref.loop!.max)} (budget: no stall over 20 ms). ` +
      `Longest lateness of a 5 ms tick and the main thread's CPU in that span: app ${gapText(creates.loop!)}, yardstick ${gapText(ref.loop!)}.`,
  );
  ctx.goal(within('creates at 100/s: p50', creates.p50, ref.p50, 3, 5));
  ctx.goal(within('creates at 100/s: p99', creates.p99, ref.p99, 3, 5));
  ctx.goal(atMost('creates at 100/s: longest event-loop stall in the app', creates.loop!.max, 20, 'ms'));
}

const gapText = ({ longestGap: g }: LoopDelay) => `${g.ms} ms (${g.cpuMs} ms on CPU)`;

/** The busy group: 200 active requests, POSTERS crew who post in turn, in 100k stored requests. */
async function seedBusyGroup(ctx: BenchContext): Promise<{ reader: string; crew: number[] }> {
  const cookies = await seedUsers(ctx.db, 10_000, 1);
  const crew = await seedGroupCrew(ctx.db, CALLER_GROUP, POSTERS - 20);
  await seedRequests(ctx.db, { active: 200, others: 100_000 - 200, users: 10_000, activeCrew: crew.length - 1 });
  return { reader: cookies[0]!, crew };
}

/**
 * GET /api/all-trades and POST /api/requests (with matching) on 100k stored requests, the creates
 * by POSTERS crew of the group in turn, against the yardsticks of the same sitting: the one-select
 * route for the board, the insert-and-lookup transaction for the create (both at the same rates).
 */
export const requestsScenario: Scenario = {
  name: 'requests',
  description: `tradeboard and request creation (${POSTERS} crew in turn), 100k requests, 200 active in the group; against the yardsticks`,
  async run(ctx) {
    const { reader, crew } = await seedBusyGroup(ctx);
    const headers = { cookie: reader, 'content-type': 'application/json' };
    await ctx.load('GET /api/all-trades', { path: '/api/all-trades', headers, rate: 200 });
    await ctx.load('GET /api/all-trades', { path: '/api/all-trades', headers });
    await createsAgainstYardstick(ctx, crew);
  },
};

/** The creates of `requests` alone, with the event-loop delay on both sides: to profile and compare. */
export const createsScenario: Scenario = {
  name: 'creates',
  description: `request creation at 100/s (${POSTERS} crew in turn), 100k requests, 200 active in the group; against insert-and-lookup`,
  async run(ctx) {
    const { crew } = await seedBusyGroup(ctx);
    await createsAgainstYardstick(ctx, crew);
  },
};

/** The cost of one create as the table grows: 10k, 100k, 1M stored requests, the group held at 200 active. */
export const growthScenario: Scenario = {
  name: 'growth',
  description: 'cost of POST /api/requests at 10k, 100k and 1M stored requests',
  async run(ctx) {
    // 30 crew post the 900 creates in turn: one alone would meet the 50 active requests a crew member may keep.
    const cookies = await seedUsers(ctx.db, 10_000, 30);
    let turn = 0;
    let stored = 0;
    for (const size of [10_000, 100_000, 1_000_000]) {
      await seedRequests(ctx.db, { active: stored === 0 ? 200 : 0, others: size - stored - (stored === 0 ? 200 : 0), users: 10_000 });
      stored = size;
      const samples: number[] = [];
      for (let i = 0; i < 300; i++) {
        const t = performance.now();
        const headers = { cookie: cookies[turn++ % cookies.length]!, 'content-type': 'application/json' };
        const res = await fetch(`${ctx.appUrl}/api/requests`, { method: 'POST', headers, body: newRequestBody() });
        await res.arrayBuffer();
        if (i >= 50) samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      const p99 = samples[Math.floor(samples.length * 0.99)]!;
      ctx.note(
        `POST /api/requests at ${size.toLocaleString('en-US')} stored requests: mean ${mean.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (250 sequential creates).`,
      );
    }
  },
};
