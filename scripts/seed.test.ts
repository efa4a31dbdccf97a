import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../server/test/outbox.ts';
import { createTestDatabase, type TestDatabase } from '../server/test/test-database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seed = (env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { cwd: root, env: { ...process.env, ...env } });

let db: TestDatabase;
let work: string;
beforeAll(async () => {
  db = await createTestDatabase();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-seed-'));
});
afterAll(async () => {
  await db?.drop();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe('npm run seed', () => {
  it(
    'makes a demo to click through: an admin, matches, a chain, an offer, a roster, messages, chat and images; a second run adds nothing',
    { timeout: 120_000 },
    async () => {
      const env = { DATABASE_URL: db.url, UPLOAD_DIR: path.join(work, 'uploads'), ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' };
      const { stdout } = await seed(env);
      expect(stdout).toContain('admin@demo.crewtrade.app');
      const count = async (query: string) => Number((await sql<{ n: string }>(db.url, query))[0]!.n);
      const counts = async () => ({
        admins: await count('select count(*) as n from users where is_admin'),
        matches: await count('select count(*) as n from matches'),
        chains: await count('select count(*) as n from trade_chains'),
        offers: await count('select count(*) as n from trade_requests'),
        messages: await count('select count(*) as n from messages'),
        chat: await count('select count(*) as n from base_chat_messages'),
        images: await count('select count(*) as n from schedule_images'),
        rosters: await count('select count(*) as n from rosters'),
        files: (await fs.readdir(path.join(work, 'uploads'))).filter((f) => !f.startsWith('.')).length,
      });
      const first = await counts();
      expect(first).toMatchObject({ admins: 1, chains: 1, offers: 1, messages: 3, images: 1, rosters: 1 });
      expect(first.matches).toBeGreaterThan(0);
      expect(first.chat).toBeGreaterThanOrEqual(4);
      expect(first.files).toBeGreaterThanOrEqual(2);

      await seed(env);
      expect(await counts()).toEqual(first);
    },
  );

  it('while `npm start` holds the embedded database, says to stop it instead of crashing', async () => {
    const dataDir = path.join(work, 'data');
    await fs.mkdir(path.join(dataDir, 'postgres'), { recursive: true });
    // A postmaster.pid naming a live process: this test's own.
    await fs.writeFile(path.join(dataDir, 'postgres', 'postmaster.pid'), `${process.pid}\n${dataDir}/postgres\n`);
    const failed = await seed({ DATABASE_URL: '', DATA_DIR: dataDir }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('`npm start` is probably running');
    expect(failed?.stderr).toContain('Stop it');
    expect(failed?.stderr).not.toMatch(/\n\s+at /);
  });
});
