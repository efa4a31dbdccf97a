import type { EntityManager } from '@mikro-orm/postgresql';

type Identity = { email: string; emailVerified: boolean };

/**
 * The protected owner (ARCHITECTURE.md section 4): the account whose e-mail equals OWNER_EMAIL,
 * once that address is proven (a mailed link, a password reset, or a provider's verified e-mail).
 * Before that, whoever typed the address into the sign-up form is an ordinary user.
 */
export function isProtectedOwner(user: Identity, ownerEmail: string | undefined): boolean {
  return !!ownerEmail && user.emailVerified && user.email === ownerEmail;
}

/** Admin rights: the stored flag, or being the protected owner. */
export function hasAdminRights(user: Identity & { isAdmin: boolean }, ownerEmail: string | undefined): boolean {
  return user.isAdmin || isProtectedOwner(user, ownerEmail);
}

/**
 * Marks an address proven. The owner's stored is_admin follows, so code that reads the flag agrees
 * with isProtectedOwner.
 */
export async function markEmailVerified(em: EntityManager, userId: number, ownerEmail: string | undefined): Promise<void> {
  await em.execute(
    'update users set email_verified = true, is_admin = is_admin or coalesce(email = ?, false), updated_at = now() where id = ?',
    [ownerEmail ?? null, userId],
  );
}

/**
 * At start-up: the owner account holds the stored admin flag exactly when its address is proven.
 * This also takes the flag back from an unverified account that an older version made admin
 * because it was registered with OWNER_EMAIL first.
 */
export async function syncOwnerAdmin(em: EntityManager, ownerEmail: string): Promise<void> {
  await em.execute('update users set is_admin = email_verified where email = ? and is_admin <> email_verified', [ownerEmail]);
}
