import { defineEntity, p } from '@mikro-orm/core';
import type { RosterDuty } from '#protocol/roster.ts';
import { serialId } from './columns.ts';
import { User } from './user.entity.ts';

/**
 * A crew member's roster (docs/decisions/0023): one per user, gone with the account (cascade). Its duties are
 * kept whole as parsed (at most 2,000), read in one row by the checks. A subscription's address is a
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
    duties: p.json<RosterDuty[]>(),
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
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
