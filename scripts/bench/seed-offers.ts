import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { CALLER_GROUP } from './seed-requests.ts';

/**
 * Offers in bulk, in the shape crew make them: each from a colleague of the request's owner (same
 * group), on the owner's request.
 *
 * - `pending` offers on as many distinct current requests (spread over every group), the ones the
 *   accept path answers: one each, so every accept completes a request of its own;
 * - `finished` accepted and declined offers on completed requests;
 * - the caller (user 1, in the busy group) holds `callerRequests` requests of their own, each with
 *   one pending offer, and `callerFinished` answered ones: what GET /api/trade-requests returns.
 *
 * Each offer has its bell row (trade_request; trade_response when answered), as the app writes.
 * Requests and users must be seeded first (seed-users.ts, seed-requests.ts).
 */
export async function seedOffers(
  db: pg.Client,
  opts: { pending: number; finished: number; callerRequests: number; callerFinished: number },
): Promise<void> {
  // Each user's place in their group, so a colleague can be picked by arithmetic instead of a scan.
  await db.query(`
    create temp table bench_crew as
    select id, airline || '|' || base || '|' || position || '|' || aircraft_type as g,
           row_number() over (partition by airline, base, position, aircraft_type order by id)::int as k,
           count(*) over (partition by airline, base, position, aircraft_type)::int as n
    from users`);
  await db.query('create index on bench_crew (g, k)');
  await db.query('create unique index on bench_crew (id)');

  // The caller's own requests: a handful, ahead, in the busy group.
  await db.query(
    `insert into requests (user_id, type, date, route_type, route, trip_days, aircraft_type, group_key, all_dates, last_date)
     select 1, (array['drop','pickup'])[1 + i % 2], current_date + 3 + i, 'pairing', 'C' || i, 2, '737', $2,
            array[to_char(current_date + 3 + i, 'YYYY-MM-DD')], current_date + 3 + i
     from generate_series(1, $1::int) as i`,
    [opts.callerRequests, CALLER_GROUP],
  );

  // An offer on request r from the colleague `step` places after its owner in the group (never the owner).
  const insertOffers = (targets: string, status: string) => `
    insert into trade_requests (from_user_id, to_user_id, request_id, status, message, trade_date, offer_route, request_type,
                                created_at, responded_at)
    select s.id, r.user_id, r.id, ${status}, 'Happy to take this one', r.date, 'OP' || r.id, (array['pickup','drop'])[1 + r.i % 2],
           now() - make_interval(mins => r.i), case when ${status} = 'pending' then null else now() - make_interval(mins => r.i / 2) end
    from (${targets}) r
    join bench_crew o on o.id = r.user_id
    join bench_crew s on s.g = o.g and s.k = 1 + (o.k + r.i % greatest(o.n - 1, 1)) % o.n
    where o.n > 1`;
  const numbered = (where: string, limit: string) =>
    `select r.id, r.user_id, r.date, row_number() over (order by r.id)::int as i from requests r where ${where} order by r.id limit ${limit}`;

  await db.query(insertOffers(numbered(`r.status = 'active' and r.last_date >= current_date and r.user_id <> 1`, '$1'), `'pending'`), [
    opts.pending,
  ]);
  await db.query(insertOffers(numbered(`r.status = 'completed'`, '$1'), `(case when r.i % 2 = 0 then 'accepted' else 'declined' end)`), [
    opts.finished,
  ]);
  await db.query(insertOffers(numbered(`r.user_id = 1`, 'all'), `'pending'`));
  // The caller's answered ones: offers they received on requests since completed elsewhere in the group.
  await db.query(
    `insert into trade_requests (from_user_id, to_user_id, request_id, status, message, request_type, created_at, responded_at)
     select c.id, 1, null, (case when i % 2 = 0 then 'accepted' else 'declined' end), 'From the profile page', 'pickup',
            now() - make_interval(days => i), now() - make_interval(days => i) + interval '1 hour'
     from generate_series(1, $1::int) as i
     join bench_crew me on me.id = 1
     join bench_crew c on c.g = me.g and c.k = 1 + (me.k + i) % me.n`,
    [opts.callerFinished],
  );

  await db.query(`insert into trade_request_notifications (user_id, trade_request_id, type, is_read)
                  select to_user_id, id, 'trade_request', status <> 'pending' from trade_requests`);
  await db.query(`insert into trade_request_notifications (user_id, trade_request_id, type, is_read)
                  select from_user_id, id, 'trade_response', true from trade_requests where status <> 'pending'`);
  await db.query('drop table bench_crew');
  await db.query('analyze trade_requests; analyze trade_request_notifications; analyze requests');
}

/**
 * The pending offers the accept path answers (not the caller's), with their recipients, in a fixed
 * shuffled order: answers arrive from crew of every group as they would, each group in proportion
 * to its offers (the busy group's share included). In request order the busy group's 200 requests
 * came first, 200 accepts a second in one group, each queueing on its matching lock: no group does that.
 */
export async function acceptableOffers(db: pg.Client): Promise<{ id: number; toUserId: number }[]> {
  const rows = await db.query<{ id: number; to_user_id: number }>(
    `select id, to_user_id from trade_requests where status = 'pending' and to_user_id <> 1 order by md5(id::text)`,
  );
  return rows.rows.map((r) => ({ id: r.id, toUserId: r.to_user_id }));
}

/** One session per user given, in one statement (thousands of recipients); their cookies by user id. */
export async function bulkSessions(db: pg.Client, userIds: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(userIds)];
  const tokens = unique.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    `insert into sessions (sid, sess, expire, user_id)
     select x.sid, json_build_object('userId', x.user_id), now() + interval '30 days', x.user_id
     from unnest($1::text[], $2::int[]) as x(sid, user_id)`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), unique],
  );
  return new Map(unique.map((id, i) => [id, `crewtrade.sid=${tokens[i]}`]));
}
