import type pg from 'pg';

/** How far back the history goes: two years of a running airline deployment, as docs/decisions/0044 measured. */
const DAYS = 730;
const BATCH = 100_000;

export interface HistorySize {
  requests: number;
  chains: number;
  support: number;
}

/**
 * Requests in time order over DAYS (ids grow with time, as in production), each posted 1 to 45 days
 * before its date, by users of every group (hash-spread); those whose date has passed, and one in
 * ten of the others, are completed. The rest are on their group's board now.
 */
async function seedRequestHistory(db: pg.Client, count: number, users: number): Promise<void> {
  for (let from = 1; from <= count; from += BATCH) {
    await db.query(
      `insert into requests (user_id, type, date, additional_dates, desired_dates, route_type, route, trip_days, aircraft_type,
                             status, group_key, all_dates, last_date, created_at, updated_at)
       select u.id, t.type, d.day, '{}', case when t.type = 'trade' then array[to_char(d.day + 2, 'YYYY-MM-DD')] else '{}' end,
              'pairing', 'H' || g.i, 1 + g.i % 4, u.aircraft_type,
              case when d.day < current_date or g.i % 10 = 0 then 'completed' else 'active' end,
              u.airline || '|' || u.base || '|' || u.position || '|' || u.aircraft_type,
              array[to_char(d.day, 'YYYY-MM-DD')], d.day, c.at, c.at
       from generate_series($1::int, $2::int) as g(i)
       cross join lateral (select * from users where id = 1 + (g.i::bigint * 7919) % $3::int) u
       cross join lateral (select (array['drop','pickup','trade'])[1 + g.i % 3] as type) t
       cross join lateral (select now() - ($4::int - g.i) * ($5::float / $4::int) * interval '1 day' as at) c
       cross join lateral (select (c.at + (1 + g.i % 45) * interval '1 day')::date as day) d`,
      [from, Math.min(count, from + BATCH - 1), users, count, DAYS],
    );
  }
}

/**
 * A match for one request in three, with the request posted next (matching runs at the create, so
 * the match is as old as the later one); one match in four is approved by an accepted offer, whose
 * trade comes 1 to 72 hours later. Then `chains` completed three-way chains over the same years,
 * three trades rows each, written together as the chain's completion writes them.
 */
async function seedTradeHistory(db: pg.Client, chains: number): Promise<void> {
  await db.query(
    `insert into matches (request_id, matched_request_id, status, created_at, updated_at)
     select a.id, b.id, case when a.id % 12 = 1 then 'approved' else 'pending' end, b.created_at, b.created_at
     from requests a join requests b on b.id = a.id + 1
     where a.id % 3 = 1`,
  );
  await db.query(
    `insert into trades (match_id, request_id, matched_request_id, approved_at)
     select id, request_id, matched_request_id, least(now(), created_at + (1 + id % 72) * interval '1 hour')
     from matches where status = 'approved'`,
  );
  await db.query(
    `with c as (
       insert into trade_chains (group_key, route_type, cycle_key, status, created_at, updated_at)
       select 'Delta|JFK|captain|737', 'pairing', 'bench-' || i, 'completed', t.at, t.at
       from generate_series(1, $1::int) as i
       cross join lateral (select now() - (i::float / $1::int) * $2::int * interval '1 day' as at) t
       returning id, created_at)
     insert into trades (chain_id, approved_at)
     select c.id, least(now(), c.created_at + interval '1 day') from c cross join generate_series(1, 3)`,
    [chains, DAYS],
  );
}

/**
 * Support requests over the same years from users in turn; nine in ten answered 1 to 72 hours
 * later by the admin (those whose answer would lie ahead are still open).
 */
async function seedSupportHistory(db: pg.Client, count: number, users: number): Promise<void> {
  await db.query(
    `insert into support_requests (user_id, category, subject, message, status, admin_response, admin_id, created_at, updated_at, resolved_at)
     select 1 + (i * 13) % $2::int, (array['general','account','trade','bug'])[1 + i % 4], 'Subject ' || i, 'Message',
            case when r.at is null then 'open' else 'resolved' end, case when r.at is null then null else 'Answered' end,
            case when r.at is null then null else 1 end, c.at, coalesce(r.at, c.at), r.at
     from generate_series(1, $1::int) as i
     cross join lateral (select now() - (i::float / $1::int) * $3::int * interval '1 day' as at) c
     cross join lateral (select case when i % 10 <> 0 and c.at + (1 + i % 72) * interval '1 hour' < now()
                                     then c.at + (1 + i % 72) * interval '1 hour' end as at) r`,
    [count, users, DAYS],
  );
}

/**
 * What Insights counts (docs/decisions/0044), as a deployment accumulates it: requests, matches,
 * trades (offers and three-way chains) and support requests over two years, in time order. Users
 * must be seeded first (seed-users.ts), user 1 being the admin who answers support. Vacuumed, as
 * autovacuum would have by then: the active requests' read is index-only only with a visibility map.
 */
export async function seedHistory(db: pg.Client, size: HistorySize, users: number): Promise<void> {
  await seedRequestHistory(db, size.requests, users);
  await seedTradeHistory(db, size.chains);
  await seedSupportHistory(db, size.support, users);
  for (const table of ['requests', 'matches', 'trades', 'trade_chains', 'support_requests']) await db.query(`vacuum analyze ${table}`);
}
