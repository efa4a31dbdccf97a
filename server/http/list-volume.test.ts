// docs/decisions/0020's proof (docs/decisions/0020): accounts that hold thousands of everything
// (one with 5,000 requests of 2 kB notes and 60 dates, a group whose crew each hold 50 active
// requests like it, thousands of offers, matches, notifications, messages, chat posts, schedule
// images, support requests and admin actions), then 20 parallel reads of every list at once. Every
// answer is a 200 of at most 200 items, and the instance, run as production runs it in a process of
// its own with a heap smaller than `npm start` gives it, never dies and stays far below its limit.
// Before the lists were bounded, 20 parallel reads of the 5,000 requests ended the process
// ("Reached heap limit").
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_PAGE } from '#protocol/limits.ts';
import { PAGE_SIZE } from '#protocol/paging.ts';
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
  type BulkGroup,
} from '../test/bulk.ts';
import { makeUser, type SignedInUser } from '../test/factories.ts';
import { TestClient } from '../test/http-client.ts';
import { startMain, type Instance } from '../test/main-process.ts';
import { sql } from '../test/outbox.ts';
import type { TestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

/** The old-space limit of this run: well below the 160 MB `npm start` gives an instance. */
const HEAP_LIMIT_MB = 128;
const PARALLEL = 20;

let db: TestDatabase;
let uploadDir: string;
let instance: Instance | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-volume-'));
});
afterAll(async () => {
  if (instance && instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
  await db?.drop();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

/**
 * From --trace-gc's lines ("Mark-Compact 41.2 (55.0) -> 30.1 (56.0) MB"): the largest heap seen
 * before a collection (V8 lets a heap grow toward its limit before it collects), and the largest
 * that a full collection left in use (what the process really held), in MB.
 */
function heapOf(output: string): { seen: number; live: number } {
  let seen = 0;
  let live = 0;
  for (const m of output.matchAll(/(Scavenge|Mark-Compact)[^\n]*?\s([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/g)) {
    seen = Math.max(seen, Number(m[2]));
    if (m[1] === 'Mark-Compact') live = Math.max(live, Number(m[4]));
  }
  return { seen, live };
}

/** The process's peak resident memory so far, in MB (Linux /proc). */
function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

describe('every list bounded under volume', () => {
  it('20 parallel reads of every list of accounts full to their caps: 200s of at most 200 items, and the instance lives well within its heap', { timeout: 300_000 }, async () => {
    instance = await startMain(
      {
        DATABASE_URL: db.url,
        UPLOAD_DIR: uploadDir,
        RATE_LIMIT_OVERRIDES: 'register=100000,forgotPassword=100000,login=100000,loginAddress=100000,loginAccount=100000',
      },
      // --trace-gc: each collection's heap before and after, on the process's output.
      [`--max-old-space-size=${HEAP_LIMIT_MB}`, '--trace-gc'],
    );
    const app = { client: () => new TestClient(instance!.url) } as unknown as TestApp;
    const group: BulkGroup = { airline: 'Delta', base: 'VOL', position: 'captain', aircraftType: '737' };
    const whale = await makeUser(app, { base: group.base, firstName: 'Wally', lastName: 'Whale' });
    const peer = await makeUser(app, { base: group.base, firstName: 'Pete', lastName: 'Peer' });
    const admin: SignedInUser = await makeUser(app, { base: 'VOA', firstName: 'Ada', lastName: 'Admin' });
    await sql(db.url, 'update users set is_admin = true where id = $1', [admin.user.id]);

    const heavy = { notesLength: 2000, dates: 60 };
    // One account with 5,000 requests: 50 active (the cap), the rest finished.
    const whaleActive = await bulkRequests(db.url, [whale.user.id], 50, group, { ...heavy, fromDay: 1 });
    const whaleDone = await bulkRequests(db.url, [whale.user.id], 4950, group, { ...heavy, status: 'completed', fromDay: -300 });
    // 40 crew of the group at their cap of 50 active requests each: a board of 2,000 heavy requests.
    const crew = await bulkUsers(db.url, 40, group, 'vol');
    const crewRequests = await bulkRequests(db.url, crew, 50, group, { ...heavy, fromDay: 2 });
    // Thousands of offers every way, their bell entries and matches.
    const received = await bulkOffers(db.url, peer.user.id, whale.user.id, [...whaleActive, ...whaleDone].slice(0, 3000));
    await bulkOffers(db.url, whale.user.id, crew[0]!, crewRequests.slice(0, 1500));
    await bulkOffers(db.url, whale.user.id, crew[1]!, crewRequests.slice(0, 1500), 'accepted');
    await bulkOfferNotifications(db.url, whale.user.id, received);
    await bulkMatches(db.url, whaleDone.slice(0, 2000), crewRequests.slice(0, 2000));
    // Messages: 1,000 conversations and one thread of 5,000; 5,000 chat posts in the room.
    const partners = await bulkUsers(db.url, 1000, group, 'vol-dm');
    await bulkMessages(db.url, whale.user.id, partners, 1, 500);
    await bulkMessages(db.url, peer.user.id, [whale.user.id], 5000, 500);
    await bulkChat(db.url, peer.user.id, { ...group, chatType: 'reserve' }, 5000, 500);
    await bulkScheduleImages(db.url, whale.user.id, 3000);
    await bulkSupportRequests(db.url, whale.user.id, 3000);
    await bulkAdminLogs(db.url, admin.user.id, 3000);
    await sql(db.url, 'analyze');

    const whaleLists = [
      '/api/requests',
      '/api/all-trades',
      '/api/all-trades?type=drop',
      `/api/all-trades?search=P`,
      '/api/trade-requests',
      '/api/sent-trade-requests',
      '/api/user-trades',
      '/api/trade-request-notifications',
      '/api/matches',
      '/api/notifications',
      '/api/schedule-images',
      '/api/support-requests',
      '/api/messages/recent',
      `/api/messages/${peer.user.id}`,
      '/api/base-chat/reserve',
      `/api/profile/${whale.user.id}`,
    ];
    const adminLists = ['/api/admin/users', '/api/admin/support-requests', '/api/admin/logs', '/api/admin/user-activity'];
    const itemsOf = (body: unknown): number => {
      if (Array.isArray(body)) return body.length;
      const b = body as { messages?: unknown[]; scheduleImages?: unknown[]; logs?: unknown[] };
      return (b.messages ?? b.scheduleImages ?? b.logs ?? []).length;
    };
    const before = peakRssMb(instance.child.pid!);
    const atRest = heapOf(instance.output());
    // Each list by 20 readers at once, one list after another (the pool serves 10 statements at a time).
    const answers: { path: string; res: Awaited<ReturnType<TestClient['get']>> }[] = [];
    const lists = [...whaleLists.map((p) => ({ who: whale, path: p })), ...adminLists.map((p) => ({ who: admin, path: p }))];
    for (const { who, path: p } of lists) {
      const started = performance.now();
      const round = await Promise.all(Array.from({ length: PARALLEL }, () => who.client.get(p).then((res) => ({ path: p, res }))));
      // Reported, never asserted: the machine is shared.
      console.log(`${p}: ${PARALLEL} parallel reads in ${(performance.now() - started).toFixed(0)} ms`);
      answers.push(...round);
    }
    for (const { path: p, res } of answers) {
      expect(res.status, `${p}: ${res.text.slice(0, 200)}`).toBe(200);
      const n = itemsOf(res.body);
      expect(n, p).toBeLessThanOrEqual(p.startsWith('/api/messages/') && !p.endsWith('recent') ? MESSAGE_PAGE : PAGE_SIZE);
    }
    // Full pages where the data is there to fill them.
    const firstOf = (p: string) => answers.find((a) => a.path === p)!.res.body as unknown[];
    expect(firstOf('/api/requests')).toHaveLength(PAGE_SIZE);
    expect(firstOf('/api/all-trades')).toHaveLength(PAGE_SIZE);
    expect(firstOf('/api/messages/recent')).toHaveLength(PAGE_SIZE);

    // Then 20 readers each reading every list in turn: 20 reads at once, of every list.
    const readers = await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        const statuses: number[] = [];
        for (const { who, path: p } of lists) statuses.push((await who.client.get(p)).status);
        return statuses;
      }),
    );
    expect(readers.flat().every((s) => s === 200)).toBe(true);
    expect(instance.child.exitCode).toBeNull();
    expect(instance.child.signalCode).toBeNull();
    const peak = peakRssMb(instance.child.pid!);
    const heap = heapOf(instance.output());
    console.log(
      `bounded lists under volume: ${lists.length} lists, ${PARALLEL} readers; before the reads ${atRest.live.toFixed(0)} MB in use; ` +
        `heap before a collection at most ` +
        `${heap.seen.toFixed(0)} MB, in use after a full one at most ${heap.live.toFixed(0)} MB, of ${HEAP_LIMIT_MB} MB; ` +
        `peak RSS ${before.toFixed(0)} MB before the reads, ${peak.toFixed(0)} MB after`,
    );
    expect(instance.output()).not.toMatch(/heap limit|out of memory/i);
    expect(heap.live).toBeGreaterThan(0);
    // Far from the limit: what the process held (some 40 MB of it the code itself) stayed under four fifths of it.
    expect(heap.live).toBeLessThan(0.8 * HEAP_LIMIT_MB);
  });
});
