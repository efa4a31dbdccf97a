// npm run bench: seeds realistic data in a fresh database, starts the app as in production, then
// offers fixed rates (open loop) and reports latency percentiles, errors and saturation throughput.
import os from 'node:os';
import pg from 'pg';
import { measureArgon2 } from './argon2-cost.ts';
import { formatGoals, type Goal } from './goals.ts';
import { formatTable, runLoad, type LoadResult } from './load.ts';
import { measuredLoad, SECONDS, WARMUP_SECONDS } from './measure.ts';
import type { ChildProcess } from 'node:child_process';
import { freePort, startProcess, stopProcess } from './processes.ts';
import { scenarios } from './scenarios.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const only = process.env.BENCH_ONLY?.split(',');

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface BenchContext {
  appUrl: string;
  /** The app's process, for memory samples (/proc/<pid>/status). */
  appPid: number;
  /** The app's process: its event-loop delay (loopDelay in processes.ts). */
  app: ChildProcess;
  databaseUrl: string;
  db: pg.Client;
  load(label: string, opts: Omit<Parameters<typeof runLoad>[0], 'url' | 'label' | 'seconds'> & { path: string }): Promise<LoadResult>;
  /** Adds a row measured another way (another duration, another server) to the results table. */
  record(result: LoadResult): void;
  note(line: string): void;
  /** A budget of docs/ARCHITECTURE.md section 10 judged against its yardstick of this sitting (goals.ts). */
  goal(goal: Goal): void;
}

async function main() {
  const results: LoadResult[] = [];
  const notes: string[] = [];
  const goals: Goal[] = [];
  for (const scenario of scenarios) {
    if (only && !only.includes(scenario.name)) continue;
    console.error(`\n== ${scenario.name}: ${scenario.description}`);
    const databaseUrl = await freshDatabase(`crewtrade_bench_${scenario.name.replace(/\W/g, '_')}${process.env.BENCH_DB_SUFFIX ?? ''}`);
    const port = await freePort();
    const app = await startProcess(
      'server/main.ts',
      {
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        // Production requires it (mailed links); the bench's clients send no Origin, so it refuses nothing.
        APP_ORIGIN: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        // Throughput, not the per-account limits (tested at their defaults in the test suite).
        RATE_LIMIT_OVERRIDES:
          'login=1000000,requests=1000000,offers=1000000,scheduleUploads=1000000,pushSubscriptions=1000000,pushTest=1000000',
      },
      /listening|READY/,
    );
    // The app logs nothing at warn when ready; startProcess also accepts the port answering.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const appUrl = `http://127.0.0.1:${port}`;
    const ctx: BenchContext = {
      appUrl,
      appPid: app.pid!,
      app,
      databaseUrl,
      db,
      async load(label, opts) {
        const { path, ...rest } = opts;
        const r = await measuredLoad(app, { ...rest, url: appUrl + path, label });
        console.error(formatTable([r]).split('\n').at(-1));
        results.push(r);
        return r;
      },
      record(r) {
        console.error(formatTable([r]).split('\n').at(-1));
        results.push(r);
      },
      note(line) {
        console.error(line);
        notes.push(line);
      },
      goal(g) {
        goals.push(g);
      },
    };
    try {
      await scenario.run(ctx);
    } finally {
      await db.end();
      await stopProcess(app);
    }
  }
  if (!only || only.includes('argon2')) {
    const a = await measureArgon2();
    notes.push(`Sign-in hashing: ${a.params}: ${a.msPerHash} ms a hash, about ${a.hashesPerSecondPerCore} sign-ins/s per core.`);
  }
  console.log(
    `\n### Benchmarks (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString().slice(0, 10)}; ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up)\n`,
  );
  console.log(formatTable(results));
  console.log('');
  for (const n of notes) console.log(`- ${n}`);
  if (goals.length) console.log(`\n#### The scale budgets in this sitting (docs/ARCHITECTURE.md section 10)\n\n${formatGoals(goals)}`);
}

await main();
