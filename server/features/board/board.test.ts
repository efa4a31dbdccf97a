import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayIdCursor, decodeCursor, NEXT_CURSOR_HEADER, PAGE_SIZE } from '#protocol/paging.ts';
import { bulkRequests, bulkUsers } from '../../test/bulk.ts';
import { sql } from '../../test/outbox.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { connectSocket, nextEvent } from '../../test/socket-client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startTwoInstances, type TwoInstances } from '../../test/two-instances.ts';
import { createBoardCache } from './board-cache.ts';
import { todayUtc } from '../trading/trading-core.ts';
import { groupKeyOf } from '../user-kernel/group.ts';
import { inDays, requestBody } from '../requests/requests.fixtures.ts';
import { waitFor } from '../../test/wait-for.ts';
import { BoardService } from './board.service.ts';

// Two instances sharing one database and Redis, as behind a load balancer.
let pair: TwoInstances | undefined;
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  pair = await startTwoInstances();
  ({ one, two } = pair);
});
afterAll(async () => {
  await pair?.close();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GET with the bytes as sent (fetch would decode them), as the signed-in user, with extra headers. */
function rawGet(app: TestApp, who: SignedInUser, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${app.url}/api/all-trades`, { headers: { cookie: who.client.cookieHeader, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const board = async (app: TestApp, who: SignedInUser): Promise<TradeRequestItem[]> => {
  const res = await who.client.get<TradeRequestItem[]>('/api/all-trades');
  expect(res.status).toBe(200);
  return res.body;
};
const ids = async (app: TestApp, who: SignedInUser) => (await board(app, who)).map((r) => r.id);

/** The keys a day cursor (as sent in X-Next-Cursor) names. */
function decodeDayCursor(raw: string) {
  const [day, id] = decodeCursor(raw, dayIdCursor)!;
  return { day, id };
}

/** Two crew of one group of their own (a base no other test uses), each signed in on its own instance's client. */
async function group(base: string) {
  const reader = await makeUser(one, { base, firstName: 'Rita' });
  const poster = await makeUser(one, { base, firstName: 'Paul' });
  return { reader, poster };
}

describe('GET /api/all-trades from the group cache', () => {
  it('answers exactly the uncached board, the same bytes to everyone in the group, with owner summaries only', async () => {
    const { reader, poster } = await group('BCA');
    await poster.client.post('/api/requests', requestBody({ notes: 'swap é ✈' }));
    await reader.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(2) }));
    const a = await rawGet(one, reader);
    const b = await rawGet(one, poster);
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toMatch(/^application\/json/);
    expect(a.headers['content-encoding']).toBeUndefined();
    // Decoded again from what the cache holds, with its length known up front (not chunked).
    expect(Number(a.headers['content-length'])).toBe(a.body.length);
    expect(a.headers['transfer-encoding']).toBeUndefined();
    expect(a.headers['cache-control']).toBe('private, no-cache');
    expect(a.headers.vary).toMatch(/accept-encoding/i);
    expect(a.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(b.body.equals(a.body)).toBe(true);
    expect(b.headers.etag).toBe(a.headers.etag);

    const uncached = await new BoardService(one.server.deps.orm.em.fork()).boardOf(groupKeyOf(reader.user)!, todayUtc(), PAGE_SIZE);
    expect(uncached).toHaveLength(2);
    expect(JSON.parse(a.body.toString())).toEqual(JSON.parse(JSON.stringify(uncached)));
    for (const item of JSON.parse(a.body.toString()) as TradeRequestItem[]) {
      expect(Object.keys(item.user).sort()).toEqual([
        'airline',
        'employeeNumber',
        'firstName',
        'id',
        'lastName',
        'position',
        'profileImageUrl',
      ]);
    }
  });

  it('sends gzip or brotli when asked, decoding to the same JSON as identity', async () => {
    const { reader, poster } = await group('BCB');
    for (let i = 0; i < 8; i++) await poster.client.post('/api/requests', requestBody({ notes: `note ${i} `.repeat(20) }));
    const identity = await rawGet(one, reader);
    const gz = await rawGet(one, reader, { 'accept-encoding': 'gzip' });
    const br = await rawGet(one, reader, { 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.body.length).toBeLessThan(identity.body.length);
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(identity.body.toString()));
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(identity.body.toString()));
    expect(new Set([identity.headers.etag, gz.headers.etag, br.headers.etag]).size).toBe(3);
    // What fetch (a browser) decodes by itself is the same board.
    expect(await board(one, reader)).toEqual(JSON.parse(identity.body.toString()));
  });

  it('answers 304 with no body to a client that holds the current board, and 200 with a new ETag after a change', async () => {
    const { reader, poster } = await group('BCC');
    await poster.client.post('/api/requests', requestBody());
    const first = await rawGet(one, reader, { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag!;
    const again = await rawGet(one, reader, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Weak comparison (a proxy may have weakened it), and a list of held tags.
    expect((await rawGet(one, reader, { 'accept-encoding': 'gzip', 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await rawGet(one, reader, { 'accept-encoding': 'gzip', 'if-none-match': `"old", ${etag}` })).status).toBe(304);
    expect((await rawGet(one, reader, { 'accept-encoding': 'gzip', 'if-none-match': '"something-else"' })).status).toBe(200);

    const created = await poster.client.post('/api/requests', requestBody({ type: 'pickup' }));
    const changed = await rawGet(one, reader, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((JSON.parse(gunzipSync(changed.body).toString()) as TradeRequestItem[]).map((r) => r.id)).toContain(created.body.id);
  });

  it('shows a create, an edit and a deletion by anyone in the group on the next GET of another member', async () => {
    const { reader, poster } = await group('BCD');
    expect(await ids(one, reader)).toEqual([]);
    const created = await poster.client.post('/api/requests', requestBody({ route: 'R-first' }));
    expect(await ids(one, reader)).toEqual([created.body.id]);
    await poster.client.put(`/api/requests/${created.body.id}`, requestBody({ route: 'R-edited' }));
    expect((await board(one, reader))[0]!.route).toBe('R-edited');
    await poster.client.delete(`/api/requests/${created.body.id}`);
    expect(await ids(one, reader)).toEqual([]);
  });

  it('shows a change made through one instance on the next GET from the other', async () => {
    const { reader, poster } = await group('BCE');
    expect(await ids(two, reader)).toEqual([]);
    // The reader's socket is on instance two: when the board event arrives there, so has the invalidation.
    const socket = await connectSocket(two.url, reader.client.cookieHeader);
    const readerOnTwo = { ...reader, client: two.client().setCookieHeader(reader.client.cookieHeader) };
    try {
      let event = nextEvent(socket, 'board:upsert');
      const created = await poster.client.post('/api/requests', requestBody({ route: 'R-one' }));
      await event;
      expect(await ids(two, readerOnTwo)).toEqual([created.body.id]);

      event = nextEvent(socket, 'board:upsert');
      await poster.client.put(`/api/requests/${created.body.id}`, requestBody({ route: 'R-two' }));
      await event;
      expect((await board(two, readerOnTwo))[0]!.route).toBe('R-two');

      const removed = nextEvent(socket, 'board:remove');
      await poster.client.delete(`/api/requests/${created.body.id}`);
      await removed;
      expect(await ids(two, readerOnTwo)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('patches the held boards with a create, an edit and a deletion: no read of the board, and the very bytes a fresh read gives, on both instances', async () => {
    const { reader, poster } = await group('BCP');
    const readerOnTwo = { ...reader, client: two.client().setCookieHeader(reader.client.cookieHeader) };
    const kept = await poster.client.post('/api/requests', requestBody({ date: inDays(9), notes: 'kept é ✈' }));
    const socket = await connectSocket(two.url, reader.client.cookieHeader);
    const reads = vi.spyOn(BoardService.prototype, 'boardOf');
    try {
      // Each instance reads the board once, then holds it.
      await rawGet(one, reader);
      await rawGet(two, readerOnTwo);
      expect(reads).toHaveBeenCalledTimes(2);
      const fresh = async () =>
        Buffer.from(
          JSON.stringify(await new BoardService(one.server.deps.orm.em.fork()).boardOf(groupKeyOf(reader.user)!, todayUtc(), PAGE_SIZE)),
        );
      const bothAsFresh = async () => {
        const expected = await fresh();
        expect((await rawGet(one, reader)).body.equals(expected)).toBe(true);
        expect((await rawGet(two, readerOnTwo)).body.equals(expected)).toBe(true);
      };

      // Before the held one by date, after it, an edit that moves it, and a deletion.
      let event = nextEvent(socket, 'board:upsert');
      const earlier = await poster.client.post('/api/requests', requestBody({ date: inDays(3), route: 'R-early' }));
      await event;
      event = nextEvent(socket, 'board:upsert');
      const later = await reader.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(20) }));
      await event;
      const count = reads.mock.calls.length;
      await bothAsFresh();
      expect((await board(one, reader)).map((r) => r.id)).toEqual([earlier.body.id, kept.body.id, later.body.id]);

      event = nextEvent(socket, 'board:upsert');
      await poster.client.put(`/api/requests/${earlier.body.id}`, requestBody({ date: inDays(30), route: 'R-moved' }));
      await event;
      await bothAsFresh();
      expect((await board(two, readerOnTwo)).map((r) => r.id)).toEqual([kept.body.id, later.body.id, earlier.body.id]);

      const removed = nextEvent(socket, 'board:remove');
      await poster.client.delete(`/api/requests/${kept.body.id}`);
      await removed;
      await bothAsFresh();
      // Only the checks' own fresh reads: the instances read nothing.
      expect(reads.mock.calls.length - count).toBe(3);
    } finally {
      reads.mockRestore();
      socket.close();
    }
  });

  it('a board of more than a page: both instances serve the first page and its cursor as a fresh read does, through creates, edits and deletions, and the cursor leads on without a gap', async () => {
    const { reader, poster } = await group('BCQ');
    const readerOnTwo = { ...reader, client: two.client().setCookieHeader(reader.client.cookieHeader) };
    const groupKey = groupKeyOf(reader.user)!;
    const crew = await bulkUsers(one.databaseUrl, 26, { airline: 'Delta', base: 'BCQ', position: 'captain', aircraftType: '737' }, 'bcq');
    const seeded = await bulkRequests(
      one.databaseUrl,
      crew,
      10,
      { airline: 'Delta', base: 'BCQ', position: 'captain', aircraftType: '737' },
      { fromDay: 2 },
    );
    const truth = async () =>
      (
        await sql<{ id: number }>(one.databaseUrl, `select id from requests where group_key = $1 and status = 'active' order by date, id`, [
          groupKey,
        ])
      ).map((r) => r.id);
    /** The whole board by following the cursor from the first page, on one instance. */
    const walk = async (client: typeof reader.client) => {
      const all: number[] = [];
      let path = '/api/all-trades';
      for (;;) {
        const res = await client.get<TradeRequestItem[]>(path);
        expect(res.status).toBe(200);
        expect(res.body.length).toBeLessThanOrEqual(PAGE_SIZE);
        all.push(...res.body.map((r) => r.id));
        const next = res.headers.get(NEXT_CURSOR_HEADER);
        if (!next) return all;
        path = `/api/all-trades?cursor=${next}`;
      }
    };
    const bothAsTruth = async () => {
      const expected = await truth();
      const [a, b] = [await rawGet(one, reader), await rawGet(two, readerOnTwo)];
      expect(b.body.equals(a.body)).toBe(true);
      expect(b.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBe(a.headers[NEXT_CURSOR_HEADER.toLowerCase()]);
      expect((JSON.parse(a.body.toString()) as TradeRequestItem[]).map((r) => r.id)).toEqual(expected.slice(0, PAGE_SIZE));
      expect(await walk(reader.client)).toEqual(expected);
      expect(await walk(readerOnTwo.client)).toEqual(expected);
    };
    const socket = await connectSocket(two.url, reader.client.cookieHeader);
    const reads = vi.spyOn(BoardService.prototype, 'boardOf');
    try {
      await bothAsTruth();
      expect(reads).toHaveBeenCalledTimes(2);
      // A create dated before every request (in the page), one past the held window, an edit out of the page.
      let event = nextEvent(socket, 'board:upsert');
      await poster.client.post('/api/requests', requestBody({ date: inDays(1), route: 'BCQ-first' }));
      await event;
      event = nextEvent(socket, 'board:upsert');
      await poster.client.post('/api/requests', requestBody({ date: inDays(150), route: 'BCQ-last' }));
      await event;
      event = nextEvent(socket, 'board:upsert');
      await sql(one.databaseUrl, 'update requests set user_id = $1 where id = $2', [poster.user.id, seeded[0]]);
      await poster.client.put(`/api/requests/${seeded[0]}`, requestBody({ date: inDays(120), route: 'BCQ-moved' }));
      await event;
      await bothAsTruth();
      expect(reads).toHaveBeenCalledTimes(2);
      // Deletions in the page are filled from the spare without a read, until it runs dry.
      const page = (JSON.parse((await rawGet(one, reader)).body.toString()) as TradeRequestItem[]).map((r) => r.id);
      const doomed = page.slice(0, 60);
      await sql(one.databaseUrl, 'update requests set user_id = $1 where id = any($2::int[])', [poster.user.id, doomed]);
      for (const id of doomed.slice(0, 10)) {
        const removed = nextEvent(socket, 'board:remove');
        expect((await poster.client.delete(`/api/requests/${id}`)).status).toBe(200);
        await removed;
      }
      await bothAsTruth();
      expect(reads).toHaveBeenCalledTimes(2);
      for (const id of doomed.slice(10)) {
        const removed = nextEvent(socket, 'board:remove');
        expect((await poster.client.delete(`/api/requests/${id}`)).status).toBe(200);
        await removed;
      }
      await bothAsTruth();
      // The spare ran dry: each instance read its page again, once.
      expect(reads).toHaveBeenCalledTimes(4);
    } finally {
      reads.mockRestore();
      socket.close();
    }
  });

  it('shows a profile change (name, or a move to another group) on the next GET, on either instance', async () => {
    const { reader, poster } = await group('BCF');
    const readerOnTwo = { ...reader, client: two.client().setCookieHeader(reader.client.cookieHeader) };
    const created = await poster.client.post('/api/requests', requestBody());
    expect((await board(one, reader))[0]!.user.lastName).toBe('Crew');
    expect((await board(two, readerOnTwo))[0]!.user.lastName).toBe('Crew');

    const profile = {
      firstName: 'Paul',
      lastName: 'Renamed',
      airline: poster.user.airline,
      position: poster.user.position,
      employeeNumber: poster.user.employeeNumber,
      base: 'BCF',
      aircraftType: poster.user.aircraftType,
    };
    expect((await poster.client.put('/api/profile', profile)).status).toBe(200);
    expect((await board(one, reader))[0]!.user.lastName).toBe('Renamed');
    // No board event for a profile change: the other instance hears the invalidation alone (well inside the age limit).
    expect(await waitFor(async () => (await board(two, readerOnTwo))[0]?.user.lastName === 'Renamed', 2_000)).toBe(true);

    // A new base moves the poster's requests to another board.
    const newColleague = await makeUser(one, { base: 'BCG' });
    expect(await ids(one, newColleague)).toEqual([]);
    expect((await poster.client.put('/api/profile', { ...profile, base: 'BCG' })).status).toBe(200);
    expect(await ids(one, reader)).toEqual([]);
    expect(await ids(one, newColleague)).toEqual([created.body.id]);
  });

  it('drops a request whose last date has passed from the board the next (UTC) day', async () => {
    // A base the airport table does not know: its board goes by the UTC day (decisions/0024).
    const { reader, poster } = await group('BCH1');
    const endsToday = await poster.client.post('/api/requests', requestBody({ date: inDays(0) }));
    const later = await poster.client.post('/api/requests', requestBody({ date: inDays(1) }));
    // The board's clock (and only it) moves: the server's sessions and validation stay on today.
    const deps = one.server.deps;
    const real = deps.boardCache;
    const clock = { now: new Date() };
    deps.boardCache = createBoardCache(undefined, { now: () => clock.now });
    try {
      expect(await ids(one, reader)).toEqual([endsToday.body.id, later.body.id]);
      clock.now = new Date(Date.now() + 86_400_000);
      expect(await ids(one, reader)).toEqual([later.body.id]);
    } finally {
      deps.boardCache = real;
    }
  });

  it('leaves other groups’ boards as they were', async () => {
    const { poster } = await group('BCI');
    const elsewhere = await makeUser(one, { base: 'BCJ' });
    const theirs = await elsewhere.client.post('/api/requests', requestBody());
    const before = await rawGet(one, elsewhere);
    await poster.client.post('/api/requests', requestBody());
    await poster.client.put('/api/profile', {
      firstName: 'Paul',
      lastName: 'Other',
      airline: poster.user.airline,
      position: poster.user.position,
      employeeNumber: poster.user.employeeNumber,
      base: 'BCI',
      aircraftType: poster.user.aircraftType,
    });
    const after = await rawGet(one, elsewhere, { 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(304);
    expect(await ids(one, elsewhere)).toEqual([theirs.body.id]);
  });
  it('serves a later page from memory (no read) on each instance, and a create, an edit and a deletion in the group change it on both', async () => {
    const { reader, poster } = await group('BCK');
    const readerOnTwo = { ...reader, client: two.client().setCookieHeader(reader.client.cookieHeader) };
    const groupKey = groupKeyOf(reader.user)!;
    const crew = await bulkUsers(one.databaseUrl, 26, { airline: 'Delta', base: 'BCK', position: 'captain', aircraftType: '737' }, 'bck');
    await bulkRequests(
      one.databaseUrl,
      crew,
      10,
      { airline: 'Delta', base: 'BCK', position: 'captain', aircraftType: '737' },
      { fromDay: 2 },
    );
    const next = (await one.client().setCookieHeader(reader.client.cookieHeader).get('/api/all-trades')).headers.get(NEXT_CURSOR_HEADER)!;
    expect(next).toBeTruthy();
    const path = `/api/all-trades?cursor=${next}`;
    const fresh = async () => {
      const page = await new BoardService(one.server.deps.orm.em.fork()).boardPage(groupKey, todayUtc(), {}, decodeDayCursor(next));
      return page.items.map((r) => r.id);
    };
    const secondPage = async (client: typeof reader.client) => {
      const res = await client.get<TradeRequestItem[]>(path);
      expect(res.status).toBe(200);
      return res.body;
    };
    const bothAsFresh = async () => {
      const expected = await fresh();
      expect((await secondPage(reader.client)).map((r) => r.id)).toEqual(expected);
      expect((await secondPage(readerOnTwo.client)).map((r) => r.id)).toEqual(expected);
    };
    const socket = await connectSocket(two.url, reader.client.cookieHeader);
    const reads = vi.spyOn(BoardService.prototype, 'boardPage');
    try {
      // Each instance reads the page once, then holds it.
      const first = await secondPage(reader.client);
      expect(first.length).toBeGreaterThan(0);
      await secondPage(readerOnTwo.client);
      expect(reads).toHaveBeenCalledTimes(2);
      expect(await secondPage(reader.client)).toEqual(first);
      expect(await secondPage(readerOnTwo.client)).toEqual(first);
      expect(reads).toHaveBeenCalledTimes(2);

      // A create dated past every request lands on the later page: both instances show it.
      let event = nextEvent(socket, 'board:upsert');
      const created = await poster.client.post('/api/requests', requestBody({ date: inDays(150), route: 'BCK-last' }));
      await event;
      await bothAsFresh();
      expect((await secondPage(readerOnTwo.client)).map((r) => r.id)).toContain(created.body.id);

      event = nextEvent(socket, 'board:upsert');
      await poster.client.put(`/api/requests/${created.body.id}`, requestBody({ date: inDays(150), route: 'BCK-edited' }));
      await event;
      await bothAsFresh();
      expect((await secondPage(reader.client)).find((r) => r.id === created.body.id)?.route).toBe('BCK-edited');
      expect((await secondPage(readerOnTwo.client)).find((r) => r.id === created.body.id)?.route).toBe('BCK-edited');

      const removed = nextEvent(socket, 'board:remove');
      await poster.client.delete(`/api/requests/${created.body.id}`);
      await removed;
      await bothAsFresh();
      expect((await secondPage(readerOnTwo.client)).map((r) => r.id)).not.toContain(created.body.id);
      expect((await secondPage(reader.client)).map((r) => r.id)).not.toContain(created.body.id);
    } finally {
      reads.mockRestore();
      socket.close();
    }
  });
});
