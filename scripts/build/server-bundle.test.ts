// The build `npm start` and the image run (dist/server): every worker thread the server starts is
// an entry of it, the migrations are all there, and a worker thread runs from the build as it does
// from the sources. A built server that misses a file only shows at run time, on the first roster.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParseAnswer, ParseJob } from '../../server/features/roster/ics/parse-worker.ts';
import { buildServer, ENTRIES } from './server-bundle.ts';

const root = path.resolve(import.meta.dirname, '../..');
let out: string;
beforeAll(async () => {
  // Inside the project, as dist/server is: the bundles import the packages of its node_modules.
  await fs.mkdir(path.join(root, 'dist'), { recursive: true });
  out = await fs.mkdtemp(path.join(root, 'dist', '.build-test-'));
  await buildServer(out);
}, 60_000);
afterAll(() => fs.rm(out, { recursive: true, force: true }));

describe('the server build', () => {
  it('has an entry for every worker thread the server starts', () => {
    const asked = execFileSync('grep', ['-rhoE', "workerEntry\\('[^']+'\\)", 'server', '--include=*.ts'], { cwd: root, encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((call) => `server/${/'([^']+)'/.exec(call)![1]}`);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    for (const entry of asked) expect(ENTRIES).toContain(entry);
  });

  it('is the only way the server names a worker thread’s file (a path of its own would be missing from the build)', () => {
    const starts = execFileSync('grep', ['-rn', 'new Worker(', 'server', '--include=*.ts', '--exclude=*.test.ts'], {
      cwd: root,
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
    expect(starts.length).toBeGreaterThanOrEqual(2);
    expect(starts.filter((line) => !line.includes('new Worker(workerEntry('))).toEqual([]);
  });

  it('holds every migration, built, under the name the database records', async () => {
    const sources = (await fs.readdir(path.join(root, 'server/db/migrations'))).filter((f) => /^Migration\d+\.ts$/.test(f));
    const built = await fs.readdir(path.join(out, 'migrations'));
    expect(built.sort()).toEqual(sources.map((f) => f.replace(/\.ts$/, '.js')).sort());
  });

  it('keeps every class its own name (the bundle renames one that another module’s class shares)', async () => {
    const files = (await fs.readdir(out)).filter((f) => f.endsWith('.js'));
    const classes = (await Promise.all(files.map((f) => fs.readFile(path.join(out, f), 'utf8')))).flatMap((text) =>
      [...text.matchAll(/\bclass ([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!),
    );
    expect(classes.length).toBeGreaterThan(10);
    expect(classes.filter((name) => /\d$/.test(name) && classes.includes(name.replace(/\d+$/, '')))).toEqual([]);
  });

  it('reads a roster in the built worker thread', async () => {
    const bytes = new Uint8Array(await fs.readFile(path.join(root, 'server/features/roster/fixtures/rosters/saa-style.ics')));
    const worker = new Worker(path.join(out, 'parse-worker.js'), { execArgv: [] });
    try {
      const answer = await new Promise<ParseAnswer>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        const job: ParseJob = { id: 1, bytes, now: Date.UTC(2026, 0, 1), baseZone: 'Africa/Johannesburg', budgetMs: 5_000 };
        worker.postMessage(job);
      });
      expect(answer.ok).toBe(true);
      expect(answer.ok && answer.roster.entries.length).toBeGreaterThan(0);
    } finally {
      await worker.terminate();
    }
  });
});
