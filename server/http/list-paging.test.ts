// Every list route pages (docs/decisions/0020): the first page holds PAGE_SIZE items (a message
// list MESSAGE_PAGE) and names the next in X-Next-Cursor; following the cursors gives every item
// exactly once, in the list's order, and only the caller's (or the caller's group's); the last page
// names none; a cursor the server never sent is a 400, never a 500. Volumes go straight into the
// database (server/test/bulk.ts), with rows a microsecond apart so a page's edge falls inside one
// millisecond.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_PAGE } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import { CURSOR_MAX, encodeCursor, NEXT_CURSOR_HEADER, PAGE_SIZE, RESOLVED_COUNT_HEADER, TOTAL_COUNT_HEADER } from '#protocol/paging.ts';
import {
  bulkAdminLogs,
  bulkChat,
  bulkMatches,
  bulkMessages,
  bulkOfferNotifications,
  bulkOffers,
  bulkRequests,
  bulkScheduleImages,
  bulkSupportRequests,
  bulkUsers,
  groupKeyOfBulk,
  type BulkGroup,
} from '../test/bulk.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../test/factories.ts';
import type { TestClient } from '../test/http-client.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let app: TestApp;
let me: SignedInUser;
let peer: SignedInUser;
let admin: SignedInUser;
const group: BulkGroup = { airline: 'Delta', base: 'PGA', position: 'captain', aircraftType: '737' };
const elsewhere: BulkGroup = { ...group, base: 'PGZ' };
/** Just past a page: the second page holds the rest. */
const MORE = 7;

const column = async (query: string, params: unknown[]) => (await sql<{ id: number }>(app.databaseUrl, query, params)).map((r) => r.id);

beforeAll(async () => {
  app = await startTestApp();
  me = await makeUser(app, { base: group.base, firstName: 'Mia' });
  peer = await makeUser(app, { base: group.base, firstName: 'Pia' });
  const stranger = await makeUser(app, { base: elsewhere.base, firstName: 'Sam' });
  admin = await makeAdmin(app, { base: 'PGY' });
  const db = app.databaseUrl;
  const crew = await bulkUsers(db, PAGE_SIZE + MORE, group, 'paging');
  const far = await bulkUsers(db, 3, elsewhere, 'paging-far');

  const mine = await bulkRequests(db, [me.user.id], PAGE_SIZE + MORE, group);
  // Finished trips, dated first: the dashboard asks for the active ones only.
  await bulkRequests(db, [me.user.id], 4, group, { status: 'completed', fromDay: -250 });
  const peers = await bulkRequests(db, [peer.user.id], PAGE_SIZE + MORE, group, { fromDay: 3 });
  // Another group's board, and its offers, matches, messages: none of it may show.
  const strangers = await bulkRequests(db, [stranger.user.id, ...far], 5, elsewhere);

  const received = await bulkOffers(db, peer.user.id, me.user.id, mine);
  await bulkOffers(db, me.user.id, peer.user.id, peers);
  await bulkOffers(db, me.user.id, peer.user.id, peers, 'accepted');
  await bulkOffers(db, far[0]!, stranger.user.id, strangers.slice(0, 5));
  await bulkOfferNotifications(db, me.user.id, received);
  await bulkOfferNotifications(db, stranger.user.id, received.slice(0, 3));
  await bulkMatches(db, mine, peers);
  await bulkMatches(db, strangers.slice(0, 5), strangers.slice(5, 10));

  await bulkMessages(db, me.user.id, crew, 1);
  await bulkMessages(db, peer.user.id, [me.user.id], 2 * MESSAGE_PAGE + MORE);
  await bulkMessages(db, stranger.user.id, [peer.user.id], 3);
  await bulkChat(db, peer.user.id, { ...group, chatType: 'reserve' }, 2 * MESSAGE_PAGE + MORE);
  await bulkChat(db, stranger.user.id, { ...elsewhere, chatType: 'reserve' }, 5);

  await bulkScheduleImages(db, me.user.id, PAGE_SIZE + MORE);
  await bulkScheduleImages(db, peer.user.id, 3);
  await bulkSupportRequests(db, me.user.id, PAGE_SIZE + MORE);
  await bulkSupportRequests(db, peer.user.id, 3);
  await bulkAdminLogs(db, admin.user.id, PAGE_SIZE + MORE);
  await sql(db, 'analyze');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** The path with the cursor (or another query value) added. */
const withQuery = (path: string, name: string, value: string) => `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

interface Walked {
  pages: number[][];
  firstHeaders: Headers;
}

/** Follows X-Next-Cursor from `path` to the end; every page at most `size`, every answer 200. */
async function walk(client: TestClient, path: string, items: (body: unknown) => { id: number }[], size: number): Promise<Walked> {
  const pages: number[][] = [];
  let url = path;
  let firstHeaders: Headers | undefined;
  for (let i = 0; i < 50; i++) {
    const res = await client.get(url);
    expect(res.status, `${url}: ${res.text}`).toBe(200);
    firstHeaders ??= res.headers;
    const page = items(res.body).map((x) => x.id);
    expect(page.length).toBeLessThanOrEqual(size);
    pages.push(page);
    const next = res.headers.get(NEXT_CURSOR_HEADER);
    if (!next) return { pages, firstHeaders };
    url = withQuery(path, 'cursor', next);
  }
  throw new Error(`${path}: more than 50 pages`);
}

const asArray = (body: unknown) => body as { id: number }[];
const messagesOf = (body: unknown) => (body as { messages: { id: number }[] }).messages;

interface ListCase {
  path: string;
  reader: () => SignedInUser;
  /** The list's ids in its order, read from the database. */
  truth: () => Promise<number[]>;
  items?: (body: unknown) => { id: number }[];
  size?: number;
}

const today = `(now() at time zone 'utc')::date`;
const lists: ListCase[] = [
  {
    path: '/api/requests',
    reader: () => me,
    truth: () => column('select id from requests where user_id = $1 order by date, id', [me.user.id]),
  },
  {
    path: '/api/all-trades',
    reader: () => me,
    truth: () =>
      column(`select id from requests where group_key = $1 and status = 'active' and last_date >= ${today} order by date, id`, [
        groupKeyOfBulk(group),
      ]),
  },
  {
    path: '/api/trade-requests',
    reader: () => me,
    truth: () => column(`select id from trade_requests where to_user_id = $1 and status = 'pending' order by created_at desc, id desc`, [me.user.id]),
  },
  {
    path: '/api/sent-trade-requests',
    reader: () => me,
    truth: () => column(`select id from trade_requests where from_user_id = $1 and status = 'pending' order by created_at desc, id desc`, [me.user.id]),
  },
  {
    path: '/api/user-trades',
    reader: () => me,
    truth: () =>
      column(
        `select id from trade_requests where (to_user_id = $1 or from_user_id = $1) and status in ('accepted', 'declined')
         order by responded_at desc, id desc`,
        [me.user.id],
      ),
  },
  {
    path: '/api/trade-request-notifications',
    reader: () => me,
    truth: () =>
      column(
        `select n.id from trade_request_notifications n join trade_requests t on t.id = n.trade_request_id
         where n.user_id = $1 and not n.is_read and (n.type <> 'trade_request' or t.status = 'pending') order by n.created_at desc, n.id desc`,
        [me.user.id],
      ),
  },
  {
    path: '/api/matches',
    reader: () => me,
    truth: () =>
      column(
        `select m.id from matches m join requests r on r.id in (m.request_id, m.matched_request_id) where r.user_id = $1
         order by m.created_at desc, m.id desc`,
        [me.user.id],
      ),
  },
  {
    path: '/api/notifications',
    reader: () => me,
    items: (body) => (body as { matchId: number }[]).map((n) => ({ id: n.matchId })),
    truth: () =>
      column(
        `select m.id from matches m join requests r on r.id in (m.request_id, m.matched_request_id) where r.user_id = $1 and m.status = 'pending'
         order by m.created_at desc, m.id desc`,
        [me.user.id],
      ),
  },
  {
    path: '/api/schedule-images',
    reader: () => me,
    truth: () => column('select id from schedule_images where user_id = $1 order by uploaded_at desc, id desc', [me.user.id]),
  },
  {
    path: '/api/support-requests',
    reader: () => me,
    truth: () => column('select id from support_requests where user_id = $1 order by created_at desc, id desc', [me.user.id]),
  },
  {
    path: '/api/messages/recent',
    reader: () => me,
    items: (body) => (body as { lastMessage: { id: number } }[]).map((c) => c.lastMessage),
    truth: () =>
      column(
        `select max(id) as id from messages where from_user_id = $1 or to_user_id = $1
         group by case when from_user_id = $1 then to_user_id else from_user_id end order by 1 desc`,
        [me.user.id],
      ),
  },
  {
    path: '/api/admin/users',
    reader: () => admin,
    truth: () => column('select id from users order by created_at desc, id desc', []),
  },
  {
    path: '/api/admin/support-requests',
    reader: () => admin,
    truth: () => column('select id from support_requests order by created_at desc, id desc', []),
  },
  {
    path: '/api/admin/logs',
    reader: () => admin,
    truth: () => column('select id from admin_logs order by created_at desc, id desc', []),
  },
];

describe('every list pages by cursor', () => {
  it.each(lists)('$path: pages of at most 200, every item once in order, only the caller’s, then the end', async (list) => {
    const truth = await list.truth();
    expect(truth.length).toBeGreaterThan(PAGE_SIZE);
    const { pages } = await walk(list.reader().client, list.path, list.items ?? asArray, list.size ?? PAGE_SIZE);
    expect(pages[0]).toHaveLength(PAGE_SIZE);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.flat()).toEqual(truth);
  });

  it.each(lists)('$path: a cursor the server never sent is a 400 with the text', async (list) => {
    const client = list.reader().client;
    const forged = [
      'not a cursor',
      '%%%',
      'x'.repeat(CURSOR_MAX + 1),
      // Valid base64url, but not the keys of any list.
      Buffer.from('{"x":1}').toString('base64url'),
      encodeCursor([1, 2, 3, 4]),
      encodeCursor([-1, 1]),
      encodeCursor([0, 2 ** 31]),
      encodeCursor(['2031-02-30', 1]),
      encodeCursor(['b', 0]),
      encodeCursor([1.5, 1]),
    ];
    for (const cursor of forged) {
      const res = await client.get(withQuery(list.path, 'cursor', cursor));
      expect(res.status, `${list.path} ${cursor}`).toBe(400);
      expect(res.body.message).toBe(MSG.invalidCursor);
    }
  });

  it('the spec’s shapes stay as they were for a client that sends no paging parameter: an array, its first page', async () => {
    for (const list of lists) {
      const res = await list.reader().client.get(list.path);
      expect(Array.isArray(res.body), list.path).toBe(true);
      expect(res.body).toHaveLength(PAGE_SIZE);
    }
  });

  it('a forged cursor of the right shape starts anywhere, and still shows only the caller’s own', async () => {
    const others = await column('select id from schedule_images where user_id <> $1', [me.user.id]);
    const res = await me.client.get(withQuery('/api/schedule-images', 'cursor', encodeCursor([4_102_444_800_000_000, 2 ** 31 - 1])));
    expect(res.status).toBe(200);
    const seen = (res.body as { id: number }[]).map((i) => i.id);
    expect(seen).toHaveLength(PAGE_SIZE);
    expect(seen.filter((id) => others.includes(id))).toEqual([]);
    const byPeer = await peer.client.get('/api/schedule-images');
    expect((byPeer.body as unknown[]).length).toBe(3);
    expect(byPeer.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
  });

  it('the administration lists say how many items they hold in all, on their first page', async () => {
    const [users, logs, support, resolved] = await Promise.all([
      column('select count(*)::int as id from users', []),
      column('select count(*)::int as id from admin_logs', []),
      column('select count(*)::int as id from support_requests', []),
      column(`select count(*)::int as id from support_requests where status = 'resolved'`, []),
    ]);
    expect((await admin.client.get('/api/admin/users')).headers.get(TOTAL_COUNT_HEADER)).toBe(String(users[0]));
    expect((await admin.client.get('/api/admin/logs')).headers.get(TOTAL_COUNT_HEADER)).toBe(String(logs[0]));
    const first = await admin.client.get('/api/admin/support-requests');
    expect(first.headers.get(TOTAL_COUNT_HEADER)).toBe(String(support[0]));
    expect(first.headers.get(RESOLVED_COUNT_HEADER)).toBe(String(resolved[0]));
  });
});

describe('own requests of one status', () => {
  it('?status= pages the requests of that status only; a status that is none is a 400', async () => {
    const completed = await column(`select id from requests where user_id = $1 and status = 'completed' order by date, id`, [me.user.id]);
    expect(completed).toHaveLength(4);
    expect((await me.client.get('/api/requests')).body.slice(0, 4).map((r: { id: number }) => r.id)).toEqual(completed);
    const { pages } = await walk(me.client, '/api/requests?status=completed', asArray, PAGE_SIZE);
    expect(pages).toEqual([completed]);
    const active = await column(`select id from requests where user_id = $1 and status = 'active' order by date, id`, [me.user.id]);
    expect((await walk(me.client, '/api/requests?status=active', asArray, PAGE_SIZE)).pages.flat()).toEqual(active);
    const bad = await me.client.get('/api/requests?status=deleted');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.requestStatusInvalid);
  });
});

describe('the tradeboard pages by date with its filters applied by the server', () => {
  const boardTruth = (where: string, params: unknown[]) =>
    column(
      `select id from requests where group_key = $1 and status = 'active' and last_date >= ${today} ${where} order by date, id`,
      [groupKeyOfBulk(group), ...params],
    );

  it('by request type, every page filtered', async () => {
    const truth = await boardTruth(`and type = 'drop'`, []);
    const { pages } = await walk(me.client, '/api/all-trades?type=drop', asArray, PAGE_SIZE);
    expect(pages.flat()).toEqual(truth);
    expect(pages.length).toBeGreaterThanOrEqual(1);
  });

  it('by exact day: the request’s date or one of its additional dates', async () => {
    const [day] = (await sql<{ d: string }>(app.databaseUrl, `select to_char(${today} + 20, 'YYYY-MM-DD') as d`))[0]!.d.split(' ');
    const truth = await boardTruth(`and $2 = any(all_dates)`, [day]);
    expect(truth.length).toBeGreaterThan(0);
    const { pages } = await walk(me.client, `/api/all-trades?date=${day}`, asArray, PAGE_SIZE);
    expect(pages.flat()).toEqual(truth);
  });

  it('by text in the pairing, any case, with %, _ and \\ taken literally', async () => {
    const truth = await boardTruth(`and route ilike $2`, [`P${peer.user.id}-1%`]);
    const { pages } = await walk(me.client, `/api/all-trades?search=${encodeURIComponent(`p${peer.user.id}-1`)}`, asArray, PAGE_SIZE);
    expect(pages.flat()).toEqual(truth);
    expect((await me.client.get('/api/all-trades?search=%25')).body).toEqual([]);
    expect((await me.client.get('/api/all-trades?search=_')).body).toEqual([]);
  });

  it('all filters at once, and "all" or blank is no filter', async () => {
    const all = await me.client.get('/api/all-trades?type=all&date=&search=%20');
    const plain = await me.client.get('/api/all-trades');
    expect(all.text).toBe(plain.text);
    expect(all.headers.get(NEXT_CURSOR_HEADER)).toBe(plain.headers.get(NEXT_CURSOR_HEADER));
  });

  it('refuses a bad filter with its text', async () => {
    const cases: [string, string][] = [
      ['type=swap', MSG.requestTypeInvalid],
      ['date=2031-02-30', MSG.boardDateInvalid],
      ['date=0000-01-01', MSG.boardDateInvalid],
      ['date=tomorrow', MSG.boardDateInvalid],
      [`search=${'a'.repeat(101)}`, MSG.boardSearchTooLong],
      ['search=%00', MSG.controlCharacters],
    ];
    for (const [query, message] of cases) {
      const res = await me.client.get(`/api/all-trades?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('a thread and a chat room page both ways from a message id', () => {
  const threadPath = () => `/api/messages/${peer.user.id}`;
  const threadTruth = () =>
    column(
      `select id from messages where (from_user_id = $1 and to_user_id = $2) or (from_user_id = $2 and to_user_id = $1) order by id`,
      [me.user.id, peer.user.id],
    );
  const chatTruth = () =>
    column(
      `select id from base_chat_messages where airline = $1 and base = $2 and position = $3 and chat_type = 'reserve' order by created_at, id`,
      [group.airline, group.base, group.position],
    );
  const cases = [
    { name: 'a thread', path: threadPath, truth: threadTruth },
    { name: 'a chat room', path: () => '/api/base-chat/reserve', truth: chatTruth },
  ];

  it.each(cases)('$name: back from the newest page, 50 at a time, oldest first in each page, with nextBefore as before', async (c) => {
    const truth = await c.truth();
    expect(truth.length).toBeGreaterThan(2 * MESSAGE_PAGE);
    const first = await me.client.get(c.path());
    expect(first.body.nextBefore).toBe(first.body.messages[0].id);
    const { pages } = await walk(me.client, c.path(), messagesOf, MESSAGE_PAGE);
    expect(pages[0]).toHaveLength(MESSAGE_PAGE);
    expect(pages.reverse().flat()).toEqual(truth);
  });

  it.each(cases)('$name: forward from ?after=<an id held> until caught up, every message once', async (c) => {
    const truth = await c.truth();
    const held = truth[3]!;
    const { pages, firstHeaders } = await walk(me.client, withQuery(c.path(), 'after', String(held)), messagesOf, MESSAGE_PAGE);
    expect(firstHeaders.get(NEXT_CURSOR_HEADER)).not.toBeNull();
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.flat()).toEqual(truth.slice(4));
    // From the start: ?after=0.
    expect((await walk(me.client, withQuery(c.path(), 'after', '0'), messagesOf, MESSAGE_PAGE)).pages.flat()).toEqual(truth);
    // Caught up: nothing after the newest, and no cursor.
    const end = await me.client.get(withQuery(c.path(), 'after', String(truth.at(-1))));
    expect(end.body.messages).toEqual([]);
    expect(end.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
  });

  it.each(cases)('$name: a garbage before/after/cursor is a 400, and so is more than one of them', async (c) => {
    for (const query of ['before=x', 'after=-1', 'after=1.5', 'after=99999999999', 'before=1&after=2', `after=1&cursor=${encodeCursor(['c', 1])}`, 'cursor=abc']) {
      const res = await me.client.get(`${c.path()}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(MSG.invalidCursor);
    }
  });

  it('another person’s thread is never reached through a cursor', async () => {
    const stranger = await column(`select id from messages where to_user_id = $1 and from_user_id <> $2 order by id limit 1`, [peer.user.id, me.user.id]);
    const res = await me.client.get(withQuery(threadPath(), 'after', String(stranger[0]! - 1)));
    expect(res.status).toBe(200);
    const ids = messagesOf(res.body).map((m) => m.id);
    expect(ids).not.toContain(stranger[0]);
  });
});
