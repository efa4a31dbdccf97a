import type { EntityManager } from '@mikro-orm/postgresql';
import type { Selection } from 'kysely';
import { kysely, type DB } from '../../db/kysely.ts';

/**
 * The users columns every feature reads (session, auth, profile), named as the code names them.
 * Qualified by table, so a join (sessions to users) selects them as they are.
 */
export const userFields = [
  'users.id',
  'users.email',
  'users.first_name as firstName',
  'users.last_name as lastName',
  'users.profile_image_url as profileImageUrl',
  'users.employee_number as employeeNumber',
  'users.base',
  'users.airline',
  'users.position',
  'users.aircraft_type as aircraftType',
  /** Picked in Profile Settings where the base is not a known airport code (decisions/0024). */
  'users.time_zone as timeZone',
  'users.email_notifications as emailNotifications',
  'users.is_admin as isAdmin',
  /** Proven by a mailed link, a password reset or a provider; owner rights wait for it. */
  'users.email_verified as emailVerified',
  'users.created_at as createdAt',
] as const;

/** A user as loaded by `userFields`: the signed-in user of every request (http/context.ts). */
export type UserRecord = Selection<DB, 'users', (typeof userFields)[number]>;

export function findUser(em: EntityManager, id: number): Promise<UserRecord | undefined> {
  return kysely(em).selectFrom('users').select(userFields).where('users.id', '=', id).executeTakeFirst();
}

/**
 * Marks an address proven. The owner's stored is_admin follows (the account whose e-mail is
 * OWNER_EMAIL: users/owner.ts), so code that reads the flag agrees with isProtectedOwner.
 */
export async function markEmailVerified(em: EntityManager, userId: number, ownerEmail: string | undefined): Promise<void> {
  await kysely(em)
    .updateTable('users')
    .set((eb) => ({
      email_verified: true,
      ...(ownerEmail && { is_admin: eb.or([eb('is_admin', '=', true), eb('email', '=', ownerEmail)]).$castTo<boolean>() }),
      updated_at: eb.fn<string>('now'),
    }))
    .where('id', '=', userId)
    .execute();
}

/**
 * At start-up: the owner account holds the stored admin flag exactly when its address is proven.
 * This also takes the flag back from an unverified account that an older version made admin
 * because it was registered with OWNER_EMAIL first.
 */
export async function syncOwnerAdmin(em: EntityManager, ownerEmail: string): Promise<void> {
  await kysely(em)
    .updateTable('users')
    .set((eb) => ({ is_admin: eb.ref('email_verified') }))
    .where('email', '=', ownerEmail)
    .whereRef('is_admin', '<>', 'email_verified')
    .execute();
}
