// npm run screenshots: the README's pictures of the main screens, taken from the demo (npm run seed)
// in Debian's chromium. Uses a throwaway database on DATABASE_URL's server (default the local
// 127.0.0.1:5432) and a throwaway upload folder, so it never touches the data `npm start` keeps.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { launchBrowser } from '../web/e2e/browser.ts';
import { DEMO_CREW, DEMO_PASSWORD } from './seed-data.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs/screenshots');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ct_screens_${Date.now()}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;

/** Screens a crew member opens most: file name, path, width, and what to open on the screen. */
const SHOTS: { name: string; route: string; width: number; open?: string }[] = [
  { name: 'dashboard', route: '/', width: 1280 },
  { name: 'tradeboard', route: '/all-trades', width: 1280 },
  { name: 'trades', route: '/trades', width: 1280 },
  { name: 'messages', route: '/messages', width: 1280, open: 'Liam Brennan' },
  { name: 'tradeboard-phone', route: '/all-trades', width: 375 },
  { name: 'dashboard-phone', route: '/', width: 375 },
  // My Month in the month of Maya's drop (three days from today), with her roster.
  { name: 'calendar-phone', route: `/calendar?month=${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 7)}`, width: 375 },
];

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-screens-'));
const env = { ...process.env, DATABASE_URL: dbUrl.toString(), UPLOAD_DIR: uploads, LOG_LEVEL: 'warn' };
try {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { cwd: root, env });
  Object.assign(process.env, env, { PORT: '0' });
  const { loadConfig } = await import('../server/config.ts');
  const { startServer } = await import('../server/server.ts');
  const server = await startServer(loadConfig(process.env));
  const browser = await launchBrowser();
  try {
    await fs.mkdir(out, { recursive: true });
    for (const { name, route, width, open } of SHOTS) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: width > 600 ? 800 : 760 } });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email').fill(DEMO_CREW[0]!.email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      if (open) {
        await page.getByText(open).first().click();
        await page.waitForLoadState('networkidle');
      }
      await page.screenshot({ path: path.join(out, `${name}.png`) });
      await context.close();
      console.log(`docs/screenshots/${name}.png`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
} finally {
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await fs.rm(uploads, { recursive: true, force: true });
}
