// Who may call what: every route the server has, called signed out, by crew of another group
// (stranger), by crew of the owner's group (peer), by the owner of the object, and by an admin of
// another group. Each cell's status is written in the one table below; a route without a row fails
// the suite, so a new route must say who may call it. Every cell gets fresh objects and a fresh
// session, so no cell's write changes another's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureRoutes } from '../features/routes.ts';
import { freshGroup } from '../features/offers/offers.fixtures.ts';
import { inDays, requestBody } from '../features/requests/requests.fixtures.ts';
import { TINY_PNG } from '../test/uploads.ts';
import { makeAdmin, makeUser, PASSWORD, type SignedInUser } from '../test/factories.ts';
import type { TestClient } from '../test/http-client.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

const ROLES = ['out', 'stranger', 'peer', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];

let app: TestApp;
let group: ReturnType<typeof freshGroup>;
let chainSeq = 0;
const actors = {} as Record<Exclude<Role, 'out'> | 'partner', SignedInUser>;

beforeAll(async () => {
  app = await startTestApp({
    PUSH_ENDPOINT_HOSTS: '127.0.0.1:9',
    RATE_LIMIT_OVERRIDES:
      'register=100000,forgotPassword=100000,support=100000,login=100000,loginAddress=100000,loginAccount=100000,messages=100000',
  });
  group = freshGroup();
  actors.owner = await makeUser(app, { ...group, firstName: 'Owen', lastName: 'Owner' });
  actors.partner = await makeUser(app, { ...group, firstName: 'Pat', lastName: 'Partner' });
  actors.peer = await makeUser(app, { ...group, firstName: 'Pia', lastName: 'Peer' });
  actors.stranger = await makeUser(app, { ...freshGroup(), airline: 'United', firstName: 'Stan', lastName: 'Stranger' });
  actors.admin = await makeAdmin(app, { ...freshGroup(), airline: 'Alaska', firstName: 'Ada', lastName: 'Admin' });
});
afterAll(async () => {
  await app?.close();
});

/** A session of its own for one cell (a sign-out or sign-in there ends or changes nobody else's). */
async function clientOf(role: Role): Promise<TestClient> {
  const client = app.client();
  if (role === 'out') return client;
  const res = await client.post('/api/login', { email: actors[role].email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${role} failed: ${res.status}`);
  return client;
}

/** A device's address at a push service that refuses at once (the app allows only it): nothing leaves the machine. */
const pushEndpoint = () => `https://127.0.0.1:9/push/${Math.random().toString(36).slice(2)}`;

const ok = <T>(res: { status: number; text: string; body: T }, status = 201): T => {
  if (res.status !== status) throw new Error(`setup call failed: ${res.status} ${res.text}`);
  return res.body;
};
/**
 * Owner and partner post a request for nearly every cell, past the 50 a crew member may keep on the
 * board (docs/decisions/0019): what earlier cells posted is completed here, as trips are.
 */
async function retireOldRequests(): Promise<void> {
  await sql(
    app.databaseUrl,
    `update requests r set status = 'completed' where r.user_id in ($1, $2) and r.status = 'active'
       and r.id not in (select id from requests o where o.user_id = r.user_id and o.status = 'active' order by id desc limit 20)`,
    [actors.owner.user.id, actors.partner.user.id],
  );
}

const own = {
  request: async (over: Record<string, unknown> = {}) => {
    await retireOldRequests();
    return ok<{ id: number; date: string }>(await actors.owner.client.post('/api/requests', requestBody({ date: inDays(40), ...over })));
  },
  /** A match of the owner's drop with the partner's pickup: the owner's side is theirs. */
  match: async () => {
    const date = inDays(30 + Math.floor(Math.random() * 300));
    const route = `M${Math.random().toString(36).slice(2, 8)}`;
    await own.request({ date, route });
    ok(await actors.partner.client.post('/api/requests', requestBody({ type: 'pickup', date, route: 'ANY' })));
    const [row] = await sql(
      app.databaseUrl,
      'select m.id from matches m join requests r on r.id in (m.request_id, m.matched_request_id) where r.route = $1',
      [route],
    );
    return row!.id as number;
  },
  /** An offer from the partner on the owner's request: the owner answers it. */
  offerReceived: async () => {
    const target = await own.request();
    const offer = await actors.partner.client.post('/api/trade-requests', {
      toUserId: actors.owner.user.id,
      requestId: target.id,
      tradeDate: target.date,
      offerRoute: 'P1',
      requestType: 'pickup',
    });
    return ok<{ id: number }>(offer).id;
  },
  /** A pending offer from the owner on the partner's request: the owner may cancel it. */
  offerSent: async () => {
    const target = ok<{ id: number; date: string }>(await actors.partner.client.post('/api/requests', requestBody({ date: inDays(50) })));
    const offer = await actors.owner.client.post('/api/trade-requests', {
      toUserId: actors.partner.user.id,
      requestId: target.id,
      tradeDate: target.date,
      offerRoute: 'P2',
      requestType: 'pickup',
    });
    return ok<{ id: number }>(offer).id;
  },
  /** A three-way chain of the owner, the partner and a third colleague: the owner answers it; the peer is not in it. */
  chain: async () => {
    const offset = 400 + 3 * chainSeq++;
    const [d1, d2, d3] = [inDays(offset), inDays(offset + 1), inDays(offset + 2)];
    const third = await makeUser(app, { ...group, firstName: 'Tia', lastName: 'Third' });
    const trade = (date: string, wanted: string) => requestBody({ type: 'trade', date, desiredDates: [wanted] });
    ok(await actors.owner.client.post('/api/requests', trade(d1, d3)));
    ok(await actors.partner.client.post('/api/requests', trade(d2, d1)));
    const closing = ok<{ id: number }>(await third.client.post('/api/requests', trade(d3, d2)));
    const [row] = await sql(app.databaseUrl, 'select chain_id from trade_chain_members where request_id = $1', [closing.id]);
    return row!.chain_id as number;
  },
  /** An owner's chain that ended as `status` (arranged directly: this table tests who may call, not how it ends). */
  endedChain: async (status: 'declined' | 'completed') => {
    const id = await own.chain();
    await sql(app.databaseUrl, 'update trade_chains set status = $2 where id = $1', [id, status]);
    return id;
  },
  schedule: async () => {
    const form = new FormData();
    form.append('schedule', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'roster.png');
    return ok<{ id: number; filename: string }>(await actors.owner.client.post('/api/schedule-images', form));
  },
  chat: async () => ok<{ id: number }>(await actors.owner.client.post('/api/base-chat', { content: 'hello room', chatType: 'reserve' })).id,
  support: async () =>
    ok<{ id: number }>(
      await actors.owner.client.post('/api/support-requests', { category: 'bug', subject: 'Subject', message: 'A message long enough' }),
    ).id,
};

interface Call {
  path: string;
  body?: unknown;
}
interface Row {
  /** Builds the cell's call (fresh objects) for the role about to make it. */
  call: (role: Role) => Promise<Call> | Call;
  expect: Record<Role, number>;
}

/** Shorthands for the common rows. */
const signedIn = (status = 200): Record<Role, number> => ({ out: 401, stranger: status, peer: status, owner: status, admin: status });
const adminOnly = (status = 200): Record<Role, number> => ({ out: 401, stranger: 403, peer: 403, owner: 403, admin: status });
const everyone = (status: number): Record<Role, number> => ({ out: status, stranger: status, peer: status, owner: status, admin: status });
const ownerOnly = (ownerStatus = 200, others = 404): Record<Role, number> => ({
  out: 401,
  stranger: others,
  peer: others,
  owner: ownerStatus,
  admin: others,
});
const profileOf = (role: Role) => {
  const u = role === 'out' ? actors.owner.user : actors[role].user;
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    airline: u.airline,
    position: u.position,
    employeeNumber: u.employeeNumber,
    base: u.base,
    aircraftType: u.aircraftType,
  };
};

const MATRIX: Record<string, Row> = {
  // Accounts: open to everyone (a signed-in caller may register or sign in as someone else).
  'GET /api/auth/user': { call: () => ({ path: '/api/auth/user' }), expect: signedIn() },
  'POST /api/register': {
    call: () => ({
      path: '/api/register',
      body: { firstName: 'New', lastName: 'Crew', email: `m${Math.random()}@example.com`, password: PASSWORD },
    }),
    expect: everyone(201),
  },
  'POST /api/login': {
    call: () => ({ path: '/api/login', body: { email: actors.peer.email, password: PASSWORD } }),
    expect: everyone(200),
  },
  'GET /api/login': { call: () => ({ path: '/api/login' }), expect: everyone(302) },
  // The sign-in and sign-up pages' forms posted as plain forms: a 303 to the app (features/auth/form-posts.ts).
  'POST /login': {
    call: () => ({ path: '/login', body: new URLSearchParams({ email: actors.peer.email, password: PASSWORD }) }),
    expect: everyone(303),
  },
  'POST /signup': {
    call: () => ({
      path: '/signup',
      body: new URLSearchParams({
        firstName: 'New',
        lastName: 'Crew',
        email: `f${Math.random()}@example.com`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    }),
    expect: everyone(303),
  },
  'GET /api/login/callback': { call: () => ({ path: '/api/login/callback' }), expect: everyone(302) },
  // GET only goes to / (a cross-site link signs no one out); POST signs out.
  'GET /api/logout': { call: () => ({ path: '/api/logout' }), expect: everyone(302) },
  'POST /api/logout': { call: () => ({ path: '/api/logout' }), expect: everyone(200) },
  'GET /api/verify-email': { call: () => ({ path: '/api/verify-email?token=nope' }), expect: everyone(302) },
  'POST /api/forgot-password': {
    call: () => ({ path: '/api/forgot-password', body: { email: actors.owner.email } }),
    expect: everyone(200),
  },
  'POST /api/reset-password': {
    call: () => ({ path: '/api/reset-password', body: { token: 'a'.repeat(64), newPassword: PASSWORD } }),
    expect: everyone(400),
  },
  // Stored files: any signed-in user (random names; docs/ARCHITECTURE.md section 7).
  // A schedule image: its owner's group (the peer) and admins; a stranger of another group gets 404 (decisions/0024).
  'GET /uploads/:filename': {
    call: async () => ({ path: `/uploads/${(await own.schedule()).filename}` }),
    expect: { out: 401, stranger: 404, peer: 200, owner: 200, admin: 200 },
  },
  'GET /uploads/thumbs/:filename': {
    call: async () => ({ path: `/uploads/thumbs/${(await own.schedule()).filename}` }),
    expect: { out: 401, stranger: 404, peer: 200, owner: 200, admin: 200 },
  },

  // Profiles: one's own; a colleague's to the group and to admins.
  'PUT /api/profile': { call: (role) => ({ path: '/api/profile', body: profileOf(role) }), expect: signedIn() },
  'GET /api/profile/:userId': {
    call: () => ({ path: `/api/profile/${actors.owner.user.id}` }),
    expect: { out: 401, stranger: 404, peer: 200, owner: 200, admin: 200 },
  },
  'GET /api/dashboard/stats': { call: () => ({ path: '/api/dashboard/stats' }), expect: signedIn() },

  // Requests and matches: read one's own board; change only one's own.
  'GET /api/requests': { call: () => ({ path: '/api/requests' }), expect: signedIn() },
  'GET /api/all-trades': { call: () => ({ path: '/api/all-trades' }), expect: signedIn() },
  'POST /api/requests': { call: () => ({ path: '/api/requests', body: requestBody({ date: inDays(60) }) }), expect: signedIn(201) },
  'PUT /api/requests/:id': {
    call: async () => ({ path: `/api/requests/${(await own.request()).id}`, body: requestBody({ date: inDays(41), route: 'EDITED' }) }),
    expect: ownerOnly(),
  },
  'DELETE /api/requests/:id': { call: async () => ({ path: `/api/requests/${(await own.request()).id}` }), expect: ownerOnly() },
  'GET /api/matches': { call: () => ({ path: '/api/matches' }), expect: signedIn() },
  'PUT /api/matches/:id/status': {
    call: async () => ({ path: `/api/matches/${await own.match()}/status`, body: { status: 'trade_requested' } }),
    expect: ownerOnly(),
  },
  // Either side of a match may delete it (docs/product-spec.md section 7 sets no condition).
  'DELETE /api/matches/:id': { call: async () => ({ path: `/api/matches/${await own.match()}` }), expect: ownerOnly() },
  // Three-way chains: each member answers for themselves; nobody else sees the chain.
  'GET /api/chains': { call: () => ({ path: '/api/chains' }), expect: signedIn() },
  'POST /api/chains/:id/accept': { call: async () => ({ path: `/api/chains/${await own.chain()}/accept` }), expect: ownerOnly() },
  'POST /api/chains/:id/decline': { call: async () => ({ path: `/api/chains/${await own.chain()}/decline` }), expect: ownerOnly() },
  'GET /api/chains/completed': { call: () => ({ path: '/api/chains/completed' }), expect: signedIn() },
  'POST /api/chains/:id/dismiss': {
    call: async () => ({ path: `/api/chains/${await own.endedChain('declined')}/dismiss` }),
    expect: ownerOnly(),
  },
  'POST /api/chains/:id/hide': {
    call: async () => ({ path: `/api/chains/${await own.endedChain('completed')}/hide` }),
    expect: ownerOnly(),
  },
  'GET /api/notifications': { call: () => ({ path: '/api/notifications' }), expect: signedIn() },
  'POST /api/notifications/acknowledge': {
    call: async () => ({ path: '/api/notifications/acknowledge', body: { matchId: await own.match() } }),
    expect: ownerOnly(),
  },

  // Offers: to a colleague of one's group (another group's crew is refused as a bad recipient, 400,
  // as is oneself); answered by the recipient; cancelled by the sender.
  'POST /api/trade-requests': {
    call: async () => {
      const target = await own.request();
      return {
        path: '/api/trade-requests',
        body: { toUserId: actors.owner.user.id, requestId: target.id, tradeDate: target.date, offerRoute: 'X1', requestType: 'pickup' },
      };
    },
    expect: { out: 401, stranger: 400, peer: 201, owner: 400, admin: 400 },
  },
  'GET /api/trade-requests': { call: () => ({ path: '/api/trade-requests' }), expect: signedIn() },
  'GET /api/sent-trade-requests': { call: () => ({ path: '/api/sent-trade-requests' }), expect: signedIn() },
  'GET /api/user-trades': { call: () => ({ path: '/api/user-trades' }), expect: signedIn() },
  'PUT /api/trade-requests/:id': {
    call: async () => ({ path: `/api/trade-requests/${await own.offerReceived()}`, body: { status: 'declined' } }),
    expect: ownerOnly(),
  },
  // The recipient counters (201); its sender may not (403, as for an answer), nobody else sees it.
  'POST /api/trade-requests/:id/counter': {
    call: async () => ({
      path: `/api/trade-requests/${await own.offerReceived()}/counter`,
      body: { tradeDate: inDays(60), offerRoute: 'P9' },
    }),
    expect: ownerOnly(201),
  },
  'GET /api/trade-requests/:id/thread': {
    call: async () => ({ path: `/api/trade-requests/${await own.offerReceived()}/thread` }),
    expect: ownerOnly(),
  },
  'DELETE /api/trade-requests/:id': { call: async () => ({ path: `/api/trade-requests/${await own.offerSent()}` }), expect: ownerOnly() },
  'GET /api/trade-request-notifications': { call: () => ({ path: '/api/trade-request-notifications' }), expect: signedIn() },
  'POST /api/trade-request-notifications/:id/mark-read': {
    call: async () => ({ path: `/api/trade-request-notifications/${await own.offerReceived()}/mark-read` }),
    expect: ownerOnly(),
  },

  // Schedule images: one's own.
  'GET /api/schedule-images': { call: () => ({ path: '/api/schedule-images' }), expect: signedIn() },
  'POST /api/schedule-images': {
    call: () => {
      const form = new FormData();
      form.append('schedule', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'mine.png');
      return { path: '/api/schedule-images', body: form };
    },
    expect: signedIn(201),
  },
  'DELETE /api/schedule-images/:id': {
    call: async () => ({ path: `/api/schedule-images/${(await own.schedule()).id}` }),
    expect: ownerOnly(),
  },

  // Direct messages: within the group, or with an admin; never to oneself.
  'GET /api/messages/recent': { call: () => ({ path: '/api/messages/recent' }), expect: signedIn() },
  'GET /api/messages/:userId': {
    call: () => ({ path: `/api/messages/${actors.owner.user.id}` }),
    expect: { out: 401, stranger: 404, peer: 200, owner: 404, admin: 200 },
  },
  'POST /api/messages': {
    call: () => ({ path: '/api/messages', body: { toUserId: actors.owner.user.id, content: 'hi' } }),
    expect: { out: 401, stranger: 403, peer: 201, owner: 400, admin: 201 },
  },
  'POST /api/messages/:userId/mark-read': {
    call: () => ({ path: `/api/messages/${actors.owner.user.id}/mark-read` }),
    expect: { out: 401, stranger: 404, peer: 200, owner: 404, admin: 200 },
  },
  // Clears the caller's own view of a conversation: nobody else's data changes.
  'DELETE /api/messages/conversation/:userId': {
    call: () => ({ path: `/api/messages/conversation/${actors.owner.user.id}` }),
    expect: { out: 401, stranger: 200, peer: 200, owner: 404, admin: 200 },
  },
  'GET /api/crew-members': { call: () => ({ path: '/api/crew-members' }), expect: signedIn() },

  // Base chat: one's own room; delete one's own message (403 in the room, 404 outside it).
  'GET /api/base-chat/:chatType': { call: () => ({ path: '/api/base-chat/reserve' }), expect: signedIn() },
  'POST /api/base-chat': {
    call: () => ({ path: '/api/base-chat', body: { content: 'hello', chatType: 'reserve' } }),
    expect: signedIn(201),
  },
  'DELETE /api/base-chat/:id': {
    call: async () => ({ path: `/api/base-chat/${await own.chat()}` }),
    expect: { out: 401, stranger: 404, peer: 403, owner: 200, admin: 404 },
  },

  // Support: anyone signed in files and reads their own.
  'POST /api/support-requests': {
    call: () => ({ path: '/api/support-requests', body: { category: 'bug', subject: 'Matrix', message: 'A message long enough' } }),
    expect: signedIn(201),
  },
  'GET /api/support-requests': { call: () => ({ path: '/api/support-requests' }), expect: signedIn() },

  // Administration: admins only, whatever the object.
  'GET /api/admin/users': { call: () => ({ path: '/api/admin/users' }), expect: adminOnly() },
  'DELETE /api/admin/users/:id': {
    call: async () => ({ path: `/api/admin/users/${(await makeUser(app, freshGroup())).user.id}` }),
    expect: adminOnly(),
  },
  'GET /api/admin/support-requests': { call: () => ({ path: '/api/admin/support-requests' }), expect: adminOnly() },
  'POST /api/admin/support-requests/:id/respond': {
    call: async () => ({ path: `/api/admin/support-requests/${await own.support()}/respond`, body: { response: 'Answered' } }),
    expect: adminOnly(),
  },
  'GET /api/admin/logs': { call: () => ({ path: '/api/admin/logs' }), expect: adminOnly() },
  'GET /api/admin/user-activity': { call: () => ({ path: '/api/admin/user-activity' }), expect: adminOnly() },
  'GET /api/admin/insights': { call: () => ({ path: '/api/admin/insights' }), expect: adminOnly() },
  'GET /api/admin/email-templates': { call: () => ({ path: '/api/admin/email-templates' }), expect: adminOnly() },
  'PUT /api/admin/email-templates/:templateType': {
    call: () => ({
      path: '/api/admin/email-templates/pickup_trade_request',
      body: { templateName: 'Pickup Trade Request', subjectTemplate: '{{senderName}} wants {{route}}', htmlTemplate: '<p>{{route}}</p>' },
    }),
    expect: adminOnly(),
  },
  'GET /api/admin/notifications': { call: () => ({ path: '/api/admin/notifications' }), expect: adminOnly() },

  // Calendar feed: one's own address; the feed itself answers whoever holds its secret token.
  'GET /api/calendar-feed': { call: () => ({ path: '/api/calendar-feed' }), expect: signedIn() },
  'POST /api/calendar-feed': { call: () => ({ path: '/api/calendar-feed' }), expect: signedIn(201) },
  'DELETE /api/calendar-feed': { call: () => ({ path: '/api/calendar-feed' }), expect: signedIn() },
  'GET /api/calendar/:token.ics': {
    call: async () => ({ path: new URL(ok<{ url: string }>(await actors.owner.client.post('/api/calendar-feed')).url).pathname }),
    expect: everyone(200),
  },
  // Push: each caller's own devices; nothing names another user's.
  'GET /api/push': { call: () => ({ path: '/api/push' }), expect: signedIn() },
  'POST /api/push/subscriptions': {
    call: () => ({
      path: '/api/push/subscriptions',
      body: { endpoint: pushEndpoint(), keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } },
    }),
    expect: signedIn(201),
  },
  'POST /api/push/subscriptions/remove': {
    call: () => ({ path: '/api/push/subscriptions/remove', body: { endpoint: pushEndpoint() } }),
    expect: signedIn(),
  },
  'POST /api/push/test': { call: () => ({ path: '/api/push/test' }), expect: signedIn() },
  // Roster: each caller's own; no route names another user's. A loopback subscription is refused (400) before any request leaves.
  'GET /api/roster': { call: () => ({ path: '/api/roster' }), expect: signedIn() },
  'POST /api/roster': { call: () => ({ path: '/api/roster', body: { url: 'https://127.0.0.1:9/roster.ics' } }), expect: signedIn(400) },
  'DELETE /api/roster': { call: () => ({ path: '/api/roster' }), expect: signedIn() },
  // An event's kind: only on one's own roster; these callers have none, so the event is not theirs (404).
  'PUT /api/roster/kinds': {
    call: () => ({ path: '/api/roster/kinds', body: { uid: 'duty-0@roster.test', kind: 'off' } }),
    expect: signedIn(404),
  },
  'GET /api/roster/check': { call: () => ({ path: '/api/roster/check?date=2099-12-16&days=1' }), expect: signedIn() },
  'GET /api/admin/roster-rules': { call: () => ({ path: '/api/admin/roster-rules' }), expect: adminOnly() },
  'PUT /api/admin/roster-rules/:airline': {
    call: () => ({ path: '/api/admin/roster-rules/Frontier', body: { maxConsecutiveDays: 6, minRestHours: 10 } }),
    expect: adminOnly(),
  },
  'POST /api/admin/notifications/:id/mark-read': {
    call: async () => {
      const supportId = await own.support();
      const [n] = await sql(app.databaseUrl, 'select id from admin_notifications where admin_id = $1 and reference_id = $2', [
        actors.admin.user.id,
        supportId,
      ]);
      return { path: `/api/admin/notifications/${n!.id}/mark-read` };
    },
    expect: adminOnly(),
  },
};

/** Every route the server's routers hold, as "METHOD /path". */
function serverRoutes(): string[] {
  return featureRoutes(app.server.deps).flatMap((r) =>
    r.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${String(layer.path)}`)),
  );
}

describe('the authorization matrix', () => {
  it('has a row for every route the server has, and none for a route it does not', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...new Set(serverRoutes())].sort());
  });

  it.each(Object.keys(MATRIX))('%s answers each caller as the table says', async (route) => {
    const [method, template] = route.split(' ') as [string, string];
    const row = MATRIX[route]!;
    const got: Record<string, number> = {};
    for (const role of ROLES) {
      const call = await row.call(role);
      const client = await clientOf(role);
      const res = await client.request(method, call.path, call.body);
      got[role] = res.status;
      if (res.status >= 500) throw new Error(`${route} as ${role}: ${res.status} ${res.text}`);
    }
    expect({ route: template, ...got }).toEqual({ route: template, ...row.expect });
  });
});

/** Every row of every table, hashed per table: what a refused request must leave as it was. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = await sql(
    app.databaseUrl,
    "select tablename from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations'",
  );
  const out: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = await sql(
      app.databaseUrl,
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from "${tablename}" t`,
    );
    out[tablename] = `${row!.n}:${row!.h}`;
  }
  return out;
}

describe('cross-site requests (CSRF)', () => {
  const writes = () => Object.keys(MATRIX).filter((route) => !route.startsWith('GET '));

  it('covers every state-changing route', () => {
    expect(writes().length).toBeGreaterThan(25);
  });

  it.each(writes())('%s from another site is refused (403) and changes nothing', async (route) => {
    const [method] = route.split(' ') as [string, string];
    // As a caller the table lets through (the owner, or an admin for admin routes).
    const role = (['owner', 'admin', 'peer'] as const).find((r) => MATRIX[route]!.expect[r] < 300) ?? 'owner';
    const call = await MATRIX[route]!.call(role);
    const client = await clientOf(role);
    const before = await databaseFingerprint();
    const res = await client.request(method, call.path, call.body, { origin: 'https://evil.example' });
    expect([route, res.status]).toEqual([route, 403]);
    expect(await databaseFingerprint()).toEqual(before);
    // The same request from the app's own origin is not refused for its origin.
    const same = await client.request(method, call.path, call.body, { origin: app.url });
    expect(same.status).not.toBe(403);
  });
});
