import type pg from 'pg';

/**
 * Direct messages in bulk, in the shape crew write them: each user talks with a few colleagues of
 * their own group (seedUsers spreads 10k users over 384 groups, so user i and i + 384k share one),
 * each pair a few messages back and forth. With offsets 1..PARTNERS forward, every user has about
 * 2 x PARTNERS conversations (a handful to a dozen-odd), never thousands; user 1 is an ordinary
 * busy one. Most older messages are read, the newest of some conversations not. Users first.
 */
export async function seedMessages(db: pg.Client, opts: { users: number; total: number; partners: number }): Promise<void> {
  const GROUP_PERIOD = 384;
  await db.query(
    `insert into messages (from_user_id, to_user_id, content, is_read, created_at)
     select case when m % 2 = 0 then u else p end, case when m % 2 = 0 then p else u end,
            'About the trip on day ' || m || ', can you swap?', (m > 1 or (u + j) % 4 <> 0),
            now() - make_interval(mins => (u * 7 + j * 131 + m * 17) % 40000)
     from generate_series(1, $1::int) as u
     cross join generate_series(1, $2::int) as j
     cross join lateral (select u + j * ${GROUP_PERIOD} as p) pp
     cross join lateral generate_series(0, 1 + (u + j) % 3) as m
     where p <= $1
     limit $3`,
    [opts.users, opts.partners, opts.total],
  );
  await db.query('analyze messages');
}
