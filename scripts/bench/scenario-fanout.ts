// Fan-out across two instances (docs/ARCHITECTURE.md section 10, the last budget row): 5,000 signed-in
// crew of one busy group, each with a socket, split evenly over two app instances that share
// PostgreSQL and Redis; 4 board changes a second in that group, all sent to instance one (a crew
// member's POST /api/requests, a board:upsert to the group's room, alternating with the DELETE of
// an older one, a board:remove), so every delivery to instance two's sockets crosses Redis. Timed
// from the send to each socket's arrival. The yardstick, in the same sitting: a bare Socket.IO
// server with the Redis adapter (reference-fanout-server.ts), two processes of it holding the same
// number of sockets, broadcasting a payload of the same size to one room at the same rate from
// process one. Budget: every socket hears every event, p50/p99 within 2x of the yardstick, RSS <=
// 250 MB per instance.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FanoutResults, FanoutStart } from './fanout-clients.ts';
import { atMost, within } from './goals.ts';
import { freePort, rssMb, startAppInstances, startProcess, stopInstances, stopProcess, type AppInstance } from './processes.ts';
import type { BenchContext } from './run.ts';
import type { Scenario } from './scenarios.ts';
import { bulkSessions } from './seed-offers.ts';
import { seedGroupCrew, seedUsers } from './seed-users.ts';
import { percentile, tenths as ms } from './stats.ts';

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 5000);
const PROCESSES = Number(process.env.FANOUT_PROCESSES ?? 4);
const SECONDS = Number(process.env.FANOUT_SECONDS ?? process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
/** Board events a second, creates and deletes alternating. */
const RATE = Number(process.env.FANOUT_RATE ?? 4);
/** The creates rotate over this many crew of the group (a busy group: 40 or more crew posting in turn). */
const SENDERS = 40;
/** Requests on the board before the run (one each for the first senders), so every delete has an older one to remove. */
const STANDING = 10;
const GROUP = 'Delta|FAN|captain|737';
/** After the last send, the bench waits for the arrivals to stop growing for this long (at most DRAIN_MAX_MS). */
const SETTLED_MS = 1500;
const DRAIN_MAX_MS = 20_000;
/** An instance started and idle holds at most this (docs/benchmarks.md, the budgets). */
const IDLE_RSS_MB = 150;

const now = () => performance.timeOrigin + performance.now();
const sleep = (msecs: number) => new Promise((r) => setTimeout(r, msecs));
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The soft limit on open files, which each server (SOCKETS / 2 sockets) and client process inherits. */
function openFilesLimit(): number {
  const line = /Max open files\s+(\d+|unlimited)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1];
  return line === 'unlimited' || line === undefined ? Infinity : Number(line);
}

/** The client processes, each with its share of the sockets, connected (in parallel). */
async function startClients(urls: string[], cookies: readonly string[]): Promise<ChildProcess[]> {
  const targets = cookies.map((cookie, i) => ({ server: i % urls.length, cookie }));
  const share = Math.ceil(targets.length / PROCESSES);
  const clients: ChildProcess[] = [];
  try {
    await Promise.all(
      Array.from({ length: PROCESSES }, (_, p) => {
        const child = fork(path.join(import.meta.dirname, 'fanout-clients.ts'), [], {
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        clients.push(child);
        // Contiguous slices of alternating servers: each process holds sockets on both.
        const start: FanoutStart = { urls, targets: targets.slice(p * share, (p + 1) * share) };
        return new Promise<void>((resolve, reject) => {
          child.once('exit', (code) => reject(new Error(`fan-out client exited with ${code}`)));
          const onReady = (m: { type: string }) => {
            if (m.type !== 'ready') return;
            child.off('message', onReady);
            resolve();
          };
          child.on('message', onReady);
          child.send({ type: 'start', start });
        });
      }),
    );
  } catch (err) {
    stopClients(clients);
    throw err;
  }
  return clients;
}

function ask<T>(child: ChildProcess, type: 'progress' | 'stop', answer: (m: { type: string } & T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string } & T) => {
      if (!answer(m)) return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send({ type });
  });
}

function stopClients(clients: readonly ChildProcess[]): void {
  for (const c of clients) {
    c.removeAllListeners('exit');
    if (c.exitCode === null) c.kill();
  }
}

/** Waits until the clients' arrival count has not moved for SETTLED_MS (the last events' deliveries). */
async function drain(clients: readonly ChildProcess[]): Promise<void> {
  const total = async () =>
    (await Promise.all(clients.map((c) => ask<{ arrivals: number }>(c, 'progress', (m) => m.type === 'progress')))).reduce(
      (s, m) => s + m.arrivals,
      0,
    );
  const until = now() + DRAIN_MAX_MS;
  let last = await total();
  let since = now();
  while (now() < until && now() - since < SETTLED_MS) {
    await sleep(250);
    const n = await total();
    if (n !== last) {
      last = n;
      since = now();
    }
  }
}

interface Side {
  /** The two servers' processes (RSS and CPU) and base URLs. */
  servers: { pid: number; url: string }[];
  /** Each socket's session cookie (empty for the reference). */
  cookies: readonly string[];
  /** Sends event i; resolves to its key (`upsert:<id>`, `remove:<id>`) once accepted, or null when refused. */
  send(i: number): Promise<string | null>;
}

interface Measured {
  events: number;
  errors: number;
  deliveries: number;
  expected: number;
  /** Events every socket heard. */
  complete: number;
  p50: number;
  p99: number;
  max: number;
  /** Per server, the deliveries to its sockets: p50 / p99. */
  perServer: { p50: number; p99: number; deliveries: number }[];
  /** Deliveries of upserts and of removes apart: p50 / p99. */
  perKind: { kind: string; p50: number; p99: number }[];
  /** From the send to the server's answer (the app: the write; the reference: the broadcast call): p50 / p99. */
  answerP50: number;
  answerP99: number;
  /** The last socket to hear each event: p50 / p99. */
  lastP50: number;
  lastP99: number;
  rssIdle: number[];
  rssConnected: number[];
  rssMax: number[];
  cpu: number[];
  closed: number;
  connectSeconds: number;
}

/** Connects the sockets, sends RATE events a second (warm-up, then SECONDS measured), and times every delivery. */
async function measure(side: Side): Promise<Measured> {
  const pids = side.servers.map((s) => s.pid);
  const rssIdle = pids.map(rssMb);
  const connectStart = now();
  const clients = await startClients(
    side.servers.map((s) => s.url),
    side.cookies,
  );
  try {
    const connectSeconds = (now() - connectStart) / 1000;
    const rssConnected = pids.map(rssMb);
    const rssMax = [...rssConnected];
    const sampler = setInterval(() => pids.forEach((pid, i) => (rssMax[i] = Math.max(rssMax[i]!, rssMb(pid)))), 1000);
    const sent = new Map<string, number>();
    const answers: number[] = [];
    let errors = 0;
    const warm = Math.round(WARMUP_SECONDS * RATE);
    const total = warm + Math.round(SECONDS * RATE);
    const interval = 1000 / RATE;
    const pending: Promise<void>[] = [];
    let cpuStart: number[] = pids.map(cpuSeconds);
    const start = now();
    for (let i = 0; i < total; i++) {
      // Open loop: each send at its own time, whether or not the last one answered.
      const wait = start + i * interval - now();
      if (wait > 0) await sleep(wait);
      if (i === warm) cpuStart = pids.map(cpuSeconds);
      const at = now();
      pending.push(
        side.send(i).then(
          (key) => {
            if (i < warm) return;
            if (key === null) errors++;
            else {
              sent.set(key, at);
              answers.push(now() - at);
            }
          },
          () => void (i >= warm && errors++),
        ),
      );
    }
    await Promise.all(pending);
    await drain(clients);
    clearInterval(sampler);
    const cpu = pids.map((pid, i) => Math.round((cpuSeconds(pid) - cpuStart[i]!) * 10) / 10);

    const delays: number[] = [];
    const perServer = side.servers.map(() => [] as number[]);
    const perKind = new Map<string, number[]>([
      ['upsert', []],
      ['remove', []],
    ]);
    const heardBy = new Map<string, number>();
    const lastBy = new Map<string, number>();
    let closed = 0;
    for (const child of clients) {
      const r = await ask<{ results: FanoutResults }>(child, 'stop', (m) => m.type === 'results');
      closed += r.results.closed;
      for (const [serverKey, arrivals] of r.results.heard) {
        const [server, key] = serverKey.split(' ') as [string, string];
        const at = sent.get(key);
        if (at === undefined) continue; // a warm-up event
        for (const a of arrivals) {
          delays.push(a - at);
          perServer[Number(server)]!.push(a - at);
          perKind.get(key.split(':')[0]!)!.push(a - at);
          lastBy.set(key, Math.max(lastBy.get(key) ?? -Infinity, a - at));
        }
        heardBy.set(key, (heardBy.get(key) ?? 0) + arrivals.length);
      }
    }
    const sort = (l: number[]) => l.sort((a, b) => a - b);
    sort(delays);
    perServer.forEach(sort);
    perKind.forEach(sort);
    sort(answers);
    const last = sort([...lastBy.values()]);
    return {
      events: sent.size,
      errors,
      deliveries: delays.length,
      expected: sent.size * side.cookies.length,
      complete: [...sent.keys()].filter((k) => heardBy.get(k) === side.cookies.length).length,
      p50: ms(percentile(delays, 50)),
      p99: ms(percentile(delays, 99)),
      max: ms(delays.at(-1) ?? NaN),
      perServer: perServer.map((l) => ({ p50: ms(percentile(l, 50)), p99: ms(percentile(l, 99)), deliveries: l.length })),
      perKind: [...perKind].map(([kind, l]) => ({ kind, p50: ms(percentile(l, 50)), p99: ms(percentile(l, 99)) })),
      answerP50: ms(percentile(answers, 50)),
      answerP99: ms(percentile(answers, 99)),
      lastP50: ms(percentile(last, 50)),
      lastP99: ms(percentile(last, 99)),
      rssIdle,
      rssConnected,
      rssMax,
      cpu,
      closed,
      connectSeconds: Math.round(connectSeconds * 10) / 10,
    };
  } finally {
    stopClients(clients);
  }
}

/** A new drop on a future date: drops alone never match each other, so each create is a board change and nothing more. */
let created = 0;
const newRequest = () =>
  JSON.stringify({ type: 'drop', date: inDays(3 + (created++ % 60)), routeType: 'pairing', route: `F${1000 + created}`, tripDays: 2 });

const describe = (m: Measured, who: string[]) =>
  `${m.deliveries.toLocaleString('en-US')} of ${m.expected.toLocaleString('en-US')} deliveries (${m.complete} of ${m.events} events reached every socket` +
  `${m.closed ? `; ${m.closed} sockets closed during the run` : ''}); send to each receive p50 ${m.p50} / p99 ${m.p99} / max ${m.max} ms ` +
  `(${who.map((w, i) => `${w}'s sockets ${m.perServer[i]!.p50} / ${m.perServer[i]!.p99}`).join(', ')}; ` +
  `${m.perKind.map((k) => `${k.kind}s ${k.p50} / ${k.p99}`).join(', ')}); send to the server's answer p50 ${m.answerP50} / p99 ${m.answerP99} ms; to the last socket per event p50 ${m.lastP50} / p99 ${m.lastP99} ms; ` +
  `errors ${m.errors}; RSS ${who.map((w, i) => `${w} ${m.rssIdle[i]} MB idle, ${m.rssConnected[i]} with the sockets, ${m.rssMax[i]} at most`).join('; ')}; ` +
  `CPU over the run ${who.map((w, i) => `${w} ${m.cpu[i]} s`).join(', ')}; ${m.connectSeconds} s to connect the sockets`;

export const fanoutScenario: Scenario = {
  name: 'fanout',
  description: `board fan-out across two instances: ${SOCKETS} sockets of one group, ${RATE} events/s for ${SECONDS} s, against a bare Socket.IO + Redis adapter pair`,
  async run(ctx: BenchContext) {
    const limit = openFilesLimit();
    if (limit < SOCKETS / 2 + 1024)
      throw new Error(
        `fanout: open-files limit ${limit} is too low for ${SOCKETS} sockets; raise it (ulimit -n ${SOCKETS + 4096}) and rerun`,
      );
    const loadBefore = load();
    await seedUsers(ctx.db, 1, 0);
    const crew = await seedGroupCrew(ctx.db, GROUP, SOCKETS);
    const sessions = await bulkSessions(ctx.db, crew.slice(0, SOCKETS));
    const cookies = crew.slice(0, SOCKETS).map((id) => sessions.get(id)!);
    const senders = cookies.slice(0, SENDERS);

    // The app: two instances on the scenario's database and the bench's Redis; every event sent to instance one.
    const instances = await startAppInstances(2, ctx.databaseUrl);
    const [one] = instances as [AppInstance, AppInstance];
    /** Requests on the board, oldest first, with their owner's cookie: each delete takes the oldest. */
    const live: { id: number; cookie: string }[] = [];
    const bodySizes: number[] = [];
    const create = async (cookie: string): Promise<number | null> => {
      const res = await fetch(`${one.url}/api/requests`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: newRequest(),
      });
      const text = await res.text();
      if (res.status !== 201) return null;
      bodySizes.push(Buffer.byteLength(text));
      const id = (JSON.parse(text) as { id: number }).id;
      live.push({ id, cookie });
      return id;
    };
    let app: Measured;
    try {
      for (let i = 0; i < STANDING; i++) await create(senders[i % senders.length]!);
      app = await measure({
        servers: instances.map((s) => ({ pid: s.process.pid!, url: s.url })),
        cookies,
        async send(i) {
          if (i % 2 === 0) {
            const id = await create(senders[(i / 2) % senders.length]!);
            return id === null ? null : `upsert:${id}`;
          }
          const oldest = live.shift();
          if (!oldest) return null;
          const res = await fetch(`${one.url}/api/requests/${oldest.id}`, { method: 'DELETE', headers: { cookie: oldest.cookie } });
          await res.arrayBuffer();
          return res.ok ? `remove:${oldest.id}` : null;
        },
      });
    } finally {
      // Stopped before the yardstick starts, so it has the machine to itself as the app had.
      await stopInstances(instances);
    }
    // The upsert's payload is the request as the board shows it, the same JSON as the create's answer.
    const payload = Math.round(bodySizes.reduce((s, n) => s + n, 0) / Math.max(1, bodySizes.length));

    // The yardstick: the same number of sockets on a bare Socket.IO + Redis adapter pair, the same rate and payload.
    const refs: ChildProcess[] = [];
    let ref: Measured;
    try {
      const urls: string[] = [];
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        refs.push(
          await startProcess(
            'scripts/bench/reference-fanout-server.ts',
            { PORT: String(port), REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
            /READY/,
          ),
        );
        urls.push(`http://127.0.0.1:${port}`);
      }
      ref = await measure({
        servers: refs.map((p, i) => ({ pid: p.pid!, url: urls[i]! })),
        cookies: cookies.map(() => ''),
        async send(i) {
          const kind = i % 2 === 0 ? 'upsert' : 'remove';
          const res = await fetch(`${urls[0]}/emit?kind=${kind}&id=${i}&size=${payload}`, { method: 'POST' });
          await res.arrayBuffer();
          return res.ok ? `${kind}:${i}` : null;
        },
      });
    } finally {
      for (const p of refs) await stopProcess(p);
    }

    const row = (label: string, m: Measured) =>
      ctx.record({ label, offered: RATE, p50: m.p50, p99: m.p99, max: m.max, rps: m.events / SECONDS, errors: m.errors, non2xx: 0 });
    row(`fan-out across two instances: ${SOCKETS} sockets of one group, board events (send to each receive)`, app);
    row(`reference: bare Socket.IO + Redis adapter, two processes, ${SOCKETS} sockets, ${payload} B payload`, ref);
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    ctx.note(
      `Fan-out across two instances (${SOCKETS} sockets of one group, half on each, over ${PROCESSES} client processes; ${RATE} board events/s sent to instance one, ` +
        `creates and deletes alternating, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; upsert payload ${payload} B): ` +
        `app: ${describe(app, ['instance 1', 'instance 2'])}. ` +
        `Reference (bare Socket.IO + Redis adapter, two processes, same sockets, rate and payload size): ${describe(ref, ['process 1', 'process 2'])}. ` +
        `App against reference: p50 ${ratio(app.p50, ref.p50)}x, p99 ${ratio(app.p99, ref.p99)}x (budget <= 1.5x); ` +
        `every socket heard every event: ${app.errors === 0 && app.deliveries === app.expected && app.complete === app.events ? 'yes' : 'NO'}; ` +
        `RSS at most ${app.rssMax.join(' / ')} MB per instance, ${app.rssMax.map((mb, i) => `${ratio(mb, ref.rssMax[i]!)}x`).join(' / ')} of the bare pair's (budget <= 1.3x). Load average ${loadBefore} before, ${load()} after.`,
    );
    ctx.goal({
      goal: `fan-out, ${SOCKETS.toLocaleString('en-US')} sockets: deliveries`,
      figure: app.deliveries,
      yardstick: app.expected,
      unit: 'deliveries',
      budget: 'every socket hears every event',
      met: app.errors === 0 && app.deliveries === app.expected && app.complete === app.events,
    });
    ctx.goal(within('fan-out: send to receive p50', app.p50, ref.p50, 1.5));
    ctx.goal(within('fan-out: send to receive p99', app.p99, ref.p99, 1.5));
    app.rssMax.forEach((rss, i) =>
      ctx.goal(within(`fan-out: instance ${i + 1}'s RSS at most (against bare process ${i + 1})`, rss, ref.rssMax[i]!, 1.3, 0, 'MB')),
    );
    // Measured started and ready, before any socket (issue 44: a light idle instance).
    app.rssIdle.forEach((rss, i) =>
      ctx.goal(atMost(`instance ${i + 1}'s RSS idle (bare process: ${ref.rssIdle[i]} MB)`, rss, IDLE_RSS_MB, 'MB')),
    );
  },
};
