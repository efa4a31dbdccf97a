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
  const cookies: string[] = [];
  for (let id = 1; id <= sessions; id++) {
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
