import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { DEFAULT_ROSTER_LIMITS, ROSTER_REFRESH_MINUTES, type RosterEntry, type RosterLimits } from '#protocol/roster.ts';
import type { DutyKind, KindPattern } from '#protocol/roster-kinds.ts';
import { kysely } from '../../db/kysely.ts';

export interface RosterRow {
  id: number;
  /** As read from the file; rows from before kinds lack uid. */
  duties: RosterEntry[];
  kindOverrides: Record<string, DutyKind>;
  timeZone: string;
  urlCipher: string | null;
  urlHint: string | null;
  updatedAt: string;
  failingSince: string | null;
  failure: string | null;
}

const rosterFields = [
  'id',
  'duties',
  'kind_overrides as kindOverrides',
  'time_zone as timeZone',
  'url_cipher as urlCipher',
  'url_hint as urlHint',
  'updated_at as updatedAt',
  'failing_since as failingSince',
  'failure',
] as const;

export function rosterOf(em: EntityManager, userId: number): Promise<RosterRow | undefined> {
  return kysely(em).selectFrom('rosters').select(rosterFields).where('user_id', '=', userId).executeTakeFirst() as Promise<
    RosterRow | undefined
  >;
}

/** As jsonb: pg would bind a JS array as a PostgreSQL array. */
const asJson = (duties: RosterEntry[]) => sql<RosterEntry[]>`${JSON.stringify(duties)}::jsonb`;

export interface NewRoster {
  duties: RosterEntry[];
  timeZone: string;
  /** A subscription's sealed address and its hint; null for an uploaded file. */
  urlCipher: string | null;
  urlHint: string | null;
}

/** Replaces the user's roster; a subscription is next due in ROSTER_REFRESH_MINUTES. */
export async function saveRoster(em: EntityManager, userId: number, r: NewRoster): Promise<void> {
  const values = {
    duties: asJson(r.duties),
    time_zone: r.timeZone,
    url_cipher: r.urlCipher,
    url_hint: r.urlHint,
    updated_at: sql<string>`now()`,
    failing_since: null,
    failure: null,
    next_fetch_at: r.urlCipher ? sql<string>`now() + make_interval(mins => ${ROSTER_REFRESH_MINUTES})` : null,
  };
  await kysely(em)
    .insertInto('rosters')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function deleteRoster(em: EntityManager, userId: number): Promise<void> {
  await kysely(em).deleteFrom('rosters').where('user_id', '=', userId).execute();
}

export interface DueRoster {
  id: number;
  urlCipher: string;
  /** The owner's base and own zone: the roster's floating times are read in the base's. */
  base: string | null;
  ownZone: string | null;
}

/**
 * Claims up to `limit` subscriptions that are due, moving each one's next read ROSTER_REFRESH_MINUTES
 * on, in one statement: rows another instance is claiming at the same moment are skipped (SKIP
 * LOCKED), and a claimed row is not due again for half an hour, so each roster is read by one
 * instance at a time, and an instance that starts reads only what is due.
 */
export async function claimDue(em: EntityManager, limit: number): Promise<DueRoster[]> {
  const db = kysely(em);
  const rows = await db
    .updateTable('rosters')
    .set({ next_fetch_at: sql<string>`now() + make_interval(mins => ${ROSTER_REFRESH_MINUTES})` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('rosters')
        .select('id')
        .where('next_fetch_at', '<=', sql<string>`now()`)
        .orderBy('next_fetch_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning((eb) => [
      'id',
      'url_cipher as urlCipher',
      eb.selectFrom('users').select('base').whereRef('users.id', '=', 'rosters.user_id').as('base'),
      eb.selectFrom('users').select('time_zone').whereRef('users.id', '=', 'rosters.user_id').as('ownZone'),
    ])
    .execute();
  return rows.filter((r): r is DueRoster => r.urlCipher !== null);
}

/** A good read of a claimed subscription, unless its owner replaced or removed it meanwhile. */
export async function recordRead(em: EntityManager, due: DueRoster, duties: RosterEntry[], timeZone: string): Promise<void> {
  await kysely(em)
    .updateTable('rosters')
    .set({ duties: asJson(duties), time_zone: timeZone, updated_at: sql<string>`now()`, failing_since: null, failure: null })
    .where('id', '=', due.id)
    .where('url_cipher', '=', due.urlCipher)
    .execute();
}

/** A failed read: the last good duties stay; failing_since keeps the first failure's time. */
export async function recordFailure(em: EntityManager, due: DueRoster, failure: string): Promise<void> {
  await kysely(em)
    .updateTable('rosters')
    .set((eb) => ({ failing_since: eb.fn.coalesce('failing_since', sql<string>`now()`), failure: failure.slice(0, 200) }))
    .where('id', '=', due.id)
    .where('url_cipher', '=', due.urlCipher)
    .execute();
}

/**
 * A crew member's own kind for one event (by UID), or null to read it from the title again; the
 * kinds of `dropped` UIDs (events no longer on the roster) are removed in the same write.
 */
export async function setKindOverride(
  em: EntityManager,
  userId: number,
  uid: string,
  kind: DutyKind | null,
  dropped: readonly string[] = [],
): Promise<void> {
  const kept = sql<Record<string, DutyKind>>`(kind_overrides - ${[...dropped]}::text[])`;
  await kysely(em)
    .updateTable('rosters')
    .set({
      kind_overrides:
        kind === null
          ? sql<Record<string, DutyKind>>`${kept} - ${uid}::text`
          : sql<Record<string, DutyKind>>`${kept} || jsonb_build_object(${uid}::text, ${kind}::text)`,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** An airline's rules for rosters: its limits and its own codes for kinds. */
export interface AirlineRules {
  limits: RosterLimits;
  kindPatterns: KindPattern[];
}
const NO_RULES: AirlineRules = { limits: DEFAULT_ROSTER_LIMITS, kindPatterns: [] };

/** The rules of an airline: an admin's, else the defaults. */
export async function rulesOf(em: EntityManager, airline: string | null): Promise<AirlineRules> {
  if (!airline) return NO_RULES;
  const row = await kysely(em)
    .selectFrom('airline_roster_rules')
    .select(['max_consecutive_days as maxConsecutiveDays', 'min_rest_hours as minRestHours', 'kind_patterns as kindPatterns'])
    .where('airline', '=', airline)
    .executeTakeFirst();
  if (!row) return NO_RULES;
  return { limits: { maxConsecutiveDays: row.maxConsecutiveDays, minRestHours: row.minRestHours }, kindPatterns: row.kindPatterns };
}

export function allRules(em: EntityManager) {
  return kysely(em)
    .selectFrom('airline_roster_rules')
    .select(['airline', 'max_consecutive_days as maxConsecutiveDays', 'min_rest_hours as minRestHours', 'kind_patterns as kindPatterns'])
    .execute();
}

export async function setRules(
  em: EntityManager,
  airline: string,
  limits: RosterLimits,
  kindPatterns: KindPattern[] | undefined,
): Promise<void> {
  const values = {
    max_consecutive_days: limits.maxConsecutiveDays,
    min_rest_hours: limits.minRestHours,
    ...(kindPatterns ? { kind_patterns: sql<KindPattern[]>`${JSON.stringify(kindPatterns)}::jsonb` } : {}),
    updated_at: sql<string>`now()`,
  };
  await kysely(em)
    .insertInto('airline_roster_rules')
    .values({ airline, ...values })
    .onConflict((oc) => oc.column('airline').doUpdateSet(values))
    .execute();
}
