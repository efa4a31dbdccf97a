import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { kysely } from '../../db/kysely.ts';

// Insights' SQL (docs/decisions/0044): counts per week over the last twelve, each read a range of an
// indexed time (Migration20261128210000), grouped in the database; a few dozen rows come back.

/**
 * The week a time falls in: the start of its 7-day bin counted from `from` (a Monday 00:00 UTC), so
 * weeks run Monday to Monday in UTC whatever the session's time zone. Read back as the database's text.
 */
const weekOf = (column: string, from: Date): RawBuilder<string> =>
  sql<string>`date_bin(interval '7 days', ${sql.ref(column)}, ${from.toISOString()}::timestamptz)`;

/** A count as a number (PostgreSQL's count is a bigint, which arrives as text). */
const n = (v: string | number | bigint | null): number => Number(v ?? 0);

/** Requests created per week since `from`. */
export async function requestsPerWeek(em: EntityManager, from: Date): Promise<{ week: string; posted: number }[]> {
  const rows = await kysely(em)
    .selectFrom('requests')
    .select((eb) => [weekOf('created_at', from).as('week'), eb.fn.countAll<string>().as('posted')])
    .where('created_at', '>=', from.toISOString())
    .groupBy('week')
    .execute();
  return rows.map((r) => ({ week: r.week, posted: n(r.posted) }));
}

/**
 * Matches made per week since `from`, and how many of them have become a trade: a trades row
 * names the match (an accepted offer between its two requests, which also approves it). A match's
 * trade comes after it, so only the trades since `from` are looked at (trades_approved_at_index):
 * PostgreSQL hashes them once rather than read every trade there ever was.
 */
export async function matchesPerWeek(em: EntityManager, from: Date): Promise<{ week: string; made: number; traded: number }[]> {
  const rows = await kysely(em)
    .selectFrom('matches as m')
    .select((eb) => [
      weekOf('m.created_at', from).as('week'),
      eb.fn.countAll<string>().as('made'),
      eb.fn
        .countAll<string>()
        .filterWhere(
          eb.exists(
            eb
              .selectFrom('trades as t')
              .select('t.id')
              .whereRef('t.match_id', '=', 'm.id')
              .where('t.approved_at', '>=', from.toISOString()),
          ),
        )
        .as('traded'),
    ])
    .where('m.created_at', '>=', from.toISOString())
    .groupBy('week')
    .execute();
  return rows.map((r) => ({ week: r.week, made: n(r.made), traded: n(r.traded) }));
}

/**
 * Trades completed per week since `from`: accepted offers write one trades row without a chain; a
 * completed three-way chain writes three rows with its id in one statement, counted once here.
 */
export async function tradesPerWeek(em: EntityManager, from: Date): Promise<{ week: string; offers: number; chains: number }[]> {
  const rows = await kysely(em)
    .selectFrom('trades')
    .select((eb) => [
      weekOf('approved_at', from).as('week'),
      eb.fn.countAll<string>().filterWhere('chain_id', 'is', null).as('offers'),
      eb.fn.count<string>('chain_id').distinct().as('chains'),
    ])
    .where('approved_at', '>=', from.toISOString())
    .groupBy('week')
    .execute();
  return rows.map((r) => ({ week: r.week, offers: n(r.offers), chains: n(r.chains) }));
}

/** Support requests filed per week since `from`. */
export async function supportFiledPerWeek(em: EntityManager, from: Date): Promise<{ week: string; filed: number }[]> {
  const rows = await kysely(em)
    .selectFrom('support_requests')
    .select((eb) => [weekOf('created_at', from).as('week'), eb.fn.countAll<string>().as('filed')])
    .where('created_at', '>=', from.toISOString())
    .groupBy('week')
    .execute();
  return rows.map((r) => ({ week: r.week, filed: n(r.filed) }));
}

/**
 * Support requests answered per week since `from` (an answer resolves the request and sets
 * resolved_at), with the median seconds from filing to answer. The median is the ordered-set
 * aggregate percentile_cont, which Kysely has no builder for: its one fragment names columns only.
 */
export async function supportAnsweredPerWeek(
  em: EntityManager,
  from: Date,
): Promise<{ week: string; answered: number; medianSeconds: number | null }[]> {
  const rows = await kysely(em)
    .selectFrom('support_requests')
    .select((eb) => [
      weekOf('resolved_at', from).as('week'),
      eb.fn.countAll<string>().as('answered'),
      sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from ${sql.ref('resolved_at')} - ${sql.ref('created_at')}))`.as(
        'medianSeconds',
      ),
    ])
    .where('resolved_at', '>=', from.toISOString())
    .groupBy('week')
    .execute();
  return rows.map((r) => ({ week: r.week, answered: n(r.answered), medianSeconds: r.medianSeconds === null ? null : Number(r.medianSeconds) }));
}

/**
 * Active requests whose last date is `low` or later, per group. Those that end after `high` are on
 * their board whatever the base's today is (`edge` null); those that end from `low` to `high` come
 * with their last date (`edge`), for the caller to compare with their base's today. At most a few
 * rows a group (requests_active_last_date_index: an index-only read of the active ones not past).
 */
export async function activeRequestsByGroup(
  em: EntityManager,
  low: string,
  high: string,
): Promise<{ groupKey: string; edge: string | null; count: number }[]> {
  const rows = await kysely(em)
    .selectFrom('requests')
    .select((eb) => [
      'group_key as groupKey',
      eb.case().when('last_date', '>', high).then(sql<string | null>`null`).else(eb.ref('last_date')).end().as('edge'),
      eb.fn.countAll<string>().as('count'),
    ])
    .where('status', '=', 'active')
    .where('last_date', '>=', low)
    .groupBy(['group_key', 'edge'])
    .execute();
  return rows.map((r) => ({ groupKey: r.groupKey, edge: r.edge === null ? null : String(r.edge), count: n(r.count) }));
}
