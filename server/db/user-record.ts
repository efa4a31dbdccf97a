import type { Selection } from 'kysely';
import type { DB } from './kysely.ts';

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

/** A user as loaded by `userFields`: the signed-in user of every request (http/context.ts); the data layer's shape, so the HTTP layer needs no feature to name it. */
export type UserRecord = Selection<DB, 'users', (typeof userFields)[number]>;
