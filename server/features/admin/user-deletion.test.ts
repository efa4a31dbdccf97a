import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { AdminUserItem } from '#protocol/shapes.ts';
import { storedFileColumnsOf } from '../../storage/file-references.ts';
import { makeAdmin, makeUser, PASSWORD, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { connectSocket } from '../../test/socket-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { freshGroup, postRequest, sendOffer } from '../offers/offers.fixtures.ts';
import { requestBody, requestForm } from '../requests/requests.fixtures.ts';
import { TINY_PNG } from '../../test/uploads.ts';
import { waitFor } from '../../test/wait-for.ts';
import { FILE_TABLES_OF_A_USER } from './user-deletion.queries.ts';

const OWNER = 'owner@crewtrade.test';
let app: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  app = await startTestApp({ OWNER_EMAIL: OWNER, RATE_LIMIT_OVERRIDES: 'register=100000,forgotPassword=100000,support=100000' });
  admin = await makeAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
});
afterAll(async () => {
  await app?.close();
});

const png = (field: string, name = 'a.png') => ({ name, type: 'image/png', bytes: TINY_PNG, field });
const form = (fields: Record<string, unknown>, ...files: ReturnType<typeof png>[]) => requestForm(fields, files);
const onDisk = (name: string) =>
  fs.access(path.join(app.uploadDir, name)).then(
    () => true,
    () => false,
  );

/** Every column of every table that names a user (foreign keys to users, and sessions.user_id), from the ORM's metadata. */
function userColumns(): { table: string; column: string }[] {
  const found = [{ table: 'sessions', column: 'user_id' }];
  for (const meta of app.server.deps.orm.getMetadata().getAll().values()) {
    for (const prop of Object.values(meta.properties)) {
      if (prop.kind === 'm:1' && prop.targetMeta?.className === 'User') found.push({ table: meta.tableName, column: prop.fieldNames[0]! });
    }
  }
  return found;
}

/** Every stored file name, table by table. */
async function allStoredFiles(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const { table, column } of storedFileColumnsOf(app.server.deps.orm)) {
    for (const r of await sql(app.databaseUrl, `select ${column} as f from ${table}`)) names.add(r.f);
  }
  return names;
}

/** A crew member with something in every table: requests with images, a match, offers both ways with images, messages both ways with images, chat photos, schedule, support, a cleared conversation, a hidden trade. */
async function busyCrew(): Promise<{ victim: SignedInUser; colleague: SignedInUser }> {
  const group = freshGroup();
  const victim = await makeUser(app, { ...group, firstName: 'Vic', lastName: 'Victim' });
  const colleague = await makeUser(app, { ...group, firstName: 'Cole', lastName: 'Colleague' });
  const withImage = await victim.client.post(
    '/api/requests',
    form(requestBody({ type: 'drop', route: 'V1', date: '2099-01-10' }), png('tripImages')),
  );
  expect(withImage.status).toBe(201);
  // A match: the colleague picks up the victim's drop.
  await postRequest(colleague, { type: 'pickup', route: 'V1', date: '2099-01-10' });
  // Offers both ways, with images.
  const theirs = await postRequest(colleague, { type: 'drop', route: 'C1', date: '2099-02-10' });
  expect(
    (
      await victim.client.post(
        '/api/trade-requests',
        form(
          {
            toUserId: theirs.userId,
            requestId: theirs.id,
            tradeDate: theirs.date,
            offerRoute: 'X',
            requestType: 'pickup',
            message: 'mine',
          },
          png('tradeRequestImages'),
        ),
      )
    ).status,
  ).toBe(201);
  const offerToVictim = await sendOffer(colleague, withImage.body, { message: 'for you' });
  expect((await victim.client.put(`/api/trade-requests/${offerToVictim.id}`, { status: 'declined' })).status).toBe(200);
  expect((await victim.client.delete(`/api/trade-requests/${offerToVictim.id}`)).status).toBe(200);
  // Messages both ways with images; the victim clears the conversation.
  expect(
    (await victim.client.post('/api/messages', form({ toUserId: colleague.user.id, content: 'hello' }, png('attachments')))).status,
  ).toBe(201);
  expect(
    (await colleague.client.post('/api/messages', form({ toUserId: victim.user.id, content: 'hi back' }, png('attachments')))).status,
  ).toBe(201);
  expect((await victim.client.delete(`/api/messages/conversation/${colleague.user.id}`)).status).toBe(200);
  expect((await colleague.client.post('/api/messages', form({ toUserId: victim.user.id, content: 'still there?' }))).status).toBe(201);
  // Chat with a photo, a schedule image, a support request, a pending reset token.
  expect((await victim.client.post('/api/base-chat', form({ content: 'crew room', chatType: 'reserve' }, png('photos')))).status).toBe(201);
  expect((await victim.client.post('/api/schedule-images', form({}, png('schedule')))).status).toBe(201);
  expect(
    (await victim.client.post('/api/support-requests', { category: 'bug', subject: 'S', message: 'A long enough message' })).status,
  ).toBe(201);
  expect((await app.client().post('/api/forgot-password', { email: victim.email })).status).toBe(200);
  return { victim, colleague };
}

describe('DELETE /api/admin/users/{id}', () => {
  it('covers every table that stores files', () => {
    expect(
      storedFileColumnsOf(app.server.deps.orm)
        .map((c) => c.table)
        .sort(),
    ).toEqual([...FILE_TABLES_OF_A_USER].sort());
  });

  it('removes every row and file of the account in one go, ends its sessions and sockets, and keeps the admin log', async () => {
    const { victim, colleague } = await busyCrew();
    const id = victim.user.id;
    const filesBefore = await allStoredFiles();
    // What the colleague alone owns stays.
    const colleagueSchedule = await colleague.client.post('/api/schedule-images', form({}, png('schedule', 'keep.png')));
    expect(colleagueSchedule.status).toBe(201);
    const columns = userColumns();
    let rowsBefore = 0;
    for (const { table, column } of columns)
      rowsBefore += (await sql(app.databaseUrl, `select count(*)::int as n from ${table} where ${column} = $1`, [id]))[0]!.n;
    expect(rowsBefore).toBeGreaterThan(15);

    const socket = await connectSocket(app.url, victim.client.cookieHeader);
    const ended = new Promise<string>((resolve) => {
      socket.on('session:ended', () => resolve('session:ended'));
      socket.on('disconnect', () => resolve('disconnect'));
    });
    const res = await admin.client.delete(`/api/admin/users/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.userDeleted);
    await ended;
    socket.close();

    for (const { table, column } of columns) {
      const [row] = await sql(app.databaseUrl, `select count(*)::int as n from ${table} where ${column} = $1`, [id]);
      expect([table, column, row!.n]).toEqual([table, column, 0]);
    }
    // The rows hanging off its rows (images, matches, attachments) went too: no file of theirs is named or on disk.
    const filesAfter = await allStoredFiles();
    const gone = [...filesBefore].filter((f) => !filesAfter.has(f));
    // A trip image, an offer image, two message attachments, a chat photo, a schedule image.
    expect(gone).toHaveLength(6);
    await waitFor(async () => (await Promise.all(gone.map(onDisk))).every((d) => !d));
    for (const f of gone) expect(await onDisk(f)).toBe(false);
    expect(await onDisk(colleagueSchedule.body.filename)).toBe(true);
    expect(
      await sql(app.databaseUrl, 'select id from matches m where not exists (select 1 from requests r where r.id = m.request_id)'),
    ).toEqual([]);

    // Signed out everywhere: the old cookie is refused.
    expect((await victim.client.get('/api/auth/user')).status).toBe(401);
    expect((await app.client().post('/api/login', { email: victim.email, password: PASSWORD })).status).toBe(401);
    // A deleted account's messages go from both sides: the colleague's list no longer names it.
    expect((await colleague.client.get('/api/messages/recent')).body).toEqual([]);

    const [log] = await sql(
      app.databaseUrl,
      "select admin_id, target_user_id, details from admin_logs where action = 'user_deleted' order by id desc limit 1",
    );
    expect(log).toMatchObject({ admin_id: admin.user.id, target_user_id: null });
    expect(JSON.parse(log!.details)).toMatchObject({
      deletedUserId: id,
      name: 'Vic Victim',
      email: victim.email,
      deletedAt: expect.any(String),
    });
    const users = await admin.client.get<AdminUserItem[]>('/api/admin/users');
    expect(users.body.some((u) => u.id === id)).toBe(false);
  });

  it('never the protected owner, never oneself; 404 for a missing id', async () => {
    const owner = await makeUser(app, { email: OWNER });
    await sql(app.databaseUrl, 'update users set email_verified = true, is_admin = true where id = $1', [owner.user.id]);
    const users = await admin.client.get<AdminUserItem[]>('/api/admin/users');
    expect(users.body.find((u) => u.id === owner.user.id)).toMatchObject({ isProtected: true, isAdmin: true });
    const refused = await admin.client.delete(`/api/admin/users/${owner.user.id}`);
    expect([refused.status, refused.body.message]).toEqual([403, MSG.cannotDeleteOwner]);
    const self = await admin.client.delete(`/api/admin/users/${admin.user.id}`);
    expect([self.status, self.body.message]).toEqual([403, MSG.cannotDeleteSelf]);
    for (const bad of ['999999', 'abc']) {
      const res = await admin.client.delete(`/api/admin/users/${bad}`);
      expect([res.status, res.body.message]).toEqual([404, MSG.userNotFound]);
    }
    expect(
      (await sql(app.databaseUrl, 'select count(*)::int as n from users where id in ($1, $2)', [owner.user.id, admin.user.id]))[0]!.n,
    ).toBe(2);
  });

  it('is 403 for crew (who cannot delete even themselves here) and 401 signed out', async () => {
    const crew = await makeUser(app);
    const other = await makeUser(app);
    const res = await crew.client.delete(`/api/admin/users/${other.user.id}`);
    expect([res.status, res.body.message]).toEqual([403, MSG.adminOnly]);
    expect((await app.client().delete(`/api/admin/users/${other.user.id}`)).status).toBe(401);
    expect((await sql(app.databaseUrl, 'select count(*)::int as n from users where id = $1', [other.user.id]))[0]!.n).toBe(1);
  });

  it('two admins deleting the same account at once: one succeeds, the other finds nothing', async () => {
    const second = await makeAdmin(app);
    const victim = await makeUser(app);
    const results = await Promise.all([
      admin.client.delete(`/api/admin/users/${victim.user.id}`),
      second.client.delete(`/api/admin/users/${victim.user.id}`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    const logs = await sql(
      app.databaseUrl,
      "select id from admin_logs where action = 'user_deleted' and details::jsonb->>'deletedUserId' = $1",
      [String(victim.user.id)],
    );
    expect(logs).toHaveLength(1);
  });
});
