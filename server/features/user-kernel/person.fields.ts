import type { AdminUserRef } from '#protocol/shapes.ts';

/**
 * The columns that name a person in admin lists (AdminUserRef), from a users alias, as prefixed
 * output names: personFields('a', 'admin') selects a.id as adminId, a.first_name as adminFirstName...
 * A row holds several people (admin and target, user and responder); the presenter reads each by
 * its prefix.
 */
export const personFields = <T extends string, P extends string>(table: T, prefix: P) =>
  [
    `${table}.id as ${prefix}Id`,
    `${table}.first_name as ${prefix}FirstName`,
    `${table}.last_name as ${prefix}LastName`,
    `${table}.email as ${prefix}Email`,
    `${table}.airline as ${prefix}Airline`,
    `${table}.employee_number as ${prefix}EmployeeNumber`,
  ] as const;

/** The person a row's `prefix` columns name, or null when the account is gone (a left join found none). */
export function personOf(row: object, prefix: string): AdminUserRef | null {
  const r = row as Record<string, unknown>;
  const id = r[`${prefix}Id`] as number | null;
  const email = r[`${prefix}Email`] as string | null;
  if (id === null || email === null) return null;
  return {
    id,
    firstName: r[`${prefix}FirstName`] as string | null,
    lastName: r[`${prefix}LastName`] as string | null,
    email,
    airline: r[`${prefix}Airline`] as AdminUserRef['airline'],
    employeeNumber: r[`${prefix}EmployeeNumber`] as string | null,
  };
}
