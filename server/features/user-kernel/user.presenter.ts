import type { CurrentUser, UserSummary } from '#protocol/shapes.ts';
import { hasAdminRights, isProtectedOwner } from './owner.ts';
import type { UserRecord } from './users.queries.ts';
import { timeZoneOf, zoneOfBase } from './crew-day.ts';

/** Inferred from the users select of users.queries.ts; named here, where every feature imports it. */
export type { UserRecord };

export function presentCurrentUser(u: UserRecord, ownerEmail: string | undefined): CurrentUser {
  const isProtected = isProtectedOwner(u, ownerEmail);
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    employeeNumber: u.employeeNumber,
    base: u.base,
    airline: u.airline as CurrentUser['airline'],
    position: u.position as CurrentUser['position'],
    aircraftType: u.aircraftType as CurrentUser['aircraftType'],
    emailNotifications: u.emailNotifications,
    profileImageUrl: u.profileImageUrl,
    isAdmin: hasAdminRights(u, ownerEmail),
    isProtected,
    createdAt: new Date(u.createdAt).toISOString(),
    timeZone: timeZoneOf(u),
    baseTimeZone: zoneOfBase(u.base),
    timeZoneChoice: u.timeZone,
  };
}

/** Each user record's answer as sent, for as long as the record lives (a cached session's). */
const currentUserJson = new WeakMap<UserRecord, string>();

/**
 * presentCurrentUser as JSON, made once per user record: a session served from the session cache
 * hands every request the same record, and GET /api/auth/user (the app's most frequent call) spent
 * a tenth of its time presenting and serialising it again. Records are never changed in place (a
 * change reads a new one), so the text cannot go stale.
 */
export function presentCurrentUserJson(u: UserRecord, ownerEmail: string | undefined): string {
  let json = currentUserJson.get(u);
  if (json === undefined) {
    json = JSON.stringify(presentCurrentUser(u, ownerEmail));
    currentUserJson.set(u, json);
  }
  return json;
}

export function presentUserSummary(
  u: Pick<UserRecord, 'id' | 'firstName' | 'lastName' | 'employeeNumber' | 'airline' | 'position' | 'profileImageUrl'>,
): UserSummary {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    employeeNumber: u.employeeNumber,
    airline: u.airline as UserSummary['airline'],
    position: u.position as UserSummary['position'],
    profileImageUrl: u.profileImageUrl,
  };
}

export { fullName } from '../../lib/names.ts';
