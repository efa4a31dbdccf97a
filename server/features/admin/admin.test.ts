import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { AdminLogItem, AdminUserItem, EmailTemplateItem, UserActivityReport } from '#protocol/shapes.ts';
import { DEFAULT_TEMPLATES } from '../../db/templates-seed.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.ts';
import { readOutbox, sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { freshGroup } from '../offers/offers.fixtures.ts';
import { requestBody } from '../requests/requests.fixtures.ts';
import { waitFor } from '../../test/wait-for.ts';
import { SPEC_VARIABLES } from '../../test/spec-template-variables.ts';

let app: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_OVERRIDES: 'register=100000,forgotPassword=100000,support=100000' });
  admin = await makeAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
});
afterAll(async () => {
  await app?.close();
});

const ADMIN_GETS = ['/api/admin/users', '/api/admin/logs', '/api/admin/user-activity', '/api/admin/email-templates'];

describe('every admin route', () => {
  it('is 403 with the same text for crew, whatever they send, and 401 signed out', async () => {
    const crew = await makeUser(app);
    const calls: [string, string, unknown?][] = [
      ...ADMIN_GETS.map((p) => ['GET', p] as [string, string]),
      ['DELETE', `/api/admin/users/${admin.user.id}`],
      ['PUT', '/api/admin/email-templates/match_notification', { templateName: 'x', subjectTemplate: 'x', htmlTemplate: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await crew.client.request(method, path, body);
      expect([method, path, res.status, res.body.message]).toEqual([method, path, 403, MSG.adminOnly]);
      expect((await app.client().request(method, path, body)).status).toBe(401);
    }
    const [t] = await sql(app.databaseUrl, "select template_name from email_templates where template_type = 'match_notification'");
    expect(t!.template_name).toBe('Match Notification');
  });
});

describe('GET /api/admin/users', () => {
  it('lists every account newest first with the Users tab fields', async () => {
    const crew = await makeUser(app, { firstName: 'Newest', lastName: 'Member', position: 'first_officer', employeeNumber: 'FO-1' });
    const res = await admin.client.get<AdminUserItem[]>('/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({
      id: crew.user.id,
      firstName: 'Newest',
      lastName: 'Member',
      email: crew.email,
      employeeNumber: 'FO-1',
      airline: 'Delta',
      position: 'first_officer',
      base: 'ATL',
      aircraftType: '737',
      isAdmin: false,
      isProtected: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.body.find((u) => u.id === admin.user.id)).toMatchObject({ isAdmin: true, isProtected: false });
    const times = res.body.map((u) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('GET /api/admin/logs', () => {
  it('lists admin actions newest first with both people, and a dash-able null target once deleted', async () => {
    const crew = await makeUser(app, { firstName: 'Lou', lastName: 'Logged' });
    const filed = await crew.client.post('/api/support-requests', { category: 'bug', subject: 'Logged', message: 'Please look at this' });
    await admin.client.post(`/api/admin/support-requests/${filed.body.id}/respond`, { response: 'Looked at it' });
    const gone = await makeUser(app);
    await admin.client.delete(`/api/admin/users/${gone.user.id}`);
    const res = await admin.client.get<AdminLogItem[]>('/api/admin/logs');
    expect(res.status).toBe(200);
    const [deleted, responded] = res.body;
    expect(deleted).toMatchObject({
      action: 'user_deleted',
      admin: { id: admin.user.id, firstName: 'Ada', email: admin.email },
      targetUser: null,
    });
    expect(JSON.parse(deleted!.details!)).toMatchObject({ deletedUserId: gone.user.id });
    expect(responded).toMatchObject({
      action: 'support_response',
      admin: { id: admin.user.id },
      targetUser: { id: crew.user.id, firstName: 'Lou', lastName: 'Logged', email: crew.email },
    });
    expect(JSON.parse(responded!.details!)).toEqual({ supportRequestId: filed.body.id, response: 'Looked at it' });
  });
});

describe('GET /api/admin/user-activity', () => {
  it('counts per month and type in SQL, keeps counting through deletions, and lists the newest 50 with both people', async () => {
    const empty = await admin.client.get<UserActivityReport>('/api/admin/user-activity');
    expect(empty.status).toBe(200);
    const a = await makeUser(app, { firstName: 'Act', lastName: 'One' });
    const b = await makeUser(app, { firstName: 'Act', lastName: 'Two' });
    const ins = (userId: number, type: string, at: string, emailSent: boolean | null = null, n = 1) =>
      sql(
        app.databaseUrl,
        `insert into user_activity_logs (user_id, activity_type, target_user_id, email_type, email_sent, email_recipient, metadata, created_at)
         select $1, $2, $3, case when $4::boolean is null then null else 'match_notification' end, $4, case when $4::boolean is null then null else 'x@example.com' end, '{"notificationsEnabled":true}', $5::timestamptz + g * interval '1 second'
         from generate_series(1, $6::int) g`,
        [userId, type, userId === a.user.id ? b.user.id : a.user.id, emailSent, at, n],
      );
    await ins(a.user.id, 'match_created', '2025-01-05T12:00:00Z', null, 3);
    await ins(b.user.id, 'match_created', '2025-01-31T23:00:00Z', null, 1);
    await ins(a.user.id, 'email_sent', '2025-01-06T12:00:00Z', true, 2);
    await ins(a.user.id, 'email_sent', '2025-01-07T12:00:00Z', false, 1);
    await ins(b.user.id, 'trade_request_sent', '2025-02-01T00:30:00Z', null, 60);

    const base = (r: UserActivityReport) => ({
      monthly: Object.fromEntries(r.stats.monthlyStats.map((m) => [`${m.month} ${m.activityType}`, [m.count, m.emailsSent]])),
      total: Object.fromEntries(r.stats.totalStats.map((t) => [t.activityType, [t.count, t.emailsSent]])),
    });
    const before = base(empty.body);
    const res = await admin.client.get<UserActivityReport>('/api/admin/user-activity');
    const after = base(res.body);
    expect(after.monthly['2025-01-01 match_created']).toEqual([4, 0]);
    expect(after.monthly['2025-01-01 email_sent']).toEqual([3, 2]);
    expect(after.monthly['2025-02-01 trade_request_sent']).toEqual([60, 0]);
    expect(after.total.trade_request_sent![0]! - (before.total.trade_request_sent?.[0] ?? 0)).toBe(60);
    expect(after.total.email_sent![1]! - (before.total.email_sent?.[1] ?? 0)).toBe(2);

    expect(res.body.logs).toHaveLength(50);
    const times = res.body.logs.map((l) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The newest are the 60 of February (b's): user and target named, metadata as stored.
    expect(res.body.logs[0]).toMatchObject({
      activityType: 'trade_request_sent',
      user: { id: b.user.id, firstName: 'Act', lastName: 'Two' },
      targetUser: { id: a.user.id },
      metadata: '{"notificationsEnabled":true}',
    });

    // Deleting b takes its rows out of the counts (the trigger follows the cascade).
    await admin.client.delete(`/api/admin/users/${b.user.id}`);
    const later = base((await admin.client.get<UserActivityReport>('/api/admin/user-activity')).body);
    expect(later.monthly['2025-02-01 trade_request_sent']).toBeUndefined();
    expect(later.monthly['2025-01-01 match_created']).toEqual([3, 0]);
    // What the counts say is what the log holds.
    const truth = await sql(
      app.databaseUrl,
      `select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD') as month, activity_type, count(*)::int as n,
              (count(*) filter (where email_sent))::int as e from user_activity_logs group by 1, 2`,
    );
    expect(Object.fromEntries(truth.map((t) => [`${t.month} ${t.activity_type}`, [t.n, t.e]]))).toEqual(later.monthly);
  });
});

describe('email templates', () => {
  it('GET lists the four templates with their variables', async () => {
    const res = await admin.client.get<EmailTemplateItem[]>('/api/admin/email-templates');
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.templateType).sort()).toEqual(DEFAULT_TEMPLATES.map((t) => t.templateType).sort());
    expect(res.body.find((t) => t.templateType === 'match_notification')!.variables).toContain('matchedUserName');
  });

  // Untyped answer: a refusal's body is {message}, a save's the EmailTemplateItem.
  const edit = (type: string, body: Record<string, unknown>) => admin.client.put(`/api/admin/email-templates/${type}`, body);
  const original = DEFAULT_TEMPLATES.find((t) => t.templateType === 'drop_trade_request')!;

  it.each([
    [{ templateName: '', subjectTemplate: 's', htmlTemplate: 'h' }, MSG.templateNameRequired],
    [{ templateName: 'n', subjectTemplate: '  ', htmlTemplate: 'h' }, MSG.templateSubjectRequired],
    [{ templateName: 'n', subjectTemplate: 'a\nb', htmlTemplate: 'h' }, MSG.templateSubjectOneLine],
    [{ templateName: 'n', subjectTemplate: 's', htmlTemplate: ' ' }, MSG.templateHtmlRequired],
    [{ templateName: 'n', subjectTemplate: 'x'.repeat(501), htmlTemplate: 'h' }, MSG.templateSubjectTooLong],
    [{ templateName: 'n', subjectTemplate: 'Hi {{senderName', htmlTemplate: 'h' }, 'A {{ placeholder is not closed in Subject Template'],
    [{ templateName: 'n', subjectTemplate: 's', htmlTemplate: '<p>{{password}}</p>' }, 'Unknown variable {{password}} in HTML Template'],
    // A chain mail's own variable: not one the spec lists, and no offer has it.
    [{ templateName: 'n', subjectTemplate: 's', htmlTemplate: '<p>{{giverName}}</p>' }, 'Unknown variable {{giverName}} in HTML Template'],
    [{ templateType: 'match_notification', templateName: 'n', subjectTemplate: 's', htmlTemplate: 'h' }, MSG.templateTypeMismatch],
  ])('PUT refuses %j with a clear message and keeps the template', async (body, message) => {
    const res = await edit('drop_trade_request', body);
    expect([res.status, res.body.message]).toEqual([400, message]);
    const [t] = await sql(
      app.databaseUrl,
      "select template_name, html_template from email_templates where template_type = 'drop_trade_request'",
    );
    expect(t).toEqual({ template_name: original.templateName, html_template: original.htmlTemplate });
  });

  it('PUT is 404 for a type that does not exist', async () => {
    const res = await edit('payment', { templateName: 'n', subjectTemplate: 's', htmlTemplate: 'h' });
    expect([res.status, res.body.message]).toEqual([404, MSG.templateNotFound]);
  });

  it('an edit changes the next match e-mail, with the variables HTML-escaped in the body', async () => {
    const res = await edit('match_notification', {
      templateType: 'match_notification',
      templateName: 'Match (edited)',
      subjectTemplate: 'Edited: {{matchedUserName}} on {{ userDate }}',
      htmlTemplate: '<p>Edited for {{recipientName}} and {{matchedUserName}}</p>',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ templateName: 'Match (edited)', subjectTemplate: 'Edited: {{matchedUserName}} on {{ userDate }}' });
    const group = freshGroup();
    const a = await makeUser(app, { ...group, firstName: '<b>Ann</b>', lastName: '& Co' });
    const b = await makeUser(app, { ...group, firstName: 'Bo' });
    await a.client.post('/api/requests', requestBody({ date: '2099-03-04', route: 'ATL1' }));
    await b.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-03-04', route: 'ANY' }));
    const mail = await waitFor(async () => (await readOutbox(app.databaseUrl, b.email))[0]);
    expect(mail?.subject).toBe('Edited: <b>Ann</b> & Co on Mar 4, 2099');
    expect(mail?.html).toBe('<p>Edited for Bo Crew and &lt;b&gt;Ann&lt;/b&gt; &amp; Co</p>');
  });

  const SPEC_TEMPLATES = ['drop_trade_request', 'pickup_trade_request', 'trade_trade_request', 'match_notification'];
  /** Each variable as "name=[value]", to read back from the mail. */
  const ALL_VARIABLES = SPEC_VARIABLES.map((v) => `${v}=[{{${v}}}]`).join(' ');
  const filled = (text: string) => Object.fromEntries([...text.matchAll(/(\w+)=\[([^\]]*)\]/g)].map((m) => [m[1]!, m[2]!]));
  const restore = async (type: string) => {
    const t = DEFAULT_TEMPLATES.find((d) => d.templateType === type)!;
    const res = await edit(type, { templateName: t.templateName, subjectTemplate: t.subjectTemplate, htmlTemplate: t.htmlTemplate });
    expect(res.status).toBe(200);
  };

  it.each(SPEC_TEMPLATES)('%s lists and saves every variable the spec lists, in the subject and the HTML', async (type) => {
    const listed = (await admin.client.get<EmailTemplateItem[]>('/api/admin/email-templates')).body.find((t) => t.templateType === type);
    expect(SPEC_VARIABLES.filter((v) => !listed?.variables.includes(v))).toEqual([]);
    const refused: string[] = [];
    for (const v of SPEC_VARIABLES) {
      const res = await edit(type, { templateName: 'Spec variables', subjectTemplate: `On {{${v}}}`, htmlTemplate: `<p>{{ ${v} }}</p>` });
      if (res.status !== 200) refused.push(`${v}: ${res.status} ${res.body.message}`);
    }
    expect(refused).toEqual([]);
    await restore(type);
  });

  it('a match mail fills every variable the spec lists ({{date}} and the rest), for its reader', async () => {
    expect(
      (await edit('match_notification', { templateName: 'All', subjectTemplate: 'Match on {{date}}', htmlTemplate: ALL_VARIABLES })).status,
    ).toBe(200);
    try {
      const group = freshGroup();
      const ann = await makeUser(app, {
        ...group,
        firstName: 'Ann',
        lastName: 'Drop',
        position: 'first_officer',
        employeeNumber: `A-${group.base}`,
      });
      const bo = await makeUser(app, {
        ...group,
        firstName: 'Bo',
        lastName: 'Pick',
        position: 'first_officer',
        employeeNumber: `B-${group.base}`,
      });
      await ann.client.post('/api/requests', requestBody({ date: '2099-03-04', route: 'ATL1' }));
      await bo.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-03-04', route: 'ANY' }));
      const mail = await waitFor(async () => (await readOutbox(app.databaseUrl, bo.email))[0]);
      expect(mail?.subject).toBe('Match on Mar 4, 2099');
      // Bo reads it: his request is the pickup, Ann (who drops ATL1) is the colleague.
      expect(filled(mail!.html)).toEqual({
        recipientName: 'Bo Pick',
        senderName: 'Ann Drop',
        route: 'ANY',
        date: 'Mar 4, 2099',
        base: ann.user.base,
        position: 'First officer',
        employeeNumber: `A-${group.base}`,
        matchedUserName: 'Ann Drop',
        userAction: 'pick up',
        userRoute: 'ANY',
        userDate: 'Mar 4, 2099',
        matchedAction: 'drop',
        matchedRoute: 'ATL1',
        matchedDate: 'Mar 4, 2099',
        matchedBase: ann.user.base,
        matchedPosition: 'First officer',
        matchedEmployeeNumber: `A-${group.base}`,
      });
    } finally {
      await restore('match_notification');
    }
  });

  it('an offer mail fills every variable the spec lists, for its recipient: a drop offered on a pickup request', async () => {
    expect(
      (await edit('drop_trade_request', { templateName: 'All', subjectTemplate: 'Offer on {{date}}', htmlTemplate: ALL_VARIABLES })).status,
    ).toBe(200);
    try {
      const group = freshGroup();
      const maya = await makeUser(app, { ...group, firstName: 'Maya', lastName: 'Okafor', employeeNumber: `M-${group.base}` });
      const liam = await makeUser(app, { ...group, firstName: 'Liam', lastName: 'Brennan', employeeNumber: `L-${group.base}` });
      const request = (await maya.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-12-01', route: 'Any 2-4 day' })))
        .body;
      const sent = await liam.client.post('/api/trade-requests', {
        toUserId: maya.user.id,
        requestId: request.id,
        tradeDate: '2099-12-01',
        offerRoute: 'ATL4555',
        requestType: 'drop',
        message: 'Yours if you want it',
      });
      expect(sent.status).toBe(201);
      const mail = await waitFor(async () => (await readOutbox(app.databaseUrl, maya.email))[0]);
      expect(mail?.subject).toBe('Offer on Dec 1, 2099');
      expect(filled(mail!.html)).toEqual({
        recipientName: 'Maya Okafor',
        senderName: 'Liam Brennan',
        // The trip the drop gives: Liam's.
        route: 'ATL4555',
        date: 'Dec 1, 2099',
        base: liam.user.base,
        position: 'Captain',
        employeeNumber: `L-${group.base}`,
        matchedUserName: 'Liam Brennan',
        // Maya's side: her request, to pick up.
        userAction: 'pick up',
        userRoute: 'Any 2-4 day',
        userDate: 'Dec 1, 2099',
        // Liam's side: he drops his ATL4555.
        matchedAction: 'drop',
        matchedRoute: 'ATL4555',
        matchedDate: 'Dec 1, 2099',
        matchedBase: liam.user.base,
        matchedPosition: 'Captain',
        matchedEmployeeNumber: `L-${group.base}`,
      });
    } finally {
      await restore('drop_trade_request');
    }
  });
});
