import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { BenchContext } from './run.ts';
import type { Scenario } from './scenarios.ts';
import { bulkSessions } from './seed-offers.ts';
import { seedMessages } from './seed-messages.ts';
import { createSessions, seedUsers } from './seed-users.ts';
import { percentile, tenths as ms } from './stats.ts';

const USERS = 10_000;
const MESSAGES = 100_000;
const PARTNERS = 4;
const RATE = 200;
/** An ordinary busy user: mid-range ids talk with colleagues both ways (user 1 only forward). */
const CALLER = 5000;
const DM_RATE = 50;
/** 50/s over 100 senders: 30 a minute each, well under the per-user send limit of 60 a minute. */
const PAIRS = 100;
/** seedUsers' group period: user i and i + 384 are crew of one group. */
const GROUP_PERIOD = 384;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

const now = () => performance.timeOrigin + performance.now();

/** The plan of the Messages screen's read for the caller, as PostgreSQL runs it. */
async function explainRecent(ctx: BenchContext): Promise<void> {
  const plan = await ctx.db.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off, timing off, summary on)
     with sides as (select to_user_id as other, id from messages where from_user_id = $1
                    union all select from_user_id as other, id from messages where to_user_id = $1),
          conv as (select s.other, max(s.id) as last_id, max(coalesce(c.cleared_through_id, 0)) as cleared
                   from sides s left join conversation_cleared c on c.other_user_id = s.other and c.user_id = $1
                   where s.id > coalesce(c.cleared_through_id, 0) group by s.other)
     select conv.other, conv.last_id,
            (select count(*) from messages u where u.to_user_id = $1 and u.from_user_id = conv.other and u.id > conv.cleared and u.is_read = false)
     from conv order by conv.last_id desc`,
    [CALLER],
  );
  const lines = plan.rows.map((r) => r['QUERY PLAN']);
  const scans = [...new Set(lines.filter((l) => /Scan/.test(l)).map((l) => l.trim().replace(/^->\s*/, '')))];
  ctx.note(`GET /api/messages/recent plan (user ${CALLER}): ${scans.join('; ')}; ${lines.at(-1)?.trim()}.`);
}

function openSocket(url: string, cookie: string, delays: number[]): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  socket.on('message:new', (m: { content: string }) => {
    const at = now();
    const match = /^bench:(\d+(?:\.\d+)?)$/.exec(m.content);
    if (match) delays.push(at - Number(match[1]));
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * GET /api/messages/recent and direct-message delivery with 100,000 messages stored (docs/ARCHITECTURE.md
 * section 10): the list at 200/s offered for an ordinary busy user; then 100 sender/recipient pairs
 * of one group each, the recipients' sockets connected, senders POST /api/messages at 50/s in total
 * (open loop), each recipient socket timing send to message:new.
 */
export const messagesScenario: Scenario = {
  name: 'messages',
  description: `GET /api/messages/recent with ${MESSAGES.toLocaleString('en-US')} messages at ${RATE}/s; direct message send-to-receive at ${DM_RATE}/s over ${PAIRS} pairs`,
  async run(ctx) {
    await seedUsers(ctx.db, USERS, 0);
    await seedMessages(ctx.db, { users: USERS, total: MESSAGES, partners: PARTNERS });
    const stats = await ctx.db.query<{ n: number; convs: number; max_convs: number }>(
      `with c as (select from_user_id as u, to_user_id as o from messages union select to_user_id, from_user_id from messages),
            per as (select u, count(*) as k from c group by u)
       select (select count(*)::int from messages) as n, (select count(*)::int from c where u = $1) as convs, (select max(k)::int from per) as max_convs`,
      [CALLER],
    );
    const s = stats.rows[0]!;
    ctx.note(
      `Messages stored: ${s.n.toLocaleString('en-US')}; user ${CALLER} (the caller) has ${s.convs} conversations, the most any user has is ${s.max_convs}.`,
    );
    await explainRecent(ctx);
    const [reader] = await createSessions(ctx.db, [CALLER]);
    const list = await ctx.load('GET /api/messages/recent', { path: '/api/messages/recent', headers: { cookie: reader! }, rate: RATE });

    // Pairs of one group: senders 2001.., recipients 384 places on (crew of theirs, away from the caller).
    const senderIds = Array.from({ length: PAIRS }, (_, i) => 2001 + i);
    const recipientIds = senderIds.map((id) => id + GROUP_PERIOD);
    const cookies = await bulkSessions(ctx.db, [...senderIds, ...recipientIds]);
    const delays: number[] = [];
    const sockets: Socket[] = [];
    try {
      for (const id of recipientIds) sockets.push(await openSocket(ctx.appUrl, cookies.get(id)!, delays));
      const interval = 1000 / DM_RATE;
      const warm = Math.floor(WARMUP_SECONDS * DM_RATE);
      const total = warm + Math.floor(SECONDS * DM_RATE);
      let errors = 0;
      let timed = 0;
      const posts: Promise<void>[] = [];
      const start = now();
      for (let i = 0; i < total; i++) {
        // Open loop: each send at its own time, whether or not the last one answered.
        const wait = start + i * interval - now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const k = i % PAIRS;
        const at = String(now());
        if (i >= warm) timed++;
        posts.push(
          fetch(`${ctx.appUrl}/api/messages`, {
            method: 'POST',
            headers: { cookie: cookies.get(senderIds[k]!)!, 'content-type': 'application/json' },
            body: JSON.stringify({ toUserId: recipientIds[k], content: i >= warm ? `bench:${at}` : 'warm-up', clientKey: randomUUID() }),
          }).then(
            async (res) => {
              if (res.status !== 201 && i >= warm) errors++;
              await res.arrayBuffer();
            },
            () => void errors++,
          ),
        );
      }
      await Promise.all(posts);
      // The last messages' deliveries.
      await new Promise((r) => setTimeout(r, 2000));
      delays.sort((a, b) => a - b);
      ctx.record({
        label: 'direct message (send to receive)',
        offered: DM_RATE,
        p50: ms(percentile(delays, 50)),
        p99: ms(percentile(delays, 99)),
        max: ms(delays.at(-1) ?? NaN),
        rps: ms(timed / SECONDS),
        errors,
        non2xx: 0,
      });
      ctx.note(
        `Messages: GET /api/messages/recent p50 ${list.p50} ms, p99 ${list.p99} ms, max ${list.max} ms at ${RATE}/s offered (budget p99 <= 30 ms); ` +
          `direct messages: ${timed} sent by ${PAIRS} senders (${(DM_RATE * 60) / PAIRS}/minute each) at ${DM_RATE}/s, ${delays.length} of ${timed} delivered ` +
          `to the recipients' sockets, send to receive p50 ${ms(percentile(delays, 50))} ms, p99 ${ms(percentile(delays, 99))} ms ` +
          `(budget p99 <= 50 ms); post errors ${errors}.`,
      );
    } finally {
      for (const so of sockets) so.close();
    }
  },
};
