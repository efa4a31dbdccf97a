import fs from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { runLoad, type LoadResult } from './load.ts';
import { withReference } from './reference.ts';
import { SECONDS, WARMUP_SECONDS, type BenchContext } from './run.ts';
import type { Scenario } from './scenarios.ts';
import { newRequestBody } from './scenario-requests.ts';
import { CALLER_GROUP, seedRequests } from './seed-requests.ts';
import { createSessions, seedGroupCrew, seedUsers } from './seed-users.ts';

/** What a browser offers: the board is sent brotli from the cache. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';
/** The mixed load runs this long (ARCHITECTURE.md section 10: 5 minutes); shorter to try it out. */
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 300);
const SOCKETS = 200;

/**
 * 10k users, a busy group (the caller's) of about 56 crew of whom 50 post 4 requests each (200
 * active), and 100k requests in all, a third in the past.
 */
async function seedBoard(ctx: BenchContext): Promise<{ reader: string; crew: number[] }> {
  const [reader] = await seedUsers(ctx.db, 10_000, 1);
  const crew = await seedGroupCrew(ctx.db, CALLER_GROUP, 30);
  await seedRequests(ctx.db, { active: 200, others: 100_000 - 200, users: 10_000, activeCrew: 50 });
  return { reader: reader!, crew };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** GET /api/all-trades from the group cache against the one-select yardstick, in the same sitting. */
export const boardScenario: Scenario = {
  name: 'board',
  description: 'GET /api/all-trades (group cache) against the one-select route; 100k requests, 200 active from 50 crew',
  async run(ctx) {
    const { reader } = await seedBoard(ctx);
    const headers = { cookie: reader, 'accept-encoding': BROWSER_ENCODINGS };
    const sizes = await boardSizes(ctx, reader);
    const board200 = await ctx.load('GET /api/all-trades (cached, br)', { path: '/api/all-trades', headers, rate: 200 });
    const boardMax = await ctx.load('GET /api/all-trades (cached, br)', { path: '/api/all-trades', headers });
    const { ref200, refMax } = await withReference(ctx, async (url) => {
      const measure = async (rate?: number) => {
        await runLoad({ url: url('/one-select'), label: 'reference /one-select', rate, seconds: WARMUP_SECONDS });
        const r = await runLoad({ url: url('/one-select'), label: 'reference /one-select', rate, seconds: SECONDS });
        ctx.record(r);
        return r;
      };
      return { ref200: await measure(200), refMax: await measure() };
    });
    ctx.note(
      `Board of 200 requests: ${sizes.identity} KB as JSON, ${sizes.br} KB brotli. Saturation ${Math.round(boardMax.rps)} req/s, ` +
        `${(boardMax.rps / refMax.rps).toFixed(2)} of the one-select route's ${Math.round(refMax.rps)} req/s (budget >= 0.5).`,
    );
    ctx.note(
      `At 200 req/s: board p50 ${ms(board200.p50)}, p99 ${ms(board200.p99)}; one-select p50 ${ms(ref200.p50)}, p99 ${ms(ref200.p99)} ` +
        `(budget: p99 <= 15 ms and within 2x of one-select).`,
    );
  },
};

async function boardSizes(ctx: BenchContext, cookie: string): Promise<{ identity: number; br: number }> {
  const kb = async (encoding: string) => {
    const res = await fetch(`${ctx.appUrl}/api/all-trades`, { headers: { cookie, 'accept-encoding': encoding } });
    await res.arrayBuffer();
    return Math.round(Number(res.headers.get('content-length')) / 1024);
  };
  return { identity: await kb('identity'), br: await kb('br') };
}

/** One instance under board reads, creates and the group's sockets; the app's memory sampled each second. */
export const mixedScenario: Scenario = {
  name: 'mixed',
  description: `one instance for ${MIXED_SECONDS} s: board reads 100/s, creates 10/s, ${SOCKETS} sockets of the group; RSS`,
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
    let heard = 0;
    for (const s of sockets) s.on('board:upsert', () => heard++);
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
          headersEach: () => ({ cookie: writers[w++ % writers.length]! }),
          body: newRequestBody,
        }),
      ]);
      // The last creates' events are on their way.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      for (const s of sockets) s.close();
    }
    const memory = rss.stop();
    ctx.record(reads);
    ctx.record(creates);
    // Every create is active and ahead, so each one is a board event for every socket.
    const boardAfter = await countBoard();
    ctx.note(
      `Mixed load, one instance, ${MIXED_SECONDS} s (board reads 100/s by ${SOCKETS} sessions, creates 10/s by ${crew.length} crew in turn, ` +
        `${sockets.length} sockets): app RSS ${memory.start} MB before, max ${memory.max} MB, ${memory.end} MB at the end (budget <= 250 MB; ` +
        `through the run: ${memory.trend.join(', ')}); ` +
        `sockets heard ${heard} of ${(boardAfter - boardBefore) * sockets.length} board events; the board grew from ${boardBefore} to ${boardAfter} requests.`,
    );
  },
};

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

/** The process's resident memory (VmRSS) every second, in MB. */
function sampleRss(pid: number): { stop(): { start: number; max: number; end: number; trend: number[] } } {
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
      return { start: samples[0]!, max: Math.max(...samples), end: samples.at(-1)!, trend };
    },
  };
}
