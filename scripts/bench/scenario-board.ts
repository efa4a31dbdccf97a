import fs from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { CURSOR_PARAM, NEXT_CURSOR_HEADER } from '#protocol/paging.ts';
import { within } from './goals.ts';
import { runLoad, type LoadResult } from './load.ts';
import { withReference } from './reference.ts';
import { measuredLoad, SECONDS, WARMUP_SECONDS } from './measure.ts';
import type { BenchContext } from './run.ts';
import type { Scenario } from './scenarios.ts';
import { newRequestBody } from './scenario-requests.ts';
import { CALLER_GROUP, seedRequests } from './seed-requests.ts';
import { createSessions, seedGroupCrew, seedUsers } from './seed-users.ts';

/** What a browser offers: the board is sent brotli from the cache. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';
/** The mixed load runs this long (docs/ARCHITECTURE.md section 10: 5 minutes); shorter to try it out. */
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 300);
const SOCKETS = 200;

/**
 * 10k users, a busy group (the caller's) of about 56 crew of whom 50 post `active` requests between
 * them (200 unless said: 4 each), and 100k requests in all, a third in the past.
 */
async function seedBoard(ctx: BenchContext, active = 200): Promise<{ reader: string; crew: number[] }> {
  const [reader] = await seedUsers(ctx.db, 10_000, 1);
  const crew = await seedGroupCrew(ctx.db, CALLER_GROUP, 30);
  await seedRequests(ctx.db, { active, others: 100_000 - active, users: 10_000, activeCrew: 50 });
  return { reader: reader!, crew };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Rounds of the board and the one-select route at 200/s: a p99 moves by several ms from one run to the next. */
const BOARD_ROUNDS = 3;
const BOARD_ACTIVE = 600;

/**
 * GET /api/all-trades on a group of 600 active requests, as a browser fetches it: its first page
 * (the group cache) and its second (read once and held until the group changes, docs/decisions/0031), against the
 * one-select yardstick, in BOARD_ROUNDS consecutive rounds at 200/s in the same sitting, each with
 * the event-loop delay inside its server; then saturation.
 */
export const boardScenario: Scenario = {
  name: 'board',
  description: `GET /api/all-trades (group cache and the next page) against the one-select route at 200/s, ${BOARD_ROUNDS} rounds; 100k requests, ${BOARD_ACTIVE} active from 50 crew`,
  async run(ctx) {
    const { reader } = await seedBoard(ctx, BOARD_ACTIVE);
    const headers = { cookie: reader, 'accept-encoding': BROWSER_ENCODINGS };
    const sizes = await boardSizes(ctx, reader);
    const next = await nextPagePath(ctx, reader);
    const x = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}x` : 'n/a');
    await withReference(ctx, async (url, server) => {
      const rounds: string[] = [];
      for (let round = 1; round <= BOARD_ROUNDS; round++) {
        const first = await ctx.load(`round ${round}: GET /api/all-trades (first page, cached, br)`, {
          path: '/api/all-trades',
          headers,
          rate: 200,
        });
        const page = await ctx.load(`round ${round}: GET ${next} (second page, br)`, { path: next, headers, rate: 200 });
        const ref = await measuredLoad(server, { url: url('/one-select'), label: `round ${round}: reference /one-select`, rate: 200 });
        ctx.record(ref);
        ctx.goal(within(`board round ${round}: first page p99`, first.p99, ref.p99, 2, 2));
        ctx.goal(within(`board round ${round}: second page p99`, page.p99, ref.p99, 2, 2));
        rounds.push(
          `round ${round}: first page p99 ${ms(first.p99)} (${x(first.p99, ref.p99)}), second page p99 ${ms(page.p99)} (${x(page.p99, ref.p99)}), ` +
            `one-select p99 ${ms(ref.p99)}; loop delay p99 / max: app ${first.loop!.p99} / ${first.loop!.max} and ${page.loop!.p99} / ${page.loop!.max} ms, ` +
            `yardstick ${ref.loop!.p99} / ${ref.loop!.max} ms`,
        );
      }
      ctx.note(`Board of ${BOARD_ACTIVE} active requests at 200/s (budget: p99 within 2x of one-select + 2 ms): ${rounds.join('; ')}.`);
      const boardMax = await ctx.load('GET /api/all-trades (first page, cached, br)', { path: '/api/all-trades', headers });
      await runLoad({ url: url('/one-select'), label: 'reference /one-select', seconds: WARMUP_SECONDS });
      const refMax = await runLoad({ url: url('/one-select'), label: 'reference /one-select', seconds: SECONDS });
      ctx.record(refMax);
      ctx.goal({
        goal: 'board: saturation, first page',
        figure: Math.round(boardMax.rps),
        yardstick: Math.round(refMax.rps),
        unit: 'req/s',
        budget: '>= 1x',
        met: boardMax.rps >= refMax.rps,
      });
      ctx.note(
        `First page of the board (200 requests): ${sizes.identity} KB as JSON, ${sizes.br} KB brotli. Saturation ${Math.round(boardMax.rps)} req/s, ` +
          `${(boardMax.rps / refMax.rps).toFixed(2)} of the one-select route's ${Math.round(refMax.rps)} req/s (budget >= 1.0).`,
      );
    });
  },
};

/** The path of the board's second page, as the first page's X-Next-Cursor gives it. */
async function nextPagePath(ctx: BenchContext, cookie: string): Promise<string> {
  const res = await fetch(`${ctx.appUrl}/api/all-trades`, { headers: { cookie } });
  await res.arrayBuffer();
  const cursor = res.headers.get(NEXT_CURSOR_HEADER);
  if (!cursor) throw new Error('the board has no second page');
  return `/api/all-trades?${CURSOR_PARAM}=${encodeURIComponent(cursor)}`;
}

async function boardSizes(ctx: BenchContext, cookie: string): Promise<{ identity: number; br: number }> {
  const kb = async (encoding: string) => {
    const res = await fetch(`${ctx.appUrl}/api/all-trades`, { headers: { cookie, 'accept-encoding': encoding } });
    await res.arrayBuffer();
    return Math.round(Number(res.headers.get('content-length')) / 1024);
  };
  return { identity: await kb('identity'), br: await kb('br') };
}

/** Each crew member keeps this many requests on the board: after posting one more, they delete their oldest. */
const HANDFUL = 4;

/**
 * One instance under board reads, creates with churn and the group's sockets; the app's memory
 * sampled each second.
 *
 * The load is the budget's (board reads 100/s, creates 10/s, 200 sockets) on realistic data
 * (docs/ARCHITECTURE.md section 10: "a busy group is 40 or more crew posting in turn, each with a
 * handful of requests, never one account with thousands"): the creates come from the group's 57
 * crew in turn, and each of them, having posted, deletes their oldest request once they hold more
 * than a handful (4), as crew remove requests that were traded or are no longer wanted. So the
 * board stays near its 200 to 230 active requests through the run, as a busy group's does, instead
 * of growing by 3,000 requests in 5 minutes. The deletes (about 10/s once everyone holds a handful)
 * are load on top of the budget's: each is one more invalidation and one more event to 200 sockets.
 */
export const mixedScenario: Scenario = {
  name: 'mixed',
  description: `one instance for ${MIXED_SECONDS} s: board reads 100/s, creates 10/s with churn (each crew keeps ${HANDFUL}), ${SOCKETS} sockets of the group; RSS`,
  async run(ctx) {
    const { crew } = await seedBoard(ctx);
    // Crew on several devices each; every read and every create comes from the next member in turn.
    const readers = await createSessions(
      ctx.db,
      Array.from({ length: SOCKETS }, (_, i) => crew[i % crew.length]!),
    );
    const writers = await createSessions(ctx.db, crew);
    const sockets = await connectSockets(ctx.appUrl, readers);
    const countBoard = async () =>
      (
        await ctx.db.query<{ n: number }>(
          "select count(*)::int as n from requests where group_key = $1 and status = 'active' and last_date >= current_date",
          [CALLER_GROUP],
        )
      ).rows[0]!.n;
    const boardBefore = await countBoard();
    // Each writer's requests on the board, oldest first.
    const held = crew.map(() => [] as number[]);
    const seeded = await ctx.db.query<{ id: number; user_id: number }>(
      "select id, user_id from requests where group_key = $1 and status = 'active' and last_date >= current_date order by id",
      [CALLER_GROUP],
    );
    for (const row of seeded.rows) held[crew.indexOf(row.user_id)]?.push(row.id);
    const churn = deleteOldest(ctx.appUrl, writers, held);
    let upserts = 0;
    let removes = 0;
    for (const s of sockets) {
      s.on('board:upsert', () => upserts++);
      s.on('board:remove', () => removes++);
    }
    const rss = sampleRss(ctx.appPid);
    let r = 0;
    let w = 0;
    let reads: LoadResult;
    let creates: LoadResult;
    try {
      [reads, creates] = await Promise.all([
        runLoad({
          url: `${ctx.appUrl}/api/all-trades`,
          label: `mixed ${MIXED_SECONDS} s: GET /api/all-trades`,
          rate: 100,
          seconds: MIXED_SECONDS,
          headers: { 'accept-encoding': BROWSER_ENCODINGS },
          headersEach: () => ({ cookie: readers[r++ % readers.length]! }),
        }),
        runLoad({
          url: `${ctx.appUrl}/api/requests`,
          label: `mixed ${MIXED_SECONDS} s: POST /api/requests`,
          method: 'POST',
          rate: 10,
          seconds: MIXED_SECONDS,
          headers: { 'content-type': 'application/json' },
          body: newRequestBody,
          headersEach: (context) => {
            context.writer = w++ % writers.length;
            return { cookie: writers[context.writer as number]! };
          },
          onResponse: (status, body, context) => {
            if (status === 201) churn.posted(context.writer as number, (JSON.parse(body) as { id: number }).id);
          },
        }),
      ]);
      await churn.settled();
      // The last writes' events are on their way.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      for (const s of sockets) s.close();
    }
    const memory = rss.stop();
    ctx.record(reads);
    ctx.record(creates);
    const deletes = churn.result(`mixed ${MIXED_SECONDS} s: DELETE /api/requests/:id (churn)`, MIXED_SECONDS);
    ctx.record(deletes);
    const boardAfter = await countBoard();
    // Every create is active and ahead, and every delete takes one off: each is an event for every socket.
    const expected = (n: number) => n * sockets.length;
    ctx.note(
      `Mixed load, one instance, ${MIXED_SECONDS} s (board reads 100/s by ${SOCKETS} sessions, creates 10/s by ${crew.length} crew in turn, ` +
        `each deleting their oldest beyond ${HANDFUL}: ${churn.count} deletes; ${sockets.length} sockets): app RSS ${memory.start} MB before, ` +
        `max ${memory.max} MB, ${memory.end} MB at the end (budget <= 250 MB; through the run: ${memory.trend.join(', ')}); ` +
        `sockets heard ${upserts} of ${expected(churn.created)} upserts and ` +
        `${removes} of ${expected(churn.count)} removes; the board went from ${boardBefore} to ${boardAfter} requests; ` +
        `the app used ${memory.cpu.toFixed(1)} s of CPU (${((memory.cpu / MIXED_SECONDS) * 100).toFixed(0)}% of one core).`,
    );
  },
};

/**
 * The churn: after a writer's create, their oldest request goes once they hold more than a
 * handful (DELETE as the owner, from the bench process; latencies kept for the table).
 */
function deleteOldest(appUrl: string, cookies: readonly string[], held: number[][]) {
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let errors = 0;
  let non2xx = 0;
  let created = 0;
  const remove = async (cookie: string, id: number) => {
    const t = performance.now();
    try {
      const res = await fetch(`${appUrl}/api/requests/${id}`, { method: 'DELETE', headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) non2xx++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - t);
  };
  return {
    posted(writer: number, id: number) {
      created++;
      const mine = held[writer]!;
      mine.push(id);
      if (mine.length <= HANDFUL) return;
      const p = remove(cookies[writer]!, mine.shift()!);
      pending.add(p);
      void p.finally(() => pending.delete(p));
    },
    /** Creates answered 201 so far. */
    get created() {
      return created;
    },
    /** Deletes answered so far. */
    get count() {
      return latencies.length;
    },
    async settled() {
      await Promise.all(pending);
    },
    result(label: string, seconds: number): LoadResult {
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
      return {
        label,
        // One for each create once its writer holds a handful: about the creates' rate.
        offered: 10,
        p50: at(0.5),
        p99: at(0.99),
        max: Math.round(sorted.at(-1) ?? 0),
        rps: sorted.length / seconds,
        errors,
        non2xx,
      };
    },
  };
}

type AnySocket = Socket<Record<string, (...args: unknown[]) => void>>;

/** Signed-in sockets, as browsers open them (websocket, session cookie), a few at a time. */
async function connectSockets(url: string, cookies: readonly string[]): Promise<AnySocket[]> {
  const open = (cookie: string) =>
    new Promise<AnySocket>((resolve, reject) => {
      const socket: AnySocket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie },
        reconnection: false,
        forceNew: true,
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => reject(err));
    });
  const sockets: AnySocket[] = [];
  for (let i = 0; i < cookies.length; i += 20) sockets.push(...(await Promise.all(cookies.slice(i, i + 20).map(open))));
  return sockets;
}

/** The process's CPU time so far (user + system), in seconds: /proc/<pid>/stat fields 14 and 15, in ticks of 1/100 s. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The process's resident memory (VmRSS) every second, in MB, and the CPU it used meanwhile (on a
 * machine shared with other work, CPU per request varies far less than latency does).
 */
function sampleRss(pid: number): { stop(): { start: number; max: number; end: number; trend: number[]; cpu: number } } {
  const cpuBefore = cpuSeconds(pid);
  const samples: number[] = [];
  const read = () => {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb) samples.push(Math.round(Number(kb) / 1024));
  };
  read();
  const timer = setInterval(read, 1_000);
  return {
    stop() {
      clearInterval(timer);
      read();
      // Ten evenly spaced samples: whether memory levels off or keeps climbing.
      const trend = Array.from({ length: 10 }, (_, i) => samples[Math.round((i * (samples.length - 1)) / 9)]!);
      return { start: samples[0]!, max: Math.max(...samples), end: samples.at(-1)!, trend, cpu: cpuSeconds(pid) - cpuBefore };
    },
  };
}
