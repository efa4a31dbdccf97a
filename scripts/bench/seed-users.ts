import argon2 from 'argon2';
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

export const BENCH_PASSWORD = 'BenchPass1';

/**
 * Bulk users in one statement (generate_series): group i % groups, so the tradeboard and matching
 * see realistic group sizes. Returns session cookies for the first `sessions` users.
 */
export async function seedUsers(db: pg.Client, count: number, sessions: number): Promise<string[]> {
  const hash = await argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id });
  await db.query(
    `insert into users (email, password, first_name, last_name, employee_number, base, airline, position, aircraft_type)
     select 'crew' || i || '@bench.example', $1, 'Crew', 'Member' || i, 'B' || i,
            (array['ATL','JFK','LAX','ORD','DFW','SEA','BOS','MSP'])[1 + i % 8],
            (array['Delta','American','United','Spirit','Southwest','JetBlue','Alaska','Frontier'])[1 + (i / 8) % 8],
            (array['captain','first_officer','flight_attendant'])[1 + (i / 64) % 3],
            (array['737','A320'])[1 + (i / 192) % 2]
     from generate_series(1, $2::int) as i`,
    [hash, count],
  );
  return createSessions(
    db,
    Array.from({ length: sessions }, (_, i) => i + 1),
  );
}

/** One signed-in session per entry (a user may appear more than once: several devices). Returns their cookies. */
export async function createSessions(db: pg.Client, userIds: readonly number[]): Promise<string[]> {
  const cookies: string[] = [];
  for (const id of userIds) {
    const token = randomBytes(32).toString('base64url');
    const sid = createHash('sha256').update(token).digest('hex');
    await db.query(`insert into sessions (sid, sess, expire, user_id) values ($1, $2, now() + interval '30 days', $3)`, [
      sid,
      { userId: id },
      id,
    ]);
    cookies.push(`crewtrade.sid=${token}`);
  }
  return cookies;
}

/**
 * More crew in one group (seedUsers gives each group about 26): a busy group of 40 or more, as
 * docs/ARCHITECTURE.md section 10 asks. Returns the ids of everyone in the group, oldest first.
 */
export async function seedGroupCrew(db: pg.Client, groupKey: string, extra: number): Promise<number[]> {
  const [airline, base, position, aircraftType] = groupKey.split('|');
  await db.query(
    `insert into users (email, password, first_name, last_name, employee_number, base, airline, position, aircraft_type)
     select 'busy' || i || '@bench.example', (select password from users where id = 1), 'Busy', 'Crew' || i, 'G' || i, $2, $3, $4, $5
     from generate_series(1, $1::int) as i`,
    [extra, base, airline, position, aircraftType],
  );
  const rows = await db.query<{ id: number }>(
    `select id from users where airline = $1 and base = $2 and position = $3 and aircraft_type = $4 order by id`,
    [airline, base, position, aircraftType],
  );
  return rows.rows.map((r) => r.id);
}
