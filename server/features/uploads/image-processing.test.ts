import exifReader from 'exif-reader';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl, thumbnailUrl } from '#protocol/uploads.ts';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { requestBody, requestForm } from '../requests/requests.fixtures.ts';
import { MAX_EDGE, THUMB_MAX_BYTES } from '../../storage/image-processing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Where a phone put the photo: Hartsfield-Jackson, written into the EXIF GPS block. */
const GPS = {
  IFD0: { Make: 'Phone', Model: 'Camera' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 38/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '84/1 25/1 0/1' },
};
// An iPhone-style HEIC: HEVC-coded, with the same GPS block. Made with Debian's heif-enc (libheif
// with x265) from a sharp-made JPEG, as docs/decisions/0024 describes; sharp can't encode HEVC.
const HEVC_HEIC = path.join(import.meta.dirname, '../../test/fixtures/hevc-with-gps.heic');

/** A photo-like picture: noise, so it compresses as badly as a real photo does. */
async function noisyImage(width: number, height: number): Promise<Sharp> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

async function upload(files: { name: string; type: string; bytes: Buffer }[]) {
  const { client } = await makeUser(app);
  const res = await client.post('/api/requests', requestForm(requestBody(), files));
  expect(res.status).toBe(201);
  return { client, images: res.body.tripImages as { filename: string; originalName: string; mimeType: string }[] };
}

async function served(client: Awaited<ReturnType<typeof makeUser>>['client'], url: string) {
  const res = await fetch(app.url + url, { headers: { cookie: client.cookieHeader } });
  expect(res.status).toBe(200);
  return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('uploaded images are fit for phones', () => {
  it('a photo with GPS EXIF comes back with no metadata at all', async () => {
    const photo = await (await noisyImage(640, 480)).jpeg().withExif(GPS).toBuffer();
    expect(exifReader((await sharp(photo).metadata()).exif!).GPSInfo).toMatchObject({ GPSLatitudeRef: 'N' });

    const { client, images } = await upload([{ name: 'ramp.jpg', type: 'image/jpeg', bytes: photo }]);
    for (const url of [imageUrl(images[0]!.filename), thumbnailUrl(images[0]!.filename)]) {
      const meta = await sharp((await served(client, url)).bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    // The stored file is the stripped one too (anyone with disk access or a backup sees no position).
    const onDisk = await sharp(path.join(app.uploadDir, images[0]!.filename)).metadata();
    expect(onDisk.exif).toBeUndefined();
  });

  it("an iPhone's HEVC HEIC comes back as a JPEG any browser shows, without its GPS", async () => {
    const heic = await fs.readFile(HEVC_HEIC);
    expect(exifReader((await sharp(heic).metadata()).exif!).GPSInfo).toMatchObject({ GPSLatitudeRef: 'N' });

    const { client, images } = await upload([{ name: 'IMG_0042.HEIC', type: 'image/heic', bytes: heic }]);
    expect(images[0]).toMatchObject({ mimeType: 'image/jpeg', originalName: 'IMG_0042.jpg' });
    expect(images[0]!.filename).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const full = await served(client, imageUrl(images[0]!.filename));
    expect(full.type).toBe('image/jpeg');
    const meta = await sharp(full.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 96, 64, undefined]);
  });

  it('keeps a big photo at most 2560 px on its long side, and lists get a thumbnail under 100 kB', async () => {
    // A 3200 x 2400 photo of noise: over 4 MB, and a thumbnail as hard to shrink as any.
    const big = await (await noisyImage(3200, 2400)).jpeg({ quality: 75 }).toBuffer();
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    const { client, images } = await upload([{ name: 'big.jpg', type: 'image/jpeg', bytes: big }]);

    const full = await sharp((await served(client, imageUrl(images[0]!.filename))).bytes).metadata();
    expect([full.format, full.width, full.height]).toEqual(['jpeg', MAX_EDGE, 1920]);
    const [row] = await sql<{ size: number }>(app.databaseUrl, 'select size from trip_images where filename = $1', [images[0]!.filename]);
    expect(row!.size).toBe((await fs.stat(path.join(app.uploadDir, images[0]!.filename))).size);

    // The list the board and "My requests" read names the image; its thumbnail is what they show.
    const [listed] = (await client.get('/api/requests')).body;
    const thumb = await served(client, thumbnailUrl(listed.tripImages[0].filename));
    expect(thumb.type).toBe('image/webp');
    expect(thumb.bytes.length).toBeLessThan(THUMB_MAX_BYTES);
    expect(thumb.bytes.length).toBeLessThan(100 * 1024);
    const meta = await sharp(thumb.bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(480);
  });

  it('refuses a file that sniffs as an image but does not decode, storing nothing', async () => {
    const { client } = await makeUser(app);
    const before = await fs.readdir(app.uploadDir);
    const broken = Buffer.concat([(await (await noisyImage(64, 64)).jpeg().toBuffer()).subarray(0, 300)]);
    const res = await client.post('/api/requests', requestForm(requestBody(), [{ name: 'cut.jpg', type: 'image/jpeg', bytes: broken }]));
    expect(res.status).toBe(400);
    expect(await fs.readdir(app.uploadDir)).toEqual(before);
  });
});
