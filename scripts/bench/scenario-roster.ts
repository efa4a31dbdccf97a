import type { RosterCheck, RosterInfo } from '#protocol/roster.ts';
import { atMost, type Goal } from './goals.ts';
import type { LoadResult } from './load.ts';
import { measuredLoad } from './measure.ts';
import { withReference } from './reference.ts';
import { multipartOf, MULTIPART_TYPE, rosterFiles } from './roster-files.ts';
import type { BenchContext } from './run.ts';
import type { Scenario } from './scenarios.ts';
import { bulkSessions } from './seed-offers.ts';
import { seedAirlineRules, seedKindOverrides, uploadRosters } from './seed-rosters.ts';
import { seedUsers } from './seed-users.ts';

const USERS = 10_000;
/** Crew with a roster when the reads are measured: one in five (the feature is theirs to use or not). */
const ROSTERED = 2_000;
/**
 * Uploads a second: a whole airline's 10,000 crew uploading their new month within an afternoon is
 * under 1/s. Each comes from another crew member, so the limit of 30 an hour per member never bites.
 */
const UPLOAD_RATE = 10;
const READ_RATE = 200;
/** The trip the request form checks: three days, two weeks ahead (each roster starts this week). */
const TRIP = { inDays: 14, days: 3 };

/** The budgets of docs/benchmarks.md for these paths. */
const READ_P99_MS = 30;
const UPLOAD_P99_MS = 100;
const STALL_MS = 20;

/** An absolute ceiling, with the one-select route's figure beside it: on a shared machine it says how loaded the sitting was. */
const ceiling = (goal: string, figure: number, limit: number, yardstick: number): Goal => ({
  ...atMost(goal, figure, limit, 'ms'),
  yardstick,
});

/** In turn, one a call, starting over at the end. */
function inTurn<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

/**
 * 10k users, 2,000 of them with a roster uploaded through POST /api/roster (the repository's
 * exports in turn), half the airlines with codes of their own, one roster in five with a kind set by
 * hand. Returns the cookies of the crew with a roster, and of the others, who upload during the run.
 */
async function seed(ctx: BenchContext): Promise<{ rostered: string[]; others: string[] }> {
  await seedUsers(ctx.db, USERS, 0);
  await seedAirlineRules(ctx.db);
  const ids = Array.from({ length: USERS }, (_, i) => i + 1);
  const cookies = await bulkSessions(ctx.db, ids);
  const all = ids.map((id) => cookies.get(id)!);
  const rostered = all.slice(0, ROSTERED);
  const { seconds, refused } = await uploadRosters(ctx.appUrl, rostered, rosterFiles());
  // A roster the server refused would make the reads below cheaper than they are: stop here.
  if (refused.size) throw new Error(`roster uploads refused while seeding: ${JSON.stringify([...refused])}`);
  await seedKindOverrides(ctx.db);
  const stored = await ctx.db.query<{ n: number; events: number; kb: number }>(
    `select count(*)::int as n, avg(jsonb_array_length(duties))::int as events, (avg(pg_column_size(duties)) / 1024)::int as kb from rosters`,
  );
  const s = stored.rows[0]!;
  ctx.note(
    `Rosters: ${s.n.toLocaleString('en-US')} stored (${rosterFiles().length} exports in turn), ${s.events} events and ${s.kb} KB (stored, compressed) each on average; ` +
      `seeded through POST /api/roster, 8 at a time, in ${seconds.toFixed(1)} s (${Math.round(ROSTERED / seconds)} uploads/s).`,
  );
  return { rostered, others: all.slice(ROSTERED) };
}

/** Uploads of the exports in turn, each by a crew member of `uploaders` in turn, at UPLOAD_RATE. */
async function uploads(ctx: BenchContext, uploaders: readonly string[]): Promise<LoadResult> {
  const forms = rosterFiles().map(multipartOf);
  const nextForm = inTurn(forms);
  const nextCrew = inTurn(uploaders);
  return ctx.load('POST /api/roster (upload and read, multipart)', {
    path: '/api/roster',
    method: 'POST',
    headers: { 'content-type': MULTIPART_TYPE },
    headersEach: () => ({ cookie: nextCrew() }),
    body: nextForm,
    rate: UPLOAD_RATE,
  });
}

/** A read at READ_RATE by the rostered crew in turn; `look` sees each 200's body (what came back is checked, not only its status). */
async function reads(ctx: BenchContext, label: string, path: string, crew: readonly string[], look: (body: string) => void) {
  const next = inTurn(crew);
  return ctx.load(label, {
    path,
    headersEach: () => ({ cookie: next() }),
    onResponse: (status, body) => {
      if (status === 200) look(body);
    },
    rate: READ_RATE,
  });
}

/**
 * The roster-kinds paths that run per request (docs/decisions/0040): the upload, read on the reader
 * thread and kept; the roster card (GET /api/roster: every event's kind read again at each read);
 * and the request form's warnings (GET /api/roster/check: the kinds, then the rules).
 */
export const rosterScenario: Scenario = {
  name: 'roster',
  description: `POST /api/roster (the fixture exports) at ${UPLOAD_RATE}/s; GET /api/roster and GET /api/roster/check at ${READ_RATE}/s; ${ROSTERED.toLocaleString('en-US')} rosters`,
  async run(ctx) {
    const { rostered, others } = await seed(ctx);
    // Counted over warm-up and run: a roster that lists nothing, or a check never in conflict, would read for the wrong reason.
    const cards = { answers: 0, empty: 0 };
    const card = await reads(ctx, 'GET /api/roster', '/api/roster', rostered, (body) => {
      cards.answers++;
      if ((JSON.parse(body) as RosterInfo).duties.length === 0) cards.empty++;
    });
    const date = new Date(Date.now() + TRIP.inDays * 86_400_000).toISOString().slice(0, 10);
    const checks = { answers: 0, conflicts: 0 };
    const check = await reads(
      ctx,
      `GET /api/roster/check (${TRIP.days} days)`,
      `/api/roster/check?date=${date}&days=${TRIP.days}`,
      rostered,
      (body) => {
        checks.answers++;
        if (!(JSON.parse(body) as RosterCheck).ok) checks.conflicts++;
      },
    );
    const upload = await uploads(ctx, others);
    const ref = await withReference(ctx, async (url, server) => {
      const r = await measuredLoad(server, { url: url('/one-select'), label: 'reference /one-select', rate: READ_RATE });
      ctx.record(r);
      return r;
    });
    for (const [what, r, budget] of [
      ['GET /api/roster', card, READ_P99_MS],
      ['GET /api/roster/check', check, READ_P99_MS],
      ['POST /api/roster', upload, UPLOAD_P99_MS],
    ] as const) {
      ctx.goal(ceiling(`roster: ${what} at ${r.offered}/s, p99`, r.p99, budget, ref.p99));
      ctx.goal(ceiling(`roster: ${what}, longest event-loop stall in the app`, r.loop!.max, STALL_MS, ref.loop!.max));
    }
    ctx.note(
      `Roster: GET /api/roster p50 ${card.p50}, p99 ${card.p99} ms (${cards.empty} of ${cards.answers} answers listed no event); ` +
        `GET /api/roster/check p50 ${check.p50}, p99 ${check.p99} ms (${checks.conflicts} of ${checks.answers} named a conflict) at ${READ_RATE}/s (budget p99 <= ${READ_P99_MS} ms); ` +
        `upload p50 ${upload.p50}, p99 ${upload.p99}, max ${upload.max} ms at ${UPLOAD_RATE}/s, ${upload.non2xx} not 2xx (budget p99 <= ${UPLOAD_P99_MS} ms); ` +
        `app loop delay max ${card.loop!.max}, ${check.loop!.max}, ${upload.loop!.max} ms; one-select at ${READ_RATE}/s p99 ${ref.p99} ms, loop delay max ${ref.loop!.max} ms.`,
    );
  },
};
