import type pg from 'pg';
import type { KindPattern } from '#protocol/roster-kinds.ts';
import { multipartOf, MULTIPART_TYPE } from './roster-files.ts';

/**
 * Codes of the kind an admin enters for an airline whose roster system writes its own (Roster
 * Rules): every read of a roster compiles them, so the airlines that have some cost what they cost.
 */
const AIRLINE_CODES: KindPattern[] = [
  { pattern: 'SBY', kind: 'reserve' },
  { pattern: 'RSV', kind: 'reserve' },
  { pattern: 'HOT', kind: 'reserve' },
  { pattern: 'Airport standby', kind: 'reserve' },
  { pattern: 'SIM', kind: 'training' },
  { pattern: 'GRD', kind: 'training' },
  { pattern: 'OFC', kind: 'training' },
  { pattern: 'CRM', kind: 'training' },
  { pattern: 'Emergency procedures', kind: 'training' },
  { pattern: 'VAC', kind: 'leave' },
  { pattern: 'ULV', kind: 'leave' },
  { pattern: 'Parental leave', kind: 'leave' },
  { pattern: 'GDO', kind: 'off' },
  { pattern: 'Requested day off', kind: 'off' },
  { pattern: 'DH', kind: 'flight' },
];

/** Half the bench's airlines (seed-users.ts) have rules of their own: other limits and AIRLINE_CODES. */
export async function seedAirlineRules(db: pg.Client): Promise<void> {
  await db.query(
    `insert into airline_roster_rules (airline, max_consecutive_days, min_rest_hours, kind_patterns)
     select a, 6, 10, $1::jsonb from unnest(array['Delta','American','United','Spirit']) as a`,
    [JSON.stringify(AIRLINE_CODES)],
  );
}

/**
 * Uploads one roster for each cookie through POST /api/roster, `inFlight` at a time (the reader
 * thread reads one file at a time and lets 20 wait), the files in turn. Returns the statuses that
 * were not 200, by status, and how long it took.
 */
export async function uploadRosters(
  appUrl: string,
  cookies: readonly string[],
  files: readonly { name: string; bytes: Buffer }[],
  inFlight = 8,
): Promise<{ seconds: number; refused: Map<number, number> }> {
  const refused = new Map<number, number>();
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cookies.length; i = next++) {
      const res = await fetch(`${appUrl}/api/roster`, {
        method: 'POST',
        headers: { cookie: cookies[i]!, 'content-type': MULTIPART_TYPE },
        // A copy on its own ArrayBuffer: fetch's types take no Buffer (which may share a pool).
        body: new Uint8Array(multipartOf(files[i % files.length]!)),
      });
      await res.arrayBuffer();
      if (res.status !== 200) refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { seconds: (performance.now() - start) / 1000, refused };
}

/**
 * One in five rosters has an event whose kind its owner set by hand (PUT /api/roster/kinds), as crew
 * do for a code the reader took for a flight: every read looks it up.
 */
export async function seedKindOverrides(db: pg.Client): Promise<void> {
  await db.query(
    `update rosters set kind_overrides = jsonb_build_object(duties -> 0 ->> 'uid', 'reserve')
     where user_id % 5 = 0 and jsonb_array_length(duties) > 0`,
  );
  await db.query('analyze rosters');
}
