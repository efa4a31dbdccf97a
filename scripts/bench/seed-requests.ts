import type pg from 'pg';

/** The group of bench user 1 (see seed-users.ts: i = 1 → base JFK, Delta, captain, 737). */
export const CALLER_GROUP = 'Delta|JFK|captain|737';

/**
 * Bulk requests in SQL: `active` future requests in the caller's group (the tradeboard's 200),
 * posted in turn by `activeCrew` of its members (20 unless said), plus `others` spread over the
 * other groups and a year of dates, a third of them in the past. With `activeTrades`, the caller's
 * group's `active` requests are all trades instead (activeTradesSql below); nothing else changes.
 */
export async function seedRequests(
  db: pg.Client,
  opts: { active: number; others: number; users: number; activeCrew?: number; activeTrades?: boolean },
): Promise<void> {
  const insert = (where: string) => `
    insert into requests (user_id, type, date, additional_dates, desired_dates, route_type, route, trip_days,
                          aircraft_type, status, group_key, all_dates, last_date)
    select u.id, t.type, d.day::date, '{}', case when t.type = 'trade' then array[to_char(d.day + 2, 'YYYY-MM-DD')] else '{}' end,
           'pairing', 'P' || g.i, 1 + g.i % 4, u.aircraft_type, case when g.i % 10 = 0 then 'completed' else 'active' end,
           u.airline || '|' || u.base || '|' || u.position || '|' || u.aircraft_type,
           array[to_char(d.day, 'YYYY-MM-DD')], d.day::date
    from ${where}`;
  // The caller's group: users in it, future dates, all active.
  if (opts.active > 0 && opts.activeTrades) await db.query(activeTradesSql, [opts.active, CALLER_GROUP, opts.activeCrew ?? 20]);
  else if (opts.active > 0)
    await db.query(
      insert(`generate_series(1, $1::int) as g(i)
      cross join lateral (select * from users where airline || '|' || base || '|' || position || '|' || aircraft_type = $2
                          and id > 1 order by id offset (g.i % $3::int) limit 1) u
      cross join lateral (select (array['drop','pickup','trade'])[1 + g.i % 3] as type) t
      cross join lateral (select current_date + (1 + g.i % 60) as day) d`),
      [opts.active, CALLER_GROUP, opts.activeCrew ?? 20],
    );
  await db.query("update requests set status = 'active' where group_key = $1", [CALLER_GROUP]);
  // Everyone else, in batches so memory stays flat at a million rows.
  const batch = 100_000;
  for (let done = 0; done < opts.others; done += batch) {
    const n = Math.min(batch, opts.others - done);
    await db.query(
      insert(`generate_series($1::int, $2::int) as g(i)
        cross join lateral (select * from users where id = 2 + (g.i::bigint * 7919) % ($3::int - 1)) u
        cross join lateral (select (array['drop','pickup','trade'])[1 + g.i % 3] as type) t
        cross join lateral (select current_date + (g.i % 365) - 120 as day) d
        where u.airline || '|' || u.base || '|' || u.position || '|' || u.aircraft_type <> $4`),
      [done + 1, done + n, opts.users, CALLER_GROUP],
    );
  }
  await db.query('analyze requests');
}

/** Days either side of its date that a seeded trade may ask for (scenario-chains.ts draws its creates the same way). */
export const TRADE_DESIRED_WINDOW = 14;

/**
 * Active trades of the caller's group, as crew post them: posted in turn by `$3` members (id > 1),
 * pairing, dates spread over the next 60 days (one in four with the next day as an additional
 * date), and 1 to 3 desired dates up to TRADE_DESIRED_WINDOW days either side of the date (future
 * ones, never the request's own dates; a week later if none is left). Hash-spread, so every crew
 * member's handful falls on different days, and the same on every run.
 */
const activeTradesSql = `
  insert into requests (user_id, type, date, additional_dates, desired_dates, route_type, route, trip_days,
                        aircraft_type, status, group_key, all_dates, last_date)
  select u.id, 'trade', d.day, x.additional, w.desired, 'pairing', 'T' || g.i, 1 + g.i % 4, u.aircraft_type, 'active', $2,
         array[to_char(d.day, 'YYYY-MM-DD')] || x.additional, d.day + cardinality(x.additional)
  from generate_series(1, $1::int) as g(i)
  cross join lateral (select * from users where airline || '|' || base || '|' || position || '|' || aircraft_type = $2
                      and id > 1 order by id offset (g.i % $3::int) limit 1) u
  cross join lateral (select current_date + 1 + (abs(hashint4(g.i)::bigint) % 60)::int as day) d
  cross join lateral (select case when g.i % 4 = 0 then array[to_char(d.day + 1, 'YYYY-MM-DD')] else '{}'::text[] end as additional) x
  cross join lateral (
    select coalesce(array_agg(distinct to_char(z.want, 'YYYY-MM-DD')), array[to_char(d.day + 7, 'YYYY-MM-DD')]) as desired
    from (select d.day + (case when h.v % 2 = 0 then 1 else -1 end) * (1 + (h.v / 2) % ${TRADE_DESIRED_WINDOW})::int as want
          from (select abs(hashint4(g.i * 3 + k)::bigint) as v from generate_series(0, g.i % 3) as k) h) z
    where z.want > current_date and z.want <> d.day and z.want <> d.day + cardinality(x.additional)) w`;
