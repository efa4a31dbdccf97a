import type pg from 'pg';

/** The group of bench user 1 (see seed-users.ts: i = 1 → base JFK, Delta, captain, 737). */
export const CALLER_GROUP = 'Delta|JFK|captain|737';

/**
 * Bulk requests in SQL: `active` future requests in the caller's group (the tradeboard's 200),
 * posted in turn by `activeCrew` of its members (20 unless said), plus `others` spread over the
 * other groups and a year of dates, a third of them in the past.
 */
export async function seedRequests(
  db: pg.Client,
  opts: { active: number; others: number; users: number; activeCrew?: number },
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
  if (opts.active > 0)
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
