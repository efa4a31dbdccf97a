import type { CurrentUser, UserSummary } from '../../../protocol/shapes.ts';
import { hasAdminRights, isProtectedOwner } from './owner.ts';

/** A users row as loaded by raw SQL (camelCase aliases) or by the ORM. */
export interface UserRecord {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  employeeNumber: string | null;
  base: string | null;
  airline: string | null;
  position: string | null;
  aircraftType: string | null;
  emailNotifications: boolean;
  isAdmin: boolean;
  /** Proven by a mailed link, a password reset or a provider; owner rights wait for it. */
  emailVerified: boolean;
  createdAt: Date | string;
}

/** Columns that build a UserRecord, for raw queries; `alias` prefixes each column. */
export const userColumns = (alias: string) =>
  [
    'id',
    'email',
    'first_name as "firstName"',
    'last_name as "lastName"',
    'profile_image_url as "profileImageUrl"',
    'employee_number as "employeeNumber"',
    'base',
    'airline',
    'position',
    'aircraft_type as "aircraftType"',
    'email_notifications as "emailNotifications"',
    'is_admin as "isAdmin"',
    'email_verified as "emailVerified"',
    'created_at as "createdAt"',
  ]
    .map((c) => `${alias}.${c}`)
    .join(', ');

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
  };
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

export const fullName = (u: { firstName: string | null; lastName: string | null }) => [u.firstName, u.lastName].filter(Boolean).join(' ');

/** Moved to ./group.ts; kept until every importer has moved. */
export { groupKeyOf } from './group.ts';
