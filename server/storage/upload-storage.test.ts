import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { requestBody, requestForm } from '../features/requests/requests.fixtures.ts';
import { listUploads, TINY_PNG } from '../test/uploads.ts';
import { EventBus } from '../events/event-bus.ts';
import { createLogger } from '../lib/logger.ts';
import { makeUser } from '../test/factories.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { storedFileColumnsOf } from './file-references.ts';
import { STORED_NAME, tempRoot, thumbNameOf } from './file-store.ts';
import { sweepUploads } from './upload-sweeper.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const png = () => ({ name: 'shot.png', type: 'image/png', bytes: TINY_PNG });
const storedFiles = async () => (await fs.readdir(app.uploadDir)).filter((n) => STORED_NAME.test(n)).sort();
const exists = (name: string) =>
  fs.access(path.join(app.uploadDir, name)).then(
    () => true,
    () => false,
  );
const HOUR = 60 * 60 * 1000;
const age = async (file: string, ms: number) => {
  const at = new Date(Date.now() - ms);
  await fs.utimes(file, at, at);
};

describe('files and rows agree when a write fails', () => {
  it('a failure after the commit keeps the committed image rows and their files', async () => {
    const { client, user } = await makeUser(app);
    // A fault once the transaction has committed (here, as its events are dispatched) must not take the stored files.
    vi.spyOn(EventBus.prototype, 'dispatch').mockRejectedValueOnce(new Error('connection lost'));
    const res = await client.post('/api/requests', requestForm(requestBody(), [png()]));
    expect(res.status).toBe(500);
    const rows = await sql<{ filename: string }>(
      app.databaseUrl,
      'select i.filename from trip_images i join requests r on r.id = i.request_id where r.user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(await exists(rows[0]!.filename)).toBe(true);
    // And the user sees the request with its image, served.
    const [item] = (await client.get('/api/requests')).body;
    expect((await client.get(`/uploads/${item.tripImages[0].filename}`)).status).toBe(200);
  });

  it('a transaction that fails after the files were stored leaves neither rows nor files', async () => {
    const { client, user } = await makeUser(app);
    const before = await listUploads(app.uploadDir);
    // Fails at commit, after the request, its image rows and matching were all written.
    await sql(
      app.databaseUrl,
      `create function refuse_images() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$;
       create constraint trigger refuse_images after insert on trip_images deferrable initially deferred
         for each row execute function refuse_images();`,
    );
    try {
      const res = await client.post('/api/requests', requestForm(requestBody(), [png(), png()]));
      expect(res.status).toBe(500);
    } finally {
      await sql(app.databaseUrl, 'drop trigger refuse_images on trip_images; drop function refuse_images();');
    }
    expect(await listUploads(app.uploadDir)).toEqual(before);
    expect(await sql(app.databaseUrl, 'select id from requests where user_id = $1', [user.id])).toEqual([]);
  });
});

describe('multipart text', () => {
  it('refuses a NUL in a text field or a file name, storing nothing', async () => {
    const { client } = await makeUser(app);
    const before = await listUploads(app.uploadDir);
    const field = await client.post('/api/requests', requestForm(requestBody({ notes: 'a\u0000b' }), [png()]));
    const name = await client.post('/api/requests', requestForm(requestBody(), [{ ...png(), name: 'a\u0000b.png' }]));
    for (const res of [field, name]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.controlCharacters);
    }
    expect(await listUploads(app.uploadDir)).toEqual(before);
    expect((await client.get('/api/requests')).body).toEqual([]);
  });
});

describe('the sweep of unreferenced uploads', () => {
  it('knows every table that names stored files', () => {
    expect(storedFileColumnsOf(app.server.deps.orm).map((c) => `${c.table}.${c.column}`)).toEqual([
      'base_chat_message_attachments.filename',
      'message_attachments.filename',
      'schedule_images.filename',
      'trade_request_images.filename',
      'trip_images.filename',
    ]);
  });

  it('removes old files no row names and old temp folders; keeps referenced files and anything recent', async () => {
    const { client } = await makeUser(app);
    const posted = await client.post('/api/requests', requestForm(requestBody(), [png()]));
    const referenced = posted.body.tripImages[0].filename as string;
    const oldOrphan = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png';
    const freshOrphan = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg';
    const notOurs = 'README.txt';
    for (const name of [oldOrphan, freshOrphan, notOurs]) await fs.writeFile(path.join(app.uploadDir, name), TINY_PNG);
    for (const name of [oldOrphan, referenced, notOurs]) await age(path.join(app.uploadDir, name), 2 * HOUR);
    const oldTemp = path.join(tempRoot(app.uploadDir), 'abandoned');
    const liveTemp = path.join(tempRoot(app.uploadDir), 'in-flight');
    for (const dir of [oldTemp, liveTemp]) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, 'part'), 'x');
    }
    await age(path.join(oldTemp, 'part'), 2 * HOUR);
    await age(oldTemp, 2 * HOUR);
    // An upload still being written: its folder is old, the part it writes is not.
    await age(liveTemp, 2 * HOUR);

    const result = await sweepUploads(
      { orm: app.server.deps.orm, config: { uploadDir: app.uploadDir }, log: createLogger('silent') },
      { graceMs: HOUR },
    );

    expect(result).toEqual({ files: [oldOrphan], tempFolders: 1 });
    expect(await exists(oldOrphan)).toBe(false);
    expect(await exists(referenced)).toBe(true);
    expect(await exists(freshOrphan)).toBe(true);
    expect(await exists(notOurs)).toBe(true);
    expect(await exists('tmp/abandoned')).toBe(false);
    expect(await exists('tmp/in-flight/part')).toBe(true);
    expect((await client.get(`/uploads/${referenced}`)).status).toBe(200);
    // With a later clock the fresh orphan's grace is over too.
    const later = await sweepUploads(
      { orm: app.server.deps.orm, config: { uploadDir: app.uploadDir }, log: createLogger('silent') },
      { graceMs: HOUR, now: Date.now() + 2 * HOUR },
    );
    expect(later).toEqual({ files: [freshOrphan], tempFolders: 1 });
    expect(await storedFiles()).toContain(referenced);
    expect(await storedFiles()).not.toContain(freshOrphan);
    await fs.rm(path.join(app.uploadDir, notOurs));
  });

  it('removes an old thumbnail whose image is gone, and keeps the thumbnails of stored images', async () => {
    const { client } = await makeUser(app);
    const posted = await client.post('/api/requests', requestForm(requestBody(), [png()]));
    const kept = thumbNameOf(posted.body.tripImages[0].filename as string);
    const lone = 'dddddddddddddddddddddddddddddddd.thumb.webp';
    await fs.writeFile(path.join(app.uploadDir, lone), TINY_PNG);
    for (const name of [lone, kept]) await age(path.join(app.uploadDir, name), 2 * HOUR);
    await sweepUploads({ orm: app.server.deps.orm, config: { uploadDir: app.uploadDir }, log: createLogger('silent') }, { graceMs: HOUR });
    expect(await exists(lone)).toBe(false);
    expect(await exists(kept)).toBe(true);
  });

  it('runs when an instance starts', async () => {
    const orphan = path.join(app.uploadDir, 'cccccccccccccccccccccccccccccccc.webp');
    await fs.writeFile(orphan, TINY_PNG);
    await age(orphan, 2 * HOUR);
    // A second instance on the same database and folder, as after a crash and restart.
    const second = await startTestApp({ UPLOAD_DIR: app.uploadDir }, app.databaseUrl);
    try {
      await expect.poll(() => exists(path.basename(orphan)), { timeout: 5000 }).toBe(false);
    } finally {
      await second.server.close();
    }
  });
});
