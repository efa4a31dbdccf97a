// Uploads tell the truth (docs/decisions/0024): a full upload folder is a 507 with nothing stored, a
// read-only or missing one a 503, never a truncated file, "Only image files are allowed." or a 500.
// The folder is a small tmpfs this test mounts (it runs as root here and in CI); where mounting is
// not allowed, the full disk is an injected write error instead.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { requestBody, requestForm } from '../features/requests/requests.fixtures.ts';
import { listUploads } from '../test/uploads.ts';
import { makeUser, type SignedInUser } from '../test/factories.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { storageIo } from './file-store.ts';

let app: TestApp;
let crew: SignedInUser;
// Mounted while the file is collected: which tests run depends on it.
const mountPoint = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-full-'));
const mounted = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
/** The upload folder: a folder on the small file system, so it can go missing and come back. */
const uploadDir = path.join(mountPoint, 'uploads');

beforeAll(async () => {
  await fs.mkdir(uploadDir);
  app = await startTestApp({ UPLOAD_DIR: uploadDir });
  crew = await makeUser(app);
});
afterAll(async () => {
  await app?.close();
  if (mounted) execFileSync('umount', [mountPoint]);
  await fs.rm(mountPoint, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A photo of noise: about 1.5 MB that no codec shrinks. */
const photo = async () => ({
  name: 'photo.jpg',
  type: 'image/jpeg',
  bytes: await sharp(randomBytes(1000 * 800 * 3), { raw: { width: 1000, height: 800, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer(),
});
const rows = async () =>
  (await sql(app.databaseUrl, 'select (select count(*) from requests)::int as r, (select count(*) from trip_images)::int as i'))[0];
const outOfSpace = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });

/** The upload is refused with `status` and `message`, leaving no row and no file behind. */
async function expectRefused(status: number, message: string) {
  const before = { files: await listUploads(uploadDir), rows: await rows() };
  const res = await crew.client.post('/api/requests', requestForm(requestBody(), [await photo()]));
  expect([res.status, res.body.message]).toEqual([status, message]);
  expect({ files: await listUploads(uploadDir), rows: await rows() }).toEqual(before);
}

describe('an upload folder that is full, read-only or missing', () => {
  it('a nearly full folder: 507, nothing stored, no truncated file; then it works again', async () => {
    if (!mounted) {
      // No mount here: the same failure as our own write's error.
      vi.spyOn(storageIo, 'writeFile').mockRejectedValue(outOfSpace());
      await expectRefused(507, MSG.outOfStorage);
      return;
    }
    const free = async () => {
      const s = await fs.statfs(mountPoint);
      return s.bavail * s.bsize;
    };
    // Leave about 200 kB: the multipart parser's temp file is cut short mid-photo.
    await fs.writeFile(path.join(mountPoint, 'filler'), Buffer.alloc((await free()) - 200 * 1024));
    await expectRefused(507, MSG.outOfStorage);
    await fs.rm(path.join(mountPoint, 'filler'));
    const res = await crew.client.post('/api/requests', requestForm(requestBody(), [await photo()]));
    expect(res.status).toBe(201);
  });

  it('a full disk while the processed image or its thumbnail is written: 507, neither kept', async () => {
    // The second write (the thumbnail) fails: the image written just before must go too.
    const real = storageIo.writeFile;
    let calls = 0;
    vi.spyOn(storageIo, 'writeFile').mockImplementation((file, data) => (++calls === 2 ? Promise.reject(outOfSpace()) : real(file, data)));
    await expectRefused(507, MSG.outOfStorage);
    expect(calls).toBe(2);
  });

  it.runIf(mounted)('a read-only folder: 503 with a clear message', async () => {
    execFileSync('mount', ['-o', 'remount,ro', mountPoint]);
    try {
      await expectRefused(503, MSG.uploadsUnavailable);
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mountPoint]);
    }
  });

  it('a missing folder (a volume not mounted): 503, and the folder is not made anew', async () => {
    const away = path.join(mountPoint, 'away');
    await fs.rename(uploadDir, away);
    try {
      const res = await crew.client.post('/api/requests', requestForm(requestBody(), [await photo()]));
      expect([res.status, res.body.message]).toEqual([503, MSG.uploadsUnavailable]);
      await expect(fs.access(uploadDir)).rejects.toThrow();
    } finally {
      await fs.rename(away, uploadDir);
    }
  });
});
