import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { userFields, type UserRecord } from '../user-kernel/users.queries.ts';

export async function insertSession(em: EntityManager, s: { sid: string; userId: number; expire: Date }): Promise<void> {
  await kysely(em)
    .insertInto('sessions')
    .values({ sid: s.sid, sess: { userId: s.userId, createdAt: new Date().toISOString() }, expire: s.expire, user_id: s.userId })
    .execute();
}

/** One indexed select (the primary key) joining a live session to its user: GET /api/auth/user's cost. */
export function findLiveSession(em: EntityManager, sid: string): Promise<(UserRecord & { expire: string }) | undefined> {
  return kysely(em)
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.expire', ...userFields])
    .where('sessions.sid', '=', sid)
    .where((eb) => eb('sessions.expire', '>', eb.fn<string>('now')))
    .executeTakeFirst();
}

/**
 * Moves expiry to `until`, but never past sign-in (`sess.createdAt`) + maxAgeMs; true while the
 * session is still live afterwards (an old one is over).
 */
export async function slideSession(em: EntityManager, sid: string, until: Date, maxAgeMs: number): Promise<boolean> {
  const row = await kysely(em)
    .updateTable('sessions')
    // An interval computed from a jsonb field of the row: the builder has no interval type.
    .set({
      expire: sql<string>`least(${until}::timestamptz, (sess->>'createdAt')::timestamptz + ${maxAgeMs} * interval '1 millisecond')`,
    })
    .where('sid', '=', sid)
    .returning((eb) => eb('expire', '>', eb.fn<string>('now')).as('live'))
    .executeTakeFirst();
  return row?.live === true;
}

export async function deleteSession(em: EntityManager, sid: string): Promise<void> {
  await kysely(em).deleteFrom('sessions').where('sid', '=', sid).execute();
}

/** Ends every session of a user; their sids, for socket disconnects. */
export async function deleteUserSessions(em: EntityManager, userId: number): Promise<string[]> {
  const rows = await kysely(em).deleteFrom('sessions').where('user_id', '=', userId).returning('sid').execute();
  return rows.map((r) => r.sid);
}

export async function deleteExpiredSessions(em: EntityManager): Promise<void> {
  await kysely(em)
    .deleteFrom('sessions')
    .where((eb) => eb('expire', '<', eb.fn<string>('now')))
    .execute();
}

/** Which of `sids` are live sessions: one query, the array bound as one value. */
export async function liveSessionIds(em: EntityManager, sids: readonly string[]): Promise<Set<string>> {
  const rows = await kysely(em)
    .selectFrom('sessions')
    .select('sid')
    .where((eb) => eb.and([eb('sid', '=', eb.fn.any(eb.val(sids))), eb('expire', '>', eb.fn<string>('now'))]))
    .execute();
  return new Set(rows.map((r) => r.sid));
}
