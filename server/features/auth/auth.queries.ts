import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';
import { userFields, type UserRecord } from '../user-kernel/users.queries.ts';
import type { SocialProfile } from './oidc.ts';

export function insertLocalUser(
  em: EntityManager,
  u: { email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<UserRecord> {
  return kysely(em)
    .insertInto('users')
    .values({ email: u.email, password: u.passwordHash, first_name: u.firstName, last_name: u.lastName })
    .returning(userFields)
    .executeTakeFirstOrThrow();
}

/** The account of a provider's verified e-mail; undefined when the address already has one. */
export function insertProviderUser(em: EntityManager, profile: SocialProfile, isAdmin: boolean): Promise<UserRecord | undefined> {
  return kysely(em)
    .insertInto('users')
    .values({
      email: profile.email,
      first_name: profile.firstName,
      last_name: profile.lastName,
      auth_type: 'oidc',
      email_verified: true,
      is_admin: isAdmin,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(userFields)
    .executeTakeFirst();
}

/** A user with the password hash, for a sign-in. */
export function findLogin(em: EntityManager, email: string): Promise<(UserRecord & { password: string | null }) | undefined> {
  return kysely(em)
    .selectFrom('users')
    .select([...userFields, 'users.password'])
    .where('users.email', '=', email)
    .executeTakeFirst();
}

/** Locks the account of an address until the transaction ends. */
export function lockUserByEmail(em: EntityManager, email: string): Promise<{ id: number; emailVerified: boolean } | undefined> {
  return kysely(em)
    .selectFrom('users')
    .select(['id', 'email_verified as emailVerified'])
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirst();
}

export function findResetTarget(em: EntityManager, email: string): Promise<{ id: number } | undefined> {
  return kysely(em).selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

/** The accounts an outbox batch's account mails go to: where, whom to greet, whether the address is proven. */
export function accountMailTargets(
  em: EntityManager,
  userIds: readonly number[],
): Promise<{ id: number; email: string; firstName: string | null; emailVerified: boolean }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return kysely(em)
    .selectFrom('users')
    .select(['id', 'email', 'first_name as firstName', 'email_verified as emailVerified'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
}

/** A null hash closes local sign-in. */
export async function setPassword(em: EntityManager, userId: number, hash: string | null): Promise<void> {
  await kysely(em)
    .updateTable('users')
    .set((eb) => ({ password: hash, updated_at: eb.fn<string>('now') }))
    .where('id', '=', userId)
    .execute();
}

/** The two tables of mailed tokens (auth/tokens.ts): the same columns, the same life. */
export type MailTokenTable = 'password_reset_tokens' | 'email_verification_tokens';

/** The tokens of one table an outbox batch's mails carry, in one insert. */
export async function insertMailTokens(
  em: EntityManager,
  table: MailTokenTable,
  tokens: readonly { userId: number; hash: string; expiresAt: Date }[],
): Promise<void> {
  if (tokens.length === 0) return;
  await kysely(em)
    .insertInto(table)
    .values(tokens.map((t) => ({ user_id: t.userId, token: t.hash, expires_at: t.expiresAt })))
    .execute();
}

/** The account of a live token (unused, unexpired). */
export async function findMailTokenOwner(em: EntityManager, table: MailTokenTable, hash: string): Promise<number | undefined> {
  const row = await kysely(em)
    .selectFrom(table)
    .select('user_id')
    .where('token', '=', hash)
    .where('used_at', 'is', null)
    .where((eb) => eb('expires_at', '>', eb.fn<string>('now')))
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Spends a live token by a conditional update, so two uses race to one winner; `userId`, when
 * given, must own it. The owner's id, or undefined when nothing was spent.
 */
export async function spendMailToken(em: EntityManager, table: MailTokenTable, hash: string, userId?: number): Promise<number | undefined> {
  let update = kysely(em)
    .updateTable(table)
    .set((eb) => ({ used_at: eb.fn<string>('now') }))
    .where('token', '=', hash)
    .where('used_at', 'is', null)
    .where((eb) => eb('expires_at', '>', eb.fn<string>('now')));
  if (userId !== undefined) update = update.where('user_id', '=', userId);
  const row = await update.returning('user_id').executeTakeFirst();
  return row?.user_id;
}

/** Every outstanding token of a user dies (a reset, a confirmation). */
export async function spendAllMailTokens(em: EntityManager, table: MailTokenTable, userId: number): Promise<void> {
  await kysely(em)
    .updateTable(table)
    .set((eb) => ({ used_at: eb.fn<string>('now') }))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
