import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { AdminNotificationItem, SupportRequestItem } from '#protocol/shapes.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.ts';
import { sql, waitForMail } from '../../test/outbox.ts';
import { connectSocket, nextEvent } from '../../test/socket-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
let admin: SignedInUser;
let otherAdmin: SignedInUser;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_OVERRIDES: 'register=100000,forgotPassword=100000,support=100000' });
  admin = await makeAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
  otherAdmin = await makeAdmin(app, { firstName: 'Otto', lastName: 'Admin' });
});
afterAll(async () => {
  await app?.close();
});

const valid = { category: 'account', subject: 'Cannot change my base', message: 'The profile form refuses ORD as my base.' };
const file = (crew: SignedInUser, body: Record<string, unknown> = valid) =>
  crew.client.post<SupportRequestItem>('/api/support-requests', body);

describe('POST /api/support-requests', () => {
  it('stores the request (201) open with priority normal, trimmed, and names the filer', async () => {
    const crew = await makeUser(app, { firstName: 'Cora', lastName: 'Crew' });
    const res = await file(crew, { ...valid, subject: '  Cannot change my base  ', message: '  Line one\nline two of it  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      category: 'account',
      subject: 'Cannot change my base',
      message: 'Line one\nline two of it',
      priority: 'normal',
      status: 'open',
      adminResponse: null,
      admin: null,
      resolvedAt: null,
      user: { id: crew.user.id, firstName: 'Cora', lastName: 'Crew', email: crew.email, airline: 'Delta' },
    });
    const [row] = await sql(app.databaseUrl, 'select user_id, status, priority from support_requests where id = $1', [res.body.id]);
    expect(row).toEqual({ user_id: crew.user.id, status: 'open', priority: 'normal' });
  });

  it('takes a priority, and defaults the category to general', async () => {
    const crew = await makeUser(app);
    const res = await file(crew, { subject: 'Hello', message: 'A message of some length', priority: 'urgent' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ category: 'general', priority: 'urgent' });
  });

  it.each([
    [{ ...valid, subject: '' }, MSG.supportSubjectRequired, 'subject'],
    [{ ...valid, subject: '   ' }, MSG.supportSubjectRequired, 'subject'],
    [{ category: 'bug', message: valid.message }, MSG.supportSubjectRequired, 'subject'],
    [{ ...valid, subject: 'x'.repeat(201) }, MSG.supportSubjectTooLong, 'subject'],
    [{ ...valid, message: 'too short' }, MSG.supportMessageTooShort, 'message'],
    [{ ...valid, message: 'x'.repeat(2001) }, MSG.supportMessageTooLong, 'message'],
    [{ ...valid, category: 'payment' }, MSG.supportCategoryInvalid, 'category'],
    [{ ...valid, priority: 'asap' }, MSG.supportPriorityInvalid, 'priority'],
  ])('refuses %j with the spec text and stores nothing', async (body, message, field) => {
    const crew = await makeUser(app);
    const res = await file(crew, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field });
    expect(await sql(app.databaseUrl, 'select id from support_requests where user_id = $1', [crew.user.id])).toEqual([]);
  });

  it('allows exactly 200 characters of subject and 2000 of message', async () => {
    const crew = await makeUser(app);
    expect((await file(crew, { ...valid, subject: 'x'.repeat(200), message: 'y'.repeat(2000) })).status).toBe(201);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().post('/api/support-requests', valid)).status).toBe(401);
  });

  it('gives every admin a bell entry, live on their socket, and none to crew', async () => {
    const crew = await makeUser(app, { firstName: 'Liv', lastName: 'Live' });
    const socket = await connectSocket(app.url, admin.client.cookieHeader);
    const crewSocket = await connectSocket(app.url, crew.client.cookieHeader);
    let crewHeard = false;
    crewSocket.on('admin:notification', () => (crewHeard = true));
    try {
      const heard = nextEvent(socket, 'admin:notification');
      const res = await file(crew, { ...valid, subject: 'Live one' });
      const [n] = await heard;
      expect(n).toMatchObject({
        notificationType: 'support_request',
        referenceId: res.body.id,
        isRead: false,
        title: 'New Support Request',
      });
      expect(n.message).toBe('Liv Live: Live one');
      for (const a of [admin, otherAdmin]) {
        const bell = await a.client.get<AdminNotificationItem[]>('/api/admin/notifications');
        expect(bell.body.filter((x) => x.referenceId === res.body.id)).toHaveLength(1);
      }
      expect(crewHeard).toBe(false);
    } finally {
      socket.close();
      crewSocket.close();
    }
  });
});

describe('GET /api/support-requests', () => {
  it("lists the caller's own requests, newest first, and nobody else's", async () => {
    const a = await makeUser(app);
    const b = await makeUser(app);
    const first = await file(a, { ...valid, subject: 'First' });
    const second = await file(a, { ...valid, subject: 'Second' });
    await file(b, { ...valid, subject: 'Not yours' });
    const res = await a.client.get<SupportRequestItem[]>('/api/support-requests');
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.id)).toEqual([second.body.id, first.body.id]);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().get('/api/support-requests')).status).toBe(401);
  });
});

describe('admin support routes', () => {
  it('answer 403 to crew and 401 signed out', async () => {
    const crew = await makeUser(app);
    const calls: [string, string][] = [
      ['GET', '/api/admin/support-requests'],
      ['POST', '/api/admin/support-requests/1/respond'],
      ['GET', '/api/admin/notifications'],
      ['POST', '/api/admin/notifications/1/mark-read'],
    ];
    for (const [method, path] of calls) {
      const body = method === 'POST' ? { response: 'Hello there' } : undefined;
      const denied = await crew.client.request(method, path, body);
      expect([path, denied.status, denied.body.message]).toEqual([path, 403, MSG.adminOnly]);
      expect((await app.client().request(method, path, body)).status).toBe(401);
    }
  });

  it('GET /api/admin/support-requests lists every request with its user, newest first', async () => {
    const crew = await makeUser(app, { firstName: 'Nia', lastName: 'Newest', employeeNumber: 'N-77' });
    const res0 = await file(crew, { ...valid, subject: 'Newest of all' });
    const res = await admin.client.get<SupportRequestItem[]>('/api/admin/support-requests');
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      id: res0.body.id,
      user: { firstName: 'Nia', lastName: 'Newest', email: crew.email, airline: 'Delta', employeeNumber: 'N-77' },
    });
  });
});

describe('POST /api/admin/support-requests/{id}/respond', () => {
  it('resolves the request with the trimmed response, logs it, tells the filer live and by mail', async () => {
    const crew = await makeUser(app, { firstName: 'Rae' });
    const filed = await file(crew, { ...valid, subject: 'Where is my <b>trade</b>?' });
    const socket = await connectSocket(app.url, crew.client.cookieHeader);
    try {
      const heard = nextEvent(socket, 'support:update');
      const res = await admin.client.post<SupportRequestItem>(`/api/admin/support-requests/${filed.body.id}/respond`, {
        response: '  Fixed it: <script>alert(1)</script>\nTry again.  ',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: filed.body.id,
        status: 'resolved',
        adminResponse: 'Fixed it: <script>alert(1)</script>\nTry again.',
        admin: { firstName: 'Ada', lastName: 'Admin' },
        resolvedAt: expect.any(String),
      });
      const [live] = await heard;
      expect(live).toMatchObject({ id: filed.body.id, status: 'resolved' });
      const mine = await crew.client.get<SupportRequestItem[]>('/api/support-requests');
      expect(mine.body[0]).toMatchObject({ status: 'resolved', adminResponse: 'Fixed it: <script>alert(1)</script>\nTry again.' });
      const [log] = await sql(
        app.databaseUrl,
        "select admin_id, target_user_id, details from admin_logs where action = 'support_response' and details::jsonb->>'supportRequestId' = $1",
        [String(filed.body.id)],
      );
      expect(log).toMatchObject({ admin_id: admin.user.id, target_user_id: crew.user.id });
      expect(JSON.parse(log!.details)).toEqual({
        supportRequestId: filed.body.id,
        response: 'Fixed it: <script>alert(1)</script>\nTry again.',
      });
      const mail = await waitForMail(app.databaseUrl, crew.email, 'Re: Where is my <b>trade</b>?');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('Where is my &lt;b&gt;trade&lt;/b&gt;?');
    } finally {
      socket.close();
    }
  });

  it.each([[{}], [{ response: '' }], [{ response: '   \n ' }], [{ response: 42 }]])(
    'refuses %j as blank and changes nothing',
    async (body) => {
      const crew = await makeUser(app);
      const filed = await file(crew);
      const res = await admin.client.post(`/api/admin/support-requests/${filed.body.id}/respond`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.supportResponseRequired);
      expect((await sql(app.databaseUrl, 'select status from support_requests where id = $1', [filed.body.id]))[0]!.status).toBe('open');
    },
  );

  it('refuses an over-long response', async () => {
    const crew = await makeUser(app);
    const filed = await file(crew);
    const res = await admin.client.post(`/api/admin/support-requests/${filed.body.id}/respond`, { response: 'x'.repeat(5001) });
    expect([res.status, res.body.message]).toEqual([400, MSG.supportResponseTooLong]);
  });

  it('is 404 for a missing or malformed id', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await admin.client.post(`/api/admin/support-requests/${id}/respond`, { response: 'Hello' });
      expect([res.status, res.body.message]).toEqual([404, MSG.supportRequestNotFound]);
    }
  });

  it('two admins answering at once: exactly one answer is stored and logged, the other is told', async () => {
    const crew = await makeUser(app);
    const filed = await file(crew);
    const path = `/api/admin/support-requests/${filed.body.id}/respond`;
    const results = await Promise.all([
      admin.client.post(path, { response: 'Answer from Ada' }),
      otherAdmin.client.post(path, { response: 'Answer from Otto' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(MSG.supportAlreadyResolved);
    const winner = results.find((r) => r.status === 200)!.body as SupportRequestItem;
    const logs = await sql(
      app.databaseUrl,
      "select details from admin_logs where action = 'support_response' and details::jsonb->>'supportRequestId' = $1",
      [String(filed.body.id)],
    );
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.details).response).toBe(winner.adminResponse);
    // Resolved is read-only.
    const again = await admin.client.post(path, { response: 'Third try' });
    expect([again.status, again.body.message]).toEqual([409, MSG.supportAlreadyResolved]);
  });
});

describe('admin notifications', () => {
  it('lists the caller’s own entries unread first; mark-read is idempotent, own only, and tells the other tabs', async () => {
    const crew = await makeUser(app);
    const filed = await file(crew, { ...valid, subject: 'Bell entry' });
    const bell = await admin.client.get<AdminNotificationItem[]>('/api/admin/notifications');
    const mine = bell.body.find((n) => n.referenceId === filed.body.id)!;
    expect(mine.isRead).toBe(false);
    const theirs = (await otherAdmin.client.get<AdminNotificationItem[]>('/api/admin/notifications')).body.find(
      (n) => n.referenceId === filed.body.id,
    )!;

    const socket = await connectSocket(app.url, admin.client.cookieHeader);
    try {
      const heard = nextEvent(socket, 'admin:notifications-changed');
      const res = await admin.client.post(`/api/admin/notifications/${mine.id}/mark-read`);
      expect(res.status).toBe(200);
      await heard;
    } finally {
      socket.close();
    }
    expect((await admin.client.post(`/api/admin/notifications/${mine.id}/mark-read`)).status).toBe(200);
    const after = await admin.client.get<AdminNotificationItem[]>('/api/admin/notifications');
    expect(after.body.find((n) => n.id === mine.id)!.isRead).toBe(true);
    const firstRead = after.body.findIndex((n) => n.isRead);
    expect(after.body.slice(firstRead).every((n) => n.isRead)).toBe(true);

    // Another admin's entry is not found, and stays unread.
    const other = await admin.client.post(`/api/admin/notifications/${theirs.id}/mark-read`);
    expect([other.status, other.body.message]).toEqual([404, MSG.adminNotificationNotFound]);
    expect((await sql(app.databaseUrl, 'select is_read from admin_notifications where id = $1', [theirs.id]))[0]!.is_read).toBe(false);
    expect((await admin.client.post('/api/admin/notifications/abc/mark-read')).status).toBe(404);
  });
});
