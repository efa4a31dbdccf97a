// Started and stopped as a newcomer and a process manager do it (issue 44, part 5): `npm start`'s
// process gets the SIGTERM (npm, not the server) and the server drains and is gone; and a Node older
// than package.json's engines is refused with one sentence naming the version, never a crash.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fs2 from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMain, type Instance } from '../test/main-process.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

const root = path.resolve(import.meta.dirname, '../..');
let db: TestDatabase;
let uploadDir: string;
let instance: Instance | undefined;
beforeAll(async () => {
  db = await createTestDatabase();
  uploadDir = await fs2.mkdtemp(path.join(os.tmpdir(), 'ct-start-'));
});
afterAll(async () => {
  if (instance && instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
  await db?.drop();
  await fs2.rm(uploadDir, { recursive: true, force: true });
});

const refused = (url: string) =>
  fetch(`${url}/api/auth/user`).then(
    () => false,
    () => true,
  );

describe('npm start', () => {
  it(
    'passes a SIGTERM sent to its own process on to the server, which drains and is gone within the drain time',
    { timeout: 60_000 },
    async () => {
      instance = await startMain({ DATABASE_URL: db.url, UPLOAD_DIR: uploadDir, DRAIN_SECONDS: '1' }, [], 'npm start');
      expect((await fetch(`${instance.url}/api/auth/user`)).status).toBe(401);
      // The build (dist/server) finds the built web app and ran its migrations on the new database.
      const page = await fetch(`${instance.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Crewtrade');
      const sent = Date.now();
      // The pid is npm's: what `kill <pid of npm start>` or a process manager signals.
      instance.child.kill('SIGTERM');
      const exited = await instance.exited;
      // One second of drain, then the stop; well inside the drain plus main.ts's stop limit.
      expect(Date.now() - sent).toBeLessThan(1_000 + 9_000);
      expect(exited.code === 0 || exited.signal === 'SIGTERM', JSON.stringify(exited)).toBe(true);
      expect(instance.output()).toContain('"reason":"SIGTERM"');
      expect(await refused(instance.url)).toBe(true);
    },
  );
});

describe('an old Node', () => {
  const oldNodes = ['/usr/bin/node', '/usr/local/bin/node'].filter((p) => fs.existsSync(p));
  const versionOf = (node: string) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();

  it('is refused in one sentence naming the version it needs, exit 1 (this Node, told it is 20)', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "Object.defineProperty(process, 'version', { value: 'v20.20.2' }); await import('./server/node-version.ts');",
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.split('\n')[0]).toBe('Crewtrade needs Node.js 24.11 or later; this is v20.20.2.');
  });

  it.runIf(oldNodes.some((n) => /^v(1\d|2[0-3])\./.test(versionOf(n)))).each([
    ['the sources', ['--import', 'tsx', 'server/main.ts']],
    ['the build', ['dist/server/main.js']],
  ])('is refused on the machine’s own older Node, before anything native loads (%s)', (_, args) => {
    const node = oldNodes.find((n) => /^v(1\d|2[0-3])\./.test(versionOf(n)))!;
    const run = spawnSync(node, args, {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: db.url },
    });
    expect(run.status).toBe(1);
    expect(run.signal).toBeNull();
    expect(run.stderr).toContain(`Crewtrade needs Node.js 24.11 or later; this is ${versionOf(node)}.`);
  });
});
