type Identity = { email: string; emailVerified: boolean };

/**
 * The protected owner (docs/ARCHITECTURE.md section 4): the account whose e-mail equals OWNER_EMAIL,
 * once that address is proven (a mailed link, a password reset, or a provider's verified e-mail).
 * Before that, whoever typed the address into the sign-up form is an ordinary user. The stored
 * is_admin flag follows (users.queries.ts: markEmailVerified, syncOwnerAdmin).
 */
export function isProtectedOwner(user: Identity, ownerEmail: string | undefined): boolean {
  return !!ownerEmail && user.emailVerified && user.email === ownerEmail;
}

/** Admin rights: the stored flag, or being the protected owner. */
export function hasAdminRights(user: Identity & { isAdmin: boolean }, ownerEmail: string | undefined): boolean {
  return user.isAdmin || isProtectedOwner(user, ownerEmail);
}
