// The soak (docs/decisions/0012): 500 simulated crew in ten busy groups of 50, each with a signed-in socket
// and a handful of requests, using the app as crew do (board, dashboard, bell, matches, messages,
// chat, posting, editing and removing requests) for SOAK_MINUTES (default 15) against two app
// instances sharing PostgreSQL and Redis behind a round-robin balancer (connection level, as the
// docker-compose nginx does for WebSockets, and like nginx in a process of its own: balancer.ts).
// Reports every kind of call's p50/p99 and errors, the live events received, and both instances'
// memory after warm-up against the end. The sockets live in client processes of their own
// (soak-sockets.ts), so the calls are timed by a process that does nothing else.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import argon2 from 'argon2';
import { analyzeWhileGrowing } from './analyze.ts';
import type { LoadResult } from './load.ts';
import { freePort, rssMb, startAppInstances, startProcess, stopInstances, stopProcess } from './processes.ts';
import type { BenchContext } from './run.ts';
import type { Scenario } from './scenarios.ts';
import { bulkSessions } from './seed-offers.ts';
import { BENCH_PASSWORD } from './seed-users.ts';
import { percentile, tenths as round } from './stats.ts';

const CREW = 500;
const GROUPS = 10;
const MINUTES = Number(process.env.SOAK_MINUTES ?? 15);
/** Each crew member acts about once every this many seconds (exponential gaps): ~50 calls/s in all. */
const THINK_SECONDS = 10;
const WARMUP_SHARE = 0.2;
/** Client processes holding the crew's sockets (soak-sockets.ts). */
const SOCKET_PROCESSES = 2;
/** Callers of the yardstick routes, paced as the crew are. */
const YARDSTICK_CALLERS = 50;
const YARDSTICK_READ = 'yardstick GET /one-select';
const YARDSTICK_WRITE = 'yardstick POST /insert-lookup';
const BASES = ['ATL', 'JFK', 'LAX', 'ORD', 'DFW', 'SEA', 'BOS', 'MSP', 'DEN', 'MIA'];

const now = () => performance.now();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Crew {
  id: number;
  group: number;
  cookie: string;
  requests: number[];
}

/** A process with its share of the sockets, resolved once all of them are connected. */
function startSockets(url: string, cookies: string[]): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, 'soak-sockets.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`soak socket client exited with ${code}`)));
    child.on('message', (m: { type: string }) => {
      if (m.type === 'ready') resolve(child);
    });
    child.send({ type: 'start', url, cookies });
  });
}

/** What a socket process heard in the measured part, and how many of its sockets are still connected. */
function socketResults(child: ChildProcess): Promise<{ events: number; connected: number }> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('message', (m: { type: string; events?: number; connected?: number }) => {
      if (m.type === 'results') resolve({ events: m.events ?? 0, connected: m.connected ?? 0 });
    });
    child.send({ type: 'stop' });
  });
}

/** 500 crew in ten groups of 50 (Delta, one base each, captains on the 737), signed in. */
async function seedCrew(ctx: BenchContext): Promise<Crew[]> {
  const hash = await argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id });
  const rows = await ctx.db.query<{ id: number; base: string }>(
    `insert into users (email, password, first_name, last_name, employee_number, base, airline, position, aircraft_type, email_notifications)
     select 'soak' || i || '@bench.example', $1, 'Soak', 'Crew' || i, 'S' || i, ($3::text[])[1 + i % $4], 'Delta', 'captain', '737', false
     from generate_series(0, $2::int - 1) as i
     returning id, base`,
    [hash, CREW, BASES.slice(0, GROUPS), GROUPS],
  );
  const cookies = await bulkSessions(
    ctx.db,
    rows.rows.map((r) => r.id),
  );
  return rows.rows.map((r) => ({ id: r.id, group: BASES.indexOf(r.base), cookie: cookies.get(r.id)!, requests: [] }));
}

type Call = {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  after?: (body: unknown) => void;
  /** Another server's balancer (the yardstick's); the app's by default. */
  base?: string;
};

const request = () => ({
  type: Math.random() < 0.5 ? 'drop' : 'pickup',
  date: inDays(3 + Math.floor(Math.random() * 60)),
  routeType: 'pairing',
  route: `S${Math.floor(Math.random() * 9000) + 1000}`,
  tripDays: 1 + Math.floor(Math.random() * 4),
});

/** A new request of the crew member's, remembered for later edits and removals. */
const postRequest = (me: Crew): Call => ({
  label: 'POST /api/requests',
  method: 'POST',
  path: '/api/requests',
  body: request(),
  after: (b) => me.requests.push((b as { id: number }).id),
});

/** What a crew member does next, weighted as a working day on the app looks. */
function nextCall(me: Crew, crew: Crew[]): Call {
  const roll = Math.random();
  const mate = () => {
    const mates = crew.filter((c) => c.group === me.group && c.id !== me.id);
    return mates[Math.floor(Math.random() * mates.length)]!;
  };
  if (roll < 0.25) return { label: 'GET /api/all-trades', method: 'GET', path: '/api/all-trades' };
  if (roll < 0.37) return { label: 'GET /api/dashboard/stats', method: 'GET', path: '/api/dashboard/stats' };
  if (roll < 0.47) return { label: 'GET /api/notifications', method: 'GET', path: '/api/notifications' };
  if (roll < 0.55) return { label: 'GET /api/matches', method: 'GET', path: '/api/matches' };
  if (roll < 0.63) return { label: 'GET /api/messages/recent', method: 'GET', path: '/api/messages/recent' };
  if (roll < 0.73) {
    const to = mate();
    return {
      label: 'POST /api/messages',
      method: 'POST',
      path: '/api/messages',
      body: { toUserId: to.id, content: 'Can you take my trip?' },
    };
  }
  if (roll < 0.78)
    return {
      label: 'POST /api/base-chat',
      method: 'POST',
      path: '/api/base-chat',
      body: { content: 'Anyone free Friday?', chatType: 'reserve' },
    };
  if (roll < 0.85 && me.requests.length > 0) {
    const id = me.requests[Math.floor(Math.random() * me.requests.length)]!;
    return { label: 'PUT /api/requests/:id', method: 'PUT', path: `/api/requests/${id}`, body: request() };
  }
  if (roll < 0.93 || me.requests.length < 3) return postRequest(me);
  // A handful each: the oldest goes when a new one would make too many.
  const id = me.requests.shift()!;
  return { label: 'DELETE /api/requests/:id', method: 'DELETE', path: `/api/requests/${id}` };
}

export const soakScenario: Scenario = {
  name: 'soak',
  description: `${CREW} crew in ${GROUPS} groups, REST and sockets, ${MINUTES} min against two instances behind a balancer`,
  async run(ctx) {
    const crew = await seedCrew(ctx);
    const instances = await startAppInstances(2, ctx.databaseUrl, { RATE_LIMIT_OVERRIDES: 'messages=100000' });
    const ports = instances.map((i) => i.port);
    // The yardstick routes (reference-server.ts) in the same sitting, behind a balancer of their own:
    // each route's p50 and p99 read against them (docs/ARCHITECTURE.md section 10).
    const refPort = await freePort();
    const reference = await startProcess(
      'scripts/bench/reference-server.ts',
      { DATABASE_URL: ctx.databaseUrl, PORT: String(refPort) },
      /READY/,
    );
    // Both balancers in one process of their own (balancer.ts), as nginx runs beside the instances.
    const lbPort = await freePort();
    const refLbPort = await freePort();
    const balancer = await startProcess(
      'scripts/bench/balancer.ts',
      { ROUTES: `${lbPort}>${ports.join(',')};${refLbPort}>${refPort}` },
      /READY/,
    );
    const base = `http://127.0.0.1:${lbPort}`;
    const refBase = `http://127.0.0.1:${refLbPort}`;
    const latencies = new Map<string, number[]>();
    const errors = new Map<string, number>();
    let stopping = false;
    let socketProcesses: ChildProcess[] = [];
    let phase: 'warmup' | 'measured' = 'warmup';

    async function call(me: Crew, c: Call): Promise<void> {
      const start = now();
      try {
        const res = await fetch((c.base ?? base) + c.path, {
          method: c.method,
          headers: { cookie: me.cookie, ...(c.body ? { 'content-type': 'application/json' } : {}) },
          body: c.body ? JSON.stringify(c.body) : undefined,
        });
        const text = await res.text();
        if (phase === 'measured') {
          if (!res.ok) errors.set(c.label, (errors.get(c.label) ?? 0) + 1);
          else {
            const list = latencies.get(c.label) ?? [];
            list.push(now() - start);
            latencies.set(c.label, list);
          }
        }
        if (res.ok && c.after) c.after(JSON.parse(text) as unknown);
      } catch {
        if (phase === 'measured') errors.set(c.label, (errors.get(c.label) ?? 0) + 1);
      }
    }

    try {
      // Every crew member's socket, over the WebSocket as a browser upgrades (the balancer is connection-level).
      const share = Math.ceil(CREW / SOCKET_PROCESSES);
      socketProcesses = await Promise.all(
        Array.from({ length: SOCKET_PROCESSES }, (_, p) =>
          startSockets(
            base,
            crew.slice(p * share, (p + 1) * share).map((c) => c.cookie),
          ),
        ),
      );
      // A handful of requests each to start with.
      for (const me of crew) for (let i = 0; i < 3; i++) await call(me, postRequest(me));

      const totalMs = MINUTES * 60_000;
      const warmupMs = totalMs * WARMUP_SHARE;
      const stopAnalyzing = await analyzeWhileGrowing(ctx.db);
      const memory: { at: number; mb: number[] }[] = [];
      const started = now();
      const sampler = setInterval(() => memory.push({ at: now() - started, mb: instances.map((p) => rssMb(p.process.pid!)) }), 10_000);
      setTimeout(() => {
        phase = 'measured';
        for (const child of socketProcesses) child.send({ type: 'measure' });
      }, warmupMs);
      const loops = crew.map(async (me) => {
        while (!stopping) {
          await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * THINK_SECONDS * 1000));
          if (!stopping) await call(me, nextCall(me, crew));
        }
      });
      // A few callers of the yardsticks, paced like the crew: about 5 calls a second in all.
      const yardsticks = crew.slice(0, YARDSTICK_CALLERS).map(async (me) => {
        for (let turn = 0; !stopping; turn++) {
          await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * THINK_SECONDS * 1000));
          if (stopping) break;
          await call(
            me,
            turn % 2
              ? { label: YARDSTICK_WRITE, method: 'POST', path: '/insert-lookup', base: refBase }
              : { label: YARDSTICK_READ, method: 'GET', path: '/one-select', base: refBase },
          );
        }
      });
      await new Promise((r) => setTimeout(r, totalMs));
      stopping = true;
      clearInterval(sampler);
      await Promise.all([...loops, ...yardsticks]);
      await stopAnalyzing();

      const measuredSeconds = (totalMs - warmupMs) / 1000;
      for (const [label, list] of [...latencies.entries()].sort()) {
        const sorted = [...list].sort((a, b) => a - b);
        const row: LoadResult = {
          label: `soak ${label}`,
          offered: Math.round(((list.length + (errors.get(label) ?? 0)) / measuredSeconds) * 10) / 10,
          p50: round(percentile(sorted, 50)),
          p99: round(percentile(sorted, 99)),
          max: round(sorted.at(-1) ?? 0),
          rps: list.length / measuredSeconds,
          errors: errors.get(label) ?? 0,
          non2xx: 0,
        };
        ctx.record(row);
      }
      const p = (label: string, q: number) =>
        round(
          percentile(
            [...(latencies.get(label) ?? [])].sort((a, b) => a - b),
            q,
          ),
        );
      const against = (label: string, yardstick: string) =>
        `${label.replace(/^GET /, '')} ${p(label, 50)} / ${p(label, 99)} ms (${(p(label, 50) / p(yardstick, 50)).toFixed(1)}x / ${(p(label, 99) / p(yardstick, 99)).toFixed(1)}x)`;
      const writes = [
        'POST /api/requests',
        'PUT /api/requests/:id',
        'DELETE /api/requests/:id',
        'POST /api/messages',
        'POST /api/base-chat',
      ];
      const reads = [...latencies.keys()].filter((l) => l.startsWith('GET /api/')).sort();
      ctx.note(
        `Soak against the yardsticks of the same sitting (p50 / p99, and as a multiple of the yardstick's): one-select ${p(YARDSTICK_READ, 50)} / ${p(YARDSTICK_READ, 99)} ms, ` +
          `insert-and-lookup ${p(YARDSTICK_WRITE, 50)} / ${p(YARDSTICK_WRITE, 99)} ms. Reads against one-select: ${reads.map((l) => against(l, YARDSTICK_READ)).join('; ')}. ` +
          `Writes against insert-and-lookup: ${writes
            .filter((l) => latencies.has(l))
            .map((l) => against(l, YARDSTICK_WRITE))
            .join('; ')}. ` +
          `(Budgets: the board within 2x of one-select, a create within 3x of insert-and-lookup + a few ms.)`,
      );
      const after = memory.filter((m) => m.at >= warmupMs);
      const firstMinute = after.filter((m) => m.at < warmupMs + 60_000);
      const lastMinute = after.filter((m) => m.at >= totalMs - 60_000);
      const mean = (rows: typeof memory, i: number) => Math.round(rows.reduce((s, m) => s + m.mb[i]!, 0) / Math.max(1, rows.length));
      const growth = instances.map((_, i) => {
        const a = mean(firstMinute, i);
        const b = mean(lastMinute, i);
        return `instance ${i + 1}: ${a} → ${b} MB (${a ? Math.round(((b - a) / a) * 1000) / 10 : 0}%)`;
      });
      const totalErrors = [...errors.values()].reduce((s, n) => s + n, 0);
      const totalCalls = [...latencies.values()].reduce((s, l) => s + l.length, 0);
      const heard = await Promise.all(socketProcesses.map(socketResults));
      socketProcesses = [];
      const events = heard.reduce((sum, h) => sum + h.events, 0);
      const connected = heard.reduce((sum, h) => sum + h.connected, 0);
      ctx.note(
        `Soak: ${CREW} crew in ${GROUPS} groups for ${MINUTES} min (${Math.round(WARMUP_SHARE * 100)}% warm-up), two instances behind a round-robin balancer, ` +
          `${totalCalls.toLocaleString('en-US')} calls measured (${round(totalCalls / measuredSeconds)}/s), ${totalErrors} errors, ${events.toLocaleString('en-US')} live events received, ` +
          `${connected} of ${CREW} sockets connected at the end. Memory after warm-up against the last minute: ${growth.join('; ')} (budget: growth <= 10%).`,
      );
    } finally {
      stopping = true;
      for (const child of socketProcesses) child.kill();
      await stopProcess(balancer);
      await stopProcess(reference);
      await stopInstances(instances);
    }
  },
};
