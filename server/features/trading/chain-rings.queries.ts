import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import type { ChainStatus } from '#protocol/enums.ts';
import { compileOnce } from '../../db/compiled-query.ts';
import { kysely } from '../../db/kysely.ts';
import { matchableColumns, requestArgs, type RequestArgs } from './matching.queries.ts';
import type { MatchableRequest } from './matching.rules.ts';

// The chains' side of request state (docs/decisions/0014, 0027): rings found, proposed, checked
// again and ended as requests change, and a completed chain's trades rows. Written under a
// group lock (group-lock.ts) by the trading core only.

/** A ring found from a request r: r's trip goes to b, b's to c, c's back to r. */
export interface FoundCycle {
  bId: number;
  bUserId: number;
  cId: number;
  cUserId: number;
}

/** The advisory lock that claims a request for one transaction's chain proposal (claimChainMembers). */
const tryClaim = (requestId: RawBuilder<number>) =>
  sql<boolean>`pg_try_advisory_xact_lock(hashtextextended('chain-member:' || ${requestId}, 0))`;

/**
 * Claims a ring's three requests, given as an array in id order (`sorted`), without waiting, and
 * stops at the first one held elsewhere: two transactions after overlapping rings meet first on the
 * lowest request they share, and the one that gets it goes on. Without the stop, each could hold one
 * request the other needs, and neither would propose. CASE runs its branches in turn, so a later
 * request is not tried once an earlier one failed.
 */
const claimInOrder = (sorted: RawBuilder<number[]>) => sql<boolean>`
  case when ${tryClaim(sql`${sorted}[1]`)} then
    case when ${tryClaim(sql`${sorted}[2]`)} then ${tryClaim(sql`${sorted}[3]`)} else false end
  else false end`;

/**
 * The rings of three that `r` closes, at most `limit`, oldest partners first; none when r already
 * has an open pairwise match or sits in a proposed chain. Partners are current active trade
 * requests of r's group and route type, of other crew, in no proposed chain. The first ring's three
 * requests are claimed in the same statement (`firstClaimed`, as claimChainMembers would), since the
 * first is nearly always the one proposed: one round trip less inside the create's locks. The claim
 * comes after the search's snapshot, and the chain's insert re-checks in a statement of its own.
 *
 * Hand-written because the builder cannot say it: array overlaps between two materialised sets of
 * the same CTE. The requests already in a proposed chain come from trade_chains_open_index (the
 * group's open chains only, however many ended before). The candidates come from
 * requests_match_index (group + type + status + last date),
 * as pairwise matching's do; b and c are filtered against r's dates first, so the join that checks
 * b's dates against c's desired dates runs over the few rows that already meet r (docs/decisions/0014).
 * Every value is bound (arrays as text[] parameters).
 */
export async function findCycles(
  em: EntityManager,
  r: MatchableRequest,
  today: string,
  limit: number,
): Promise<{ cycles: FoundCycle[]; firstClaimed: boolean }> {
  const rows = await cyclesOf(em, { ...requestArgs(r, today), limit });
  return {
    cycles: rows.map(({ firstClaimed: _claimed, ...cycle }) => cycle),
    firstClaimed: rows[0]?.firstClaimed === true,
  };
}

interface CycleArgs extends RequestArgs {
  limit: number;
}

// Built once per process: it runs on every trade request that found no partner (decision 0033).
const cyclesOf = compileOnce<CycleArgs, FoundCycle & { firstClaimed: boolean | null }>(
  ['groupKey', 'today', 'routeType', 'userId', 'allDates', 'desiredDates', 'id', 'limit'],
  (_db, a) => sql<FoundCycle & { firstClaimed: boolean | null }>`
    with busy as materialized (
      select m.request_id from trade_chains t join trade_chain_members m on m.chain_id = t.id
      where t.group_key = ${a.groupKey} and t.status = 'proposed'
    ),
    cand as materialized (
      select c.id, c.user_id, c.all_dates, c.desired_dates from requests c
      where c.group_key = ${a.groupKey} and c.type = 'trade' and c.status = 'active' and c.last_date >= ${a.today}::date
        and c.route_type = ${a.routeType} and c.user_id <> ${a.userId}::int
        and not exists (select 1 from busy where busy.request_id = c.id)
    ),
    b as materialized (select * from cand where desired_dates && ${a.allDates}::text[]),
    c as materialized (select * from cand where all_dates && ${a.desiredDates}::text[]),
    found as materialized (
      select b.id as b_id, b.user_id as b_user_id, c.id as c_id, c.user_id as c_user_id
      from b join c on c.user_id <> b.user_id and b.all_dates && c.desired_dates
      where not exists (
          select 1 from matches m
          where (m.request_id = ${a.id}::int or m.matched_request_id = ${a.id}::int) and m.status in ('pending', 'active', 'trade_requested')
        )
        and not exists (select 1 from busy where busy.request_id = ${a.id}::int)
      order by b.id, c.id
      limit ${a.limit}::int
    ),
    claim as materialized (
      select ${claimInOrder(sql`s.ids`)} as claimed
      from (select array_agg(x order by x) as ids from (select * from found order by b_id, c_id limit 1) f,
            unnest(array[${a.id}::int, f.b_id, f.c_id]) as x) as s
      where s.ids is not null
    )
    select b_id as "bId", b_user_id as "bUserId", c_id as "cId", c_user_id as "cUserId", (select claimed from claim) as "firstClaimed"
    from found order by b_id, c_id`,
);

export interface NewChain {
  groupKey: string;
  routeType: string;
  cycleKey: string;
  members: readonly { userId: number; requestId: number }[];
}

/**
 * Claims the three requests of a ring for this transaction's proposal, without waiting (claimInOrder):
 * false when another transaction holds one of them, because it is proposing a chain with it right
 * now. That chain will hold the request, so this ring is skipped; the next save in the group looks
 * again. Taken after the create's date locks. Being non-blocking, it can never join a deadlock. A
 * claim lasts until the transaction ends, also when the chain is then not proposed.
 *
 * Hand-written: advisory locks (docs/decisions/0015).
 */
export async function claimChainMembers(em: EntityManager, requestIds: readonly number[]): Promise<boolean> {
  const { rows } = await sql<{ claimed: boolean }>`
    select ${claimInOrder(sql`s.ids`)} as claimed
    from (select array_agg(x order by x) as ids from unnest(${[...requestIds]}::int[]) as x) as s`.execute(kysely(em));
  return rows[0]?.claimed === true;
}

/**
 * Stores a proposed chain and its members, in one statement. Undefined when this cycle was proposed
 * before (its cycle key is unique), or when one of its requests is in a proposed chain that
 * committed after the search read the group. The check runs in this statement, after
 * claimChainMembers.
 */
export async function insertChain(em: EntityManager, chain: NewChain): Promise<number | undefined> {
  const requestIds = chain.members.map((m) => m.requestId);
  const row = await kysely(em)
    .with('chain', (db) =>
      db
        .insertInto('trade_chains')
        .columns(['group_key', 'route_type', 'cycle_key'])
        .expression(
          db
            .selectNoFrom((eb) => [
              eb.val(chain.groupKey).as('group_key'),
              eb.val(chain.routeType).as('route_type'),
              eb.val(chain.cycleKey).as('cycle_key'),
            ])
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('trade_chain_members as m')
                    .innerJoin('trade_chains as t', 't.id', 'm.chain_id')
                    .select('m.id')
                    .where('t.status', '=', 'proposed')
                    .where('m.request_id', 'in', requestIds),
                ),
              ),
            ),
        )
        .onConflict((oc) => oc.column('cycle_key').doNothing())
        .returning('id'),
    )
    .insertInto('trade_chain_members')
    .columns(['chain_id', 'position', 'user_id', 'request_id'])
    // One row per member for the chain inserted above (none when it was not).
    .expression((db) =>
      chain.members
        .map((m, position) =>
          db
            .selectFrom('chain')
            .select(({ cast, val }) => [
              'chain.id as chain_id',
              cast<number>(val(position), 'smallint').as('position'),
              cast<number>(val(m.userId), 'integer').as('user_id'),
              cast<number>(val(m.requestId), 'integer').as('request_id'),
            ]),
        )
        .reduce((all, next) => all.unionAll(next)),
    )
    .returning('chain_id')
    .executeTakeFirst();
  return row?.chain_id;
}

/** The proposed chains any of these requests is in. */
export async function proposedChainsOf(em: EntityManager, requestIds: readonly number[]): Promise<number[]> {
  if (requestIds.length === 0) return [];
  const rows = await kysely(em)
    .selectFrom('trade_chain_members as m')
    .innerJoin('trade_chains as t', 't.id', 'm.chain_id')
    .select('t.id')
    .distinct()
    .where(({ eb, fn, val }) => eb('m.request_id', '=', fn.any(val([...requestIds]))))
    .where('t.status', '=', 'proposed')
    .execute();
  return rows.map((r) => r.id);
}

/** The proposed chains a user is in (their requests may be gone: an account being deleted). */
export async function proposedChainsOfUser(em: EntityManager, userId: number): Promise<number[]> {
  const rows = await kysely(em)
    .selectFrom('trade_chain_members as m')
    .innerJoin('trade_chains as t', 't.id', 'm.chain_id')
    .select('t.id')
    .where('m.user_id', '=', userId)
    .where('t.status', '=', 'proposed')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The members of chains with their user summaries, in chain and cycle order, each with its chain's
 * columns: a notice or an answer reads a chain and its members in one round trip (chainItemsById).
 */
export function chainMembers(em: EntityManager, chainIds: readonly number[]) {
  return kysely(em)
    .selectFrom('trade_chain_members as m')
    .innerJoin('trade_chains as t', 't.id', 'm.chain_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      't.status as chainStatus',
      't.created_at as chainCreatedAt',
      't.updated_at as chainUpdatedAt',
      'm.chain_id as chainId',
      'm.position',
      'm.user_id as userId',
      'm.request_id as requestId',
      'm.decision',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.employee_number as employeeNumber',
      'u.airline',
      'u.position as crewPosition',
      'u.profile_image_url as profileImageUrl',
    ])
    .where(({ eb, fn, val }) => eb('m.chain_id', '=', fn.any(val([...chainIds]))))
    .orderBy('m.chain_id')
    .orderBy('m.position')
    .execute();
}
export type ChainMemberRow = Awaited<ReturnType<typeof chainMembers>>[number];

/** Requests as the chain rules read them (MatchableRequest), keyed by id; deleted ones are absent. */
export async function matchableRequests(em: EntityManager, ids: readonly number[]): Promise<Map<number, MatchableRequest>> {
  if (ids.length === 0) return new Map();
  const rows = await kysely(em)
    .selectFrom('requests')
    .select(matchableColumns)
    .where(({ eb, fn, val }) => eb('id', '=', fn.any(val([...ids]))))
    .execute();
  return new Map(
    rows.map((r) => [r.id, { ...r, type: r.type as MatchableRequest['type'], routeType: r.routeType as MatchableRequest['routeType'] }]),
  );
}

/** Ends a proposed chain; false when it had ended already (the race is decided here). */
export async function endChain(em: EntityManager, chainId: number, status: Exclude<ChainStatus, 'proposed'>): Promise<boolean> {
  const row = await kysely(em)
    .updateTable('trade_chains')
    .set((eb) => ({ status, updated_at: eb.fn('now') }))
    .where('id', '=', chainId)
    .where('status', '=', 'proposed')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The three trades rows of a completed chain: each member's request to the next member's. */
export async function insertChainTrades(em: EntityManager, chainId: number, requestIds: readonly number[]): Promise<void> {
  await kysely(em)
    .insertInto('trades')
    .values(
      requestIds.map((id, i) => ({
        chain_id: chainId,
        match_id: null,
        request_id: id,
        matched_request_id: requestIds[(i + 1) % requestIds.length]!,
      })),
    )
    .execute();
}
