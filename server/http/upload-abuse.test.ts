// Upload abuse on every upload route: a script named .png, an SVG, an oversized file, one file too
// many, path-traversal names and a polyglot. Refused ones leave no row and no file (temp folders
// included); accepted ones are stored under a random name inside the upload folder and served as
// the image they are, never as HTML.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from '#protocol/limits.ts';
import { freshGroup } from '../features/offers/offers.fixtures.ts';
import { inDays, requestBody } from '../features/requests/requests.fixtures.ts';
import { listUploads, multipartForm, png, TINY_PNG, type FilePart } from '../test/uploads.ts';
import { STORED_NAME, THUMB_NAME } from '../storage/file-store.ts';
import { makeUser, type SignedInUser } from '../test/factories.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let app: TestApp;
let me: SignedInUser;
let colleague: SignedInUser;
let target: { id: number; date: string };

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_OVERRIDES: 'register=100000,forgotPassword=100000,messages=100000' });
  const group = freshGroup();
  me = await makeUser(app, group);
  colleague = await makeUser(app, group);
  target = (await colleague.client.post('/api/requests', requestBody({ date: inDays(20) }))).body;
});
afterAll(async () => {
  await app?.close();
});

interface UploadRoute {
  path: string;
  field: string;
  max: number;
  fields: () => Record<string, string>;
  /** The tables whose rows an upload through this route adds. */
  tables: string[];
}

const ROUTES: Record<string, UploadRoute> = {
  'POST /api/requests': {
    path: '/api/requests',
    field: 'tripImages',
    max: MAX_IMAGES,
    fields: () => ({ type: 'drop', date: inDays(9), routeType: 'pairing', route: `U${Math.random().toString(36).slice(2, 7)}` }),
    tables: ['requests', 'trip_images'],
  },
  'POST /api/trade-requests': {
    path: '/api/trade-requests',
    field: 'tradeRequestImages',
    max: MAX_IMAGES,
    fields: () => ({
      toUserId: String(colleague.user.id),
      requestId: String(target.id),
      tradeDate: target.date,
      offerRoute: `O${Math.random().toString(36).slice(2, 7)}`,
      requestType: 'pickup',
    }),
    tables: ['trade_requests', 'trade_request_images'],
  },
  'POST /api/messages': {
    path: '/api/messages',
    field: 'attachments',
    max: MAX_IMAGES,
    fields: () => ({ toUserId: String(colleague.user.id), content: 'see attached' }),
    tables: ['messages', 'message_attachments'],
  },
  'POST /api/base-chat': {
    path: '/api/base-chat',
    field: 'photos',
    max: MAX_IMAGES,
    fields: () => ({ content: 'photo', chatType: 'reserve' }),
    tables: ['base_chat_messages', 'base_chat_message_attachments'],
  },
  'POST /api/schedule-images': { path: '/api/schedule-images', field: 'schedule', max: 1, fields: () => ({}), tables: ['schedule_images'] },
};

type Part = FilePart;
const form = (route: UploadRoute, parts: Part[]): FormData => multipartForm(route.field, route.fields(), parts);

async function rowCounts(tables: string[]): Promise<number[]> {
  const counts: number[] = [];
  for (const t of tables) counts.push((await sql(app.databaseUrl, `select count(*)::int as n from ${t}`))[0]!.n as number);
  return counts;
}

const ABUSES: [string, (route: UploadRoute) => Part[]][] = [
  ['a script named .png', () => [{ name: 'photo.png', type: 'image/png', bytes: Buffer.from('<script>alert(document.cookie)</script>') }]],
  [
    'an SVG with a script',
    () => [
      {
        name: 'x.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ],
  ],
  ['an HTML page named .jpg', () => [{ name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.from('<!doctype html><h1>hi</h1>') }]],
  [
    'an oversized image',
    () => [{ name: 'big.png', type: 'image/png', bytes: Buffer.concat([TINY_PNG, Buffer.alloc(MAX_IMAGE_BYTES + 1)]) }],
  ],
  ['one file too many', (route) => Array.from({ length: route.max + 1 }, (_, i) => png(`n${i}.png`))],
];

describe.each(Object.entries(ROUTES))('%s', (_name, route) => {
  it.each(ABUSES)('refuses %s with a 4xx and keeps no row and no file', async (_what, parts) => {
    const filesBefore = await listUploads(app.uploadDir);
    const rowsBefore = await rowCounts(route.tables);
    const res = await me.client.post(route.path, form(route, parts(route)));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
    expect(await rowCounts(route.tables)).toEqual(rowsBefore);
    expect(await listUploads(app.uploadDir)).toEqual(filesBefore);
  });

  it('stores a path-traversal name under a random name inside the upload folder, and a PNG polyglot is served as an image only', async () => {
    const parent = path.dirname(app.uploadDir);
    const polyglot = Buffer.concat([TINY_PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    const parts: Part[] = [{ name: '../../../evil-upload.png', type: 'image/png', bytes: polyglot }];
    const res = await me.client.post(route.path, form(route, parts));
    expect(res.status, res.text).toBeLessThan(300);
    await expect(fs.access(path.join(parent, 'evil-upload.png'))).rejects.toThrow();
    await expect(fs.access(path.join(os.tmpdir(), 'evil-upload.png'))).rejects.toThrow();
    const stored = (await listUploads(app.uploadDir)).filter((f) => !f.includes(path.sep));
    expect(stored.every((f) => STORED_NAME.test(f) || THUMB_NAME.test(f))).toBe(true);
    const newest = (await sql(app.databaseUrl, `select filename from ${route.tables.at(-1)} order by id desc limit 1`))[0]!
      .filename as string;
    expect(newest).toMatch(STORED_NAME);
    const served = await me.client.get(`/uploads/${newest}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // Re-encoded on upload: what trailed the picture is gone.
    expect(served.text).not.toContain('<script>');
  });
});
