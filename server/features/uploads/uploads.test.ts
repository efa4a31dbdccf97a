import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { requestBody, requestForm } from '../requests/requests.fixtures.ts';
import { listUploads, TINY_PNG } from '../../test/uploads.ts';
import { waitFor } from '../../test/wait-for.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const png = (name = 'shot.png') => ({ name, type: 'image/png', bytes: TINY_PNG });
const requestCount = async () => Number((await sql(app.databaseUrl, 'select count(*)::int as n from requests'))[0]!.n);
const imageCount = async () => Number((await sql(app.databaseUrl, 'select count(*)::int as n from trip_images'))[0]!.n);

/** Refused uploads leave the upload folder as it was (temp files included) and write no row. */
async function expectRefused(form: FormData, status: number, message: string) {
  const { client } = await makeUser(app);
  const before = await listUploads(app.uploadDir);
  const [requests, images] = [await requestCount(), await imageCount()];
  const res = await client.post('/api/requests', form);
  expect(res.status).toBe(status);
  expect(res.body.message).toBe(message);
  expect(await waitFor(async () => JSON.stringify(await listUploads(app.uploadDir)) === JSON.stringify(before))).toBe(true);
  expect([await requestCount(), await imageCount()]).toEqual([requests, images]);
}

describe('POST /api/requests with trip screenshots', () => {
  it('stores sniffed images under random names and serves them to signed-in users only', async () => {
    const { client } = await makeUser(app);
    const body = requestBody({ additionalDates: [] });
    const res = await client.post('/api/requests', requestForm(body, [png('a.png'), png('b.png')]));
    expect(res.status).toBe(201);
    expect(res.body.tripImages).toHaveLength(2);
    const [image] = res.body.tripImages;
    expect(image).toMatchObject({ originalName: 'a.png', mimeType: 'image/png' });
    expect(image.filename).toMatch(/^[a-f0-9]{32}\.png$/);
    // Stored re-encoded (no metadata), still the same 1x1 PNG.
    const stored = await sharp(path.join(app.uploadDir, image.filename)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 1, 1]);

    const served = await client.get(`/uploads/${image.filename}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await app.client().get(`/uploads/${image.filename}`)).status).toBe(401);
  });

  it('keeps the images in the order they were sent, whichever finishes writing first', async () => {
    const { client } = await makeUser(app);
    // A large first part finishes writing after the small ones that follow it.
    const large = { name: 'first.png', type: 'image/png', bytes: Buffer.concat([TINY_PNG, Buffer.alloc(8 * 1024 * 1024)]) };
    const names = ['first.png', 'second.png', 'third.png', 'fourth.png', 'fifth.png', 'sixth.png'];
    for (let round = 0; round < 5; round++) {
      const res = await client.post('/api/requests', requestForm(requestBody(), [large, ...names.slice(1).map((n) => png(n))]));
      expect(res.status).toBe(201);
      expect(res.body.tripImages.map((i: { originalName: string }) => i.originalName)).toEqual(names);
    }
  });

  it('reads multipart lists sent as JSON text', async () => {
    const { client } = await makeUser(app);
    const res = await client.post(
      '/api/requests',
      requestForm(requestBody({ type: 'trade', desiredDates: ['2099-01-02'], additionalDates: ['2099-01-03', ''] }), [png()]),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ desiredDates: ['2099-01-02'], additionalDates: ['2099-01-03'], tripDays: 2 });
  });

  it('accepts a multipart request without files', async () => {
    const { client } = await makeUser(app);
    const res = await client.post('/api/requests', requestForm(requestBody(), []));
    expect(res.status).toBe(201);
    expect(res.body.tripImages).toEqual([]);
  });

  it('refuses a .png that is really text', async () => {
    const fake = { name: 'fake.png', type: 'image/png', bytes: Buffer.from('just some text, not an image at all') };
    await expectRefused(requestForm(requestBody(), [png(), fake]), 400, MSG.onlyImages);
  });

  it('refuses a non-image part without writing it', async () => {
    const text = { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') };
    await expectRefused(requestForm(requestBody(), [text]), 400, MSG.onlyImages);
  });

  it('refuses a seventh file', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => png(`s${i}.png`));
    await expectRefused(requestForm(requestBody(), seven), 400, MSG.tooManyImages);
  });

  it('refuses an image over 10 MB', async () => {
    const big = { name: 'big.png', type: 'image/png', bytes: Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]) };
    await expectRefused(requestForm(requestBody(), [big]), 413, MSG.imageTooLarge);
  });

  it('refuses images on a reserve-period request', async () => {
    const body = requestBody({ routeType: 'reserve_period', reservePeriod: 'R2' });
    await expectRefused(requestForm(body, [png()]), 400, MSG.imagesPairingOnly);
  });

  it('validates the fields before storing any file', async () => {
    await expectRefused(requestForm(requestBody({ date: '' }), [png()]), 400, MSG.dateRequired);
  });
});

describe('DELETE /api/requests/{id} with images', () => {
  it('removes the image rows and files', async () => {
    const { client } = await makeUser(app);
    const res = await client.post('/api/requests', requestForm(requestBody(), [png()]));
    const file = path.join(app.uploadDir, res.body.tripImages[0].filename);
    await fs.access(file);
    expect((await client.delete(`/api/requests/${res.body.id}`)).status).toBe(200);
    await expect(fs.access(file)).rejects.toThrow();
    expect(await sql(app.databaseUrl, 'select id from trip_images where request_id = $1', [res.body.id])).toEqual([]);
  });
});

describe('GET /uploads/{filename}', () => {
  it('is 404 for unknown names and path tricks', async () => {
    const { client } = await makeUser(app);
    for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2F..%2Fetc%2Fpasswd', 'tmp', '%2e%2e%2fpackage.json']) {
      expect((await client.get(`/uploads/${name}`)).status).toBe(404);
    }
  });
});
