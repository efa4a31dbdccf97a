import { defineEntity, p } from '@mikro-orm/core';
import type { RosterEntry } from '#protocol/roster.ts';
import type { DutyKind, KindPattern } from '#protocol/roster-kinds.ts';
import { serialId } from './columns.ts';
import { User } from './user.entity.ts';

/**
 * A crew member's roster (docs/decisions/0023): one per user, gone with the account (cascade). Its duties are
 * kept whole as parsed (at most 2,000), read in one row by the checks; their kinds are read from
 * their titles at each read (protocol/roster-kinds.ts), so an admin's new code applies at once. A subscription's address is a
 * secret: stored encrypted (url_cipher) with a shortened form to show back (url_hint). next_fetch_at
 * is when it is due to be read again; whichever instance claims it first reads it
 * (features/roster/roster-refresh.ts).
 */
export const Roster = defineEntity({
  name: 'Roster',
  tableName: 'rosters',
  indexes: [{ name: 'rosters_due_index', properties: ['nextFetchAt'] }],
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id').unique(),
    duties: p.json<RosterEntry[]>(),
    /** Kinds the crew member set by hand, by event UID; kept when the roster is read again (docs/decisions/0040). */
    kindOverrides: p.json<Record<string, DutyKind>>().defaultRaw(`'{}'`),
    timeZone: p.string().length(64).default('UTC'),
    urlCipher: p.text().nullable(),
    urlHint: p.string().length(300).nullable(),
    updatedAt: p.datetime().defaultRaw('now()'),
    failingSince: p.datetime().nullable(),
    failure: p.string().length(200).nullable(),
    nextFetchAt: p.datetime().nullable(),
  },
});

/** The roster limits an admin set for an airline; an airline without a row has the defaults. */
export const AirlineRosterRule = defineEntity({
  name: 'AirlineRosterRule',
  tableName: 'airline_roster_rules',
  properties: {
    airline: p.string().length(30).primary(),
    maxConsecutiveDays: p.smallint(),
    minRestHours: p.smallint(),
    /** The airline's own codes for kinds of roster events, tried before the defaults. */
    kindPatterns: p.json<KindPattern[]>().defaultRaw(`'[]'`),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
