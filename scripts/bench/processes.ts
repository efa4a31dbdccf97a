import { build } from 'esbuild';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../server/lib/free-port.ts';
import { nodeBundle, SERVER_OUT } from '../build/server-bundle.ts';
import type { LoopDelay } from './loop-delay.ts';
export { freePort };

/**
 * Node flags of the measured processes: the production image's NODE_OPTIONS (Dockerfile) unless
 * BENCH_NODE_FLAGS says otherwise (to weigh a flag's cost in memory against its gain in throughput).
 */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=32 --max-old-space-size=256').split(' ').filter(Boolean);

const ROOT = path.resolve(import.meta.dirname, '../..');
const BENCH_OUT = path.join(ROOT, 'dist/bench');
/** The bench's own processes, built to JavaScript as the server is (npm run build). */
const BENCH_ENTRIES = ['loop-delay.ts', 'reference-server.ts', 'reference-fanout-server.ts', 'balancer.ts'];
let benchBuilt: Promise<unknown> | undefined;

/**
 * The JavaScript a process runs for a TypeScript entry: the server as `npm start` runs it (built by
 * `npm run build`, which `npm run bench` runs first), the bench's yardsticks built here once. Neither
 * side loads a TypeScript transformer, which would weigh on both sides' memory (issue 44).
 */
async function builtEntry(entry: string): Promise<string> {
  if (entry === 'server/main.ts') return path.join(SERVER_OUT, 'main.js');
  benchBuilt ??= build(
    nodeBundle(
      BENCH_ENTRIES.map((e) => path.join(ROOT, 'scripts/bench', e)),
      BENCH_OUT,
    ),
  );
  await benchBuilt;
  const name = path.basename(entry, '.ts');
  if (!BENCH_ENTRIES.includes(`${name}.ts`)) throw new Error(`${entry} is not among the bench's built entries`);
  return path.join(BENCH_OUT, `${name}.js`);
}

/** Starts an entry, built, in its own Node process (so load and server don't share a core's loop). */
export async function startProcess(entry: string, env: Record<string, string>, readyPattern: RegExp): Promise<ChildProcess> {
  const [script, loopDelay] = await Promise.all([builtEntry(entry), builtEntry('loop-delay.ts')]);
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', loopDelay, script], {
    env: { ...process.env, ...env },
    // The IPC channel carries the event-loop delay (loop-delay.ts) to the bench.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start in 60 s`)), 60_000);
    const onData = (buf: Buffer) => {
      if (readyPattern.test(buf.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (b: Buffer) => process.stderr.write(b));
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  return child;
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The event-loop delay inside a process started by startProcess since the last reset (ms), and a
 * new start when `reset`: reset before a measured run, read after it.
 */
export function loopDelay(child: ChildProcess, reset = true): Promise<LoopDelay> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error('no event-loop delay from the process in 5 s'));
    }, 5_000);
    const onMessage = (m: LoopDelay & { type?: string }) => {
      if (m?.type !== 'loop-delay') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve({ p50: m.p50, p99: m.p99, max: m.max, gc: m.gc, longestGap: m.longestGap });
    };
    child.on('message', onMessage);
    child.send({ type: 'loop-delay', reset });
  });
}

/** A process's CPU time so far (user + system) in ms: /proc/<pid>/stat fields 14 and 15, in ticks of 10 ms. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process's resident memory in MB, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
}

export interface AppInstance {
  url: string;
  port: number;
  process: ChildProcess;
}

/**
 * `count` production instances of the app on one database and one Redis (BENCH_REDIS_URL, default
 * the local one), as docker-compose runs them behind nginx: events cross over the Redis adapter.
 */
export async function startAppInstances(count: number, databaseUrl: string, env: Record<string, string> = {}): Promise<AppInstance[]> {
  const instances: AppInstance[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const child = await startProcess(
        'server/main.ts',
        {
          DATABASE_URL: databaseUrl,
          REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
          PORT: String(port),
          APP_ORIGIN: `http://127.0.0.1:${port}`,
          LOG_LEVEL: 'info',
          NODE_ENV: 'production',
          ...env,
        },
        /listening|READY/,
      );
      instances.push({ url: `http://127.0.0.1:${port}`, port, process: child });
    }
  } catch (err) {
    await stopInstances(instances);
    throw err;
  }
  return instances;
}

export async function stopInstances(instances: readonly { process: ChildProcess }[]): Promise<void> {
  await Promise.all(instances.map((i) => stopProcess(i.process)));
}
