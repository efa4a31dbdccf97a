import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, requestBody } from '../server/features/requests/requests.fixtures.ts';
import { TINY_PNG } from '../server/test/uploads.ts';
import { makeUser, PASSWORD } from '../server/test/factories.ts';
import { TestClient } from '../server/test/http-client.ts';
import { hasPostgresClient, skipWithout } from '../server/test/preflight.ts';
import { startTestApp } from '../server/test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../server/test/test-database.ts';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'backup-restore.sh');
const run = (...args: string[]) => promisify(execFile)('bash', [SCRIPT, ...args]);

let db: TestDatabase;
let work: string;
let uploadDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-restore-'));
  uploadDir = path.join(work, 'uploads');
});
afterAll(async () => {
  await db?.drop();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

/** What a signed-in crew member sees: their requests, their schedule images and one image's bytes. */
async function seen(client: TestClient) {
  const requests = await client.get('/api/requests');
  const images = await client.get<{ filename: string }[]>('/api/schedule-images');
  const image = await fetch(`${client.baseUrl}/uploads/${images.body[0]!.filename}`, { headers: { cookie: client.cookieHeader } });
  return { requests: requests.body as unknown, images: images.body, bytes: Buffer.from(await image.arrayBuffer()).toString('base64') };
}

describe.skipIf(skipWithout(hasPostgresClient()))('the restore drill (scripts/backup-restore.sh)', () => {
  it('backup, wipe, restore: the app serves the same data as at the backup, files included', { timeout: 120_000 }, async () => {
    const app = await startTestApp({ UPLOAD_DIR: uploadDir }, db.url);
    const { client, email } = await makeUser(app);
    expect((await client.post('/api/requests', requestBody())).status).toBe(201);
    const form = new FormData();
    form.append('schedule', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'roster.png');
    expect((await client.post('/api/schedule-images', form)).status).toBe(201);
    const before = await seen(client);

    // Backups run while the app serves.
    await run('backup', db.url, uploadDir, path.join(work, 'backup'));
    // Then things happen that the restore must undo: more data, a file gone.
    expect((await client.post('/api/requests', requestBody({ date: inDays(6) }))).status).toBe(201);
    await fs.rm(path.join(uploadDir, before.images[0]!.filename));
    expect((await client.get('/api/requests')).body).not.toEqual(before.requests);
    await app.close();

    await run('restore', path.join(work, 'backup'), db.url, uploadDir, '--yes');

    const restored = await startTestApp({ UPLOAD_DIR: uploadDir }, db.url);
    try {
      const again = new TestClient(restored.url);
      expect((await again.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
      expect(await seen(again)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('the drill restores into a scratch copy, compares, and leaves the live database alone', { timeout: 120_000 }, async () => {
    const { stdout } = await run('drill', db.url, uploadDir);
    expect(stdout).toContain('drill passed');
  });

  it('restore refuses without --yes', async () => {
    await expect(run('restore', path.join(work, 'backup'), db.url, uploadDir)).rejects.toThrow(/--yes/);
  });
});
