import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';
import { userFields, type UserRecord } from '../../db/user-record.ts';

export { userFields, type UserRecord } from '../../db/user-record.ts';

export function findUser(em: EntityManager, id: number): Promise<UserRecord | undefined> {
  return kysely(em).selectFrom('users').select(userFields).where('users.id', '=', id).executeTakeFirst();
}

/**
 * Marks an address proven. The owner's stored is_admin follows (the account whose e-mail is
 * OWNER_EMAIL: user-kernel/owner.ts), so code that reads the flag agrees with isProtectedOwner.
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
