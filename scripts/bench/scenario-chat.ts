import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BenchContext } from './run.ts';
import type { Scenario } from './scenarios.ts';
import { createSessions, seedGroupCrew, seedUsers } from './seed-users.ts';
import { percentile, tenths as ms } from './stats.ts';

const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 1000);
const PROCESSES = Number(process.env.BENCH_CHAT_PROCESSES ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const INTERVAL_MS = 50;
/** Posts rotate over this many crew of the room: each stays well under the per-user send limit (60 a minute). */
const SENDERS = 40;
const ROOM_GROUP = 'Delta|CHT|captain|737';

const now = () => performance.timeOrigin + performance.now();

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb ?? 0) / 1024);
}

/** A client process with its share of the sockets, connected. */
async function startClients(url: string, cookies: string[]): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, 'chat-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`chat client exited with ${code}`)));
    child.on('message', (m: { type: string }) => {
      if (m.type === 'ready') resolve();
    });
    child.send({ type: 'start', start: { url, cookies } });
  });
  return child;
}

function resultsOf(child: ChildProcess): Promise<[string, number[]][]> {
  return new Promise((resolve) => {
    child.on('message', (m: { type: string; heard?: [string, number[]][] }) => {
      if (m.type === 'results') resolve(m.heard ?? []);
    });
    child.send({ type: 'stop' });
  });
}

/**
 * Base chat fan-out (docs/ARCHITECTURE.md section 10): SOCKETS signed-in crew of one chat room, spread
 * over PROCESSES client processes (so the clients' loops don't time themselves), one message every
 * 50 ms for SECONDS through POST /api/base-chat; each socket's delay from the send to its chat:new.
 * Budget: delivery p99 <= 100 ms, app RSS <= 250 MB with the sockets.
 */
export const chatScenario: Scenario = {
  name: 'chat',
  description: `base chat fan-out: ${SOCKETS} sockets in one room over ${PROCESSES} client processes, one message per ${INTERVAL_MS} ms for ${SECONDS} s`,
  async run(ctx: BenchContext) {
    await seedUsers(ctx.db, 1, 0);
    const crew = await seedGroupCrew(ctx.db, ROOM_GROUP, SOCKETS);
    const cookies = await createSessions(ctx.db, crew.slice(0, SOCKETS));
    const senders = cookies.slice(0, SENDERS);
    const rssBefore = rssMb(ctx.appPid);
    const share = Math.ceil(cookies.length / PROCESSES);
    const clients: ChildProcess[] = [];
    try {
      for (let i = 0; i < PROCESSES; i++) clients.push(await startClients(ctx.appUrl, cookies.slice(i * share, (i + 1) * share)));
      const rssConnected = rssMb(ctx.appPid);
      let rssMax = rssConnected;
      const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb(ctx.appPid))), 1000);
      const sent: string[] = [];
      let errors = 0;
      const posts: Promise<void>[] = [];
      // Warm-up messages first (the clients ignore their text), at the same rate; then the timed ones.
      const warm = Math.floor((WARMUP_SECONDS * 1000) / INTERVAL_MS);
      const total = warm + Math.floor((SECONDS * 1000) / INTERVAL_MS);
      const start = now();
      for (let i = 0; i < total; i++) {
        // Open loop: each send at its own time, whether or not the last one answered.
        const wait = start + i * INTERVAL_MS - now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const at = String(now());
        if (i >= warm) sent.push(at);
        posts.push(
          fetch(`${ctx.appUrl}/api/base-chat`, {
            method: 'POST',
            headers: { cookie: senders[i % senders.length]!, 'content-type': 'application/json' },
            body: JSON.stringify({ chatType: 'reserve', content: i >= warm ? `bench:${at}` : 'warm-up' }),
          }).then(
            async (res) => {
              if (res.status !== 201 && i >= warm) errors++;
              await res.arrayBuffer();
            },
            () => void errors++,
          ),
        );
      }
      await Promise.all(posts);
      // The last messages' deliveries.
      await new Promise((r) => setTimeout(r, 2000));
      clearInterval(sampler);
      const delays: number[] = [];
      const lastPerMessage = new Map<string, number>();
      const countPerMessage = new Map<string, number>();
      for (const child of clients) {
        for (const [key, list] of await resultsOf(child)) {
          delays.push(...list);
          lastPerMessage.set(key, Math.max(lastPerMessage.get(key) ?? 0, ...list));
          countPerMessage.set(key, (countPerMessage.get(key) ?? 0) + list.length);
        }
      }
      delays.sort((a, b) => a - b);
      const toAll = [...lastPerMessage.values()].sort((a, b) => a - b);
      const expected = sent.length * cookies.length;
      const complete = sent.filter((k) => countPerMessage.get(k) === cookies.length).length;
      ctx.record({
        label: `base chat fan-out to ${cookies.length} sockets (send to each receive)`,
        offered: 1000 / INTERVAL_MS,
        p50: ms(percentile(delays, 50)),
        p99: ms(percentile(delays, 99)),
        max: ms(delays.at(-1) ?? NaN),
        rps: ms(sent.length / SECONDS),
        errors,
        non2xx: 0,
      });
      ctx.note(
        `Base chat fan-out: ${sent.length} messages to ${cookies.length} sockets in ${PROCESSES} client processes; ` +
          `${delays.length} of ${expected} deliveries (${complete} messages reached every socket); send to each receive ` +
          `p50 ${ms(percentile(delays, 50))} ms, p99 ${ms(percentile(delays, 99))} ms; send to the last socket per message ` +
          `p50 ${ms(percentile(toAll, 50))} ms, p99 ${ms(percentile(toAll, 99))} ms; post errors ${errors}; app RSS ${rssBefore} MB before the sockets, ` +
          `${rssConnected} MB with them, ${rssMax} MB at most while sending (budget: p99 <= 100 ms, RSS <= 250 MB).`,
      );
    } finally {
      for (const c of clients) if (c.exitCode === null) c.kill();
    }
  },
};
