import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { compileOnce } from '../../db/compiled-query.ts';
import { kysely } from '../../db/kysely.ts';
import type { RequestColumns } from '../requests/requests.queries.ts';

const lockKey = (name: string) => sql`hashtextextended(${name}, 0)`;

/** A path broke the lock order: it locked or wrote rows before its group's lock (a bug, never a user's error). */
export class LockOrderError extends Error {}

/**
 * Proof that this transaction holds the matching lock of its groups, taken before any row lock:
 * the only way to get one is lockGroups (or a create's insert, forCreate), and every function of the
 * trading core that writes or locks requests, matches, trades or chains asks for it. So every write
 * path takes the group first, then rows, in one order (docs/decisions/0027): an accept racing an
 * admin deletion queues instead of deadlocking.
 *
 * The group lock serialises the request writes of one group. Without it, two crew posting matching
 * requests at the same moment would each look for partners before the other's row is committed,
 * and neither would find the other. With it the second one waits, then (read committed: each
 * statement sees the latest commits) finds the first. The lock ends with the transaction.
 */
export class GroupLock {
  readonly #groups: Set<string>;

  private constructor(
    readonly em: EntityManager,
    groups: Iterable<string>,
    /** 'group': the groups' locks exclusively; 'create': a create's date locks (createLockedGroupKey, in forCreate's insert). */
    readonly mode: 'group' | 'create',
  ) {
    this.#groups = new Set(groups);
  }

  holds(groupKey: string): boolean {
    return this.#groups.has(groupKey);
  }

  /**
   * The groups' locks, exclusively, in sorted order (two writers naming the same groups never wait
   * for each other crosswise). Refused with a LockOrderError when the transaction has already locked
   * or written a row: it would then hold rows while waiting for a group, the order that deadlocks
   * against every other path. A transaction that has locked or written a row has a transaction id;
   * one that has only read or taken advisory locks has none, which the first lock's statement reads.
   */
  static async take(em: EntityManager, groupKeys: Iterable<string | null | undefined>): Promise<GroupLock> {
    const groups = [...new Set([...groupKeys].filter((g): g is string => !!g))].sort();
    for (const [i, g] of groups.entries()) {
      const { rows } = await sql<{ xid: string | null }>`
        select txid_current_if_assigned()::text as xid, pg_advisory_xact_lock(${lockKey(`matching:${g}`)})`.execute(kysely(em));
      if (i === 0 && rows[0]?.xid != null) throw new LockOrderError('trading: a group lock asked for after rows were locked or written');
    }
    return new GroupLock(em, groups, 'group');
  }

  /**
   * A group this transaction found it needs only after locking rows: a request moved to another
   * group (a profile change) between the read that named the groups and their locks. Taken late,
   * out of order, as a rare exception; should it ever deadlock, the whole transaction is retried
   * (events.transaction), and the retry reads the moved group up front.
   */
  async extend(groupKey: string): Promise<void> {
    if (this.#groups.has(groupKey)) return;
    await sql`select pg_advisory_xact_lock(${lockKey(`matching:${groupKey}`)})`.execute(kysely(this.em));
    this.#groups.add(groupKey);
  }

  /**
   * A create's insert with its locks in the same statement (insertWithinCap, below): the proof is
   * handed out only once that statement has inserted the row, so the locks were held before the
   * row existed. Nothing inserted (the owner at the cap, or a client key used before): no proof,
   * and at the cap no lock was taken. This statement is the only way to a create's lock; no other
   * code can ask for one around writes of its own.
   */
  static async forCreate(em: EntityManager, request: NewRequest): Promise<{ stored: StoredRequestRow; lock: GroupLock } | undefined> {
    const stored = await insertRequestWithinCap(em, request);
    return stored && { stored, lock: new GroupLock(em, [request.columns.group_key], 'create') };
  }
}

/**
 * What a create takes instead of the whole group (docs/decisions/0015, 0017): the group's lock
 * shared, then one lock per date the request names, in one global order so two creates never
 * deadlock: exclusive for its own dates, shared for its desired dates. Two requests that can match,
 * or sit next to each other in a three-way ring, always meet where one's dates are the other's
 * desired dates (trades) or the other's dates (drops, pickups, reserves), so one holds that date
 * exclusively and they still run one after the other: the later one sees the earlier. Creates on
 * unrelated dates, and creates that only want the same dates (who can never trade with each other
 * through that date), run side by side. Writes that take the group's lock exclusively still wait for
 * every create, and it for them.
 *
 * Hand-written: the locks must be taken in this order (the group's first, then the dates' by key),
 * which a plain select list does not promise; UNION ALL runs its branches in turn and the keys come
 * out of an ordered subquery. A date both owned and desired is taken once, exclusively.
 *
 * The result is the group key itself, read once every lock is held: the create's insert takes it as
 * its group_key value (insertWithinCap, below), so one statement takes the locks and then inserts
 * the row, one round trip on every create. The arguments are bound as parameters
 * as they are (values, or compileOnce's placeholders: the insert is built once per process,
 * decision 0033); the keys hash the same texts as before, `matching:<group>` (lockGroups' key) and
 * `matching:<group>:<date>`. The value is computed before the row exists, so the locks still come
 * before the row and its foreign-key lock on the owner, in the order every other write takes them. Matching runs in the next statement, whose snapshot is taken after the
 * locks: it sees every create that held one of these dates before.
 */
function createLockedGroupKey(groupKey: unknown, own: unknown, desired: unknown): RawBuilder<string> {
  return sql<string>`(
    select ${groupKey}::text from (
      select count(*) as n from (
        select pg_advisory_xact_lock_shared(hashtextextended('matching:' || ${groupKey}::text, 0))
        union all
        select case when exclusive then pg_advisory_xact_lock(k) else pg_advisory_xact_lock_shared(k) end from (
          select k, bool_or(exclusive) as exclusive from (
            select hashtextextended('matching:' || ${groupKey}::text || ':' || d, 0) as k, true as exclusive from unnest(${own}::text[]) as d
            union all
            select hashtextextended('matching:' || ${groupKey}::text || ':' || d, 0), false from unnest(${desired}::text[]) as d
          ) as named group by k order by k
        ) as keys
      ) as locks
    ) as locked
    -- Read, or the planner drops the unread count and the locks with it (always 1 or more: the group's).
    where locked.n > 0
  )`;
}

/** A create's locks on their own (tests of what they hold off). */
export async function lockDatesForMatching(
  em: EntityManager,
  groupKey: string,
  dates: { own: readonly string[]; desired: readonly string[] },
): Promise<void> {
  await sql`select ${createLockedGroupKey(groupKey, [...dates.own], [...dates.desired])}`.execute(kysely(em));
}

/** What a create stores, and the cap it is stored under (GroupLock.forCreate). */
export interface NewRequest {
  userId: number;
  /** The form's fields, the owner's aircraft and the derived matching columns; group_key names the group it is locked in. */
  columns: RequestColumns;
  clientKey: string | null;
  /** The owner's group day: requests whose last date is before it no longer count (docs/decisions/0019). */
  today: string;
  cap: number;
}

/** The columns of a request as a TradeRequestItem row names them (requests.queries.ts itemsQuery's, without the owner's). */
const storedColumns = [
  'id',
  'user_id as userId',
  'type',
  'date',
  'additional_dates as additionalDates',
  'desired_dates as desiredDates',
  'route_type as routeType',
  'route',
  'reserve_period as reservePeriod',
  'trip_days as tripDays',
  'aircraft_type as aircraftType',
  'notes',
  'status',
  'last_date as lastDate',
  'created_at as createdAt',
  'updated_at as updatedAt',
  'auto_accept as autoAccept',
] as const;

interface InsertArgs extends Record<string, unknown> {
  type: string;
  date: string;
  additionalDates: string[];
  desiredDates: string[];
  routeType: string;
  route: string | null;
  reservePeriod: string | null;
  tripDays: number | null;
  aircraftType: string | null;
  notes: string | null;
  autoAccept: boolean;
  groupKey: string;
  allDates: string[];
  lastDate: string;
  userId: number;
  clientKey: string | null;
  today: string;
  cap: number;
}

/**
 * The create's one statement (docs/decisions/0033): counts the owner's requests on the board, and
 * only when they are fewer than `cap` takes the create's locks (createLockedGroupKey, its group_key
 * value) and inserts the row. At the cap the select list is never evaluated: no lock is taken. Run
 * under the owner's account lock (taken with the BEGIN, accountLockOpening), so the count, read in
 * this statement's snapshot, sees every other write of the account's requests (decision 0019).
 * Built once per process (compileOnce): every value is bound.
 *
 * Returns the new request as stored (its id, status and times from RETURNING, so the create's
 * answer needs no second read), or nothing: the owner is at the cap, or already stored a request
 * with this client key (the caller tells them apart by reading the key).
 *
 * Hand-written select list: INSERT ... SELECT ... WHERE is what lets the count refuse the row in
 * the same statement, and its parameters need casts (a VALUES list would type them by column).
 */
const insertWithinCap = compileOnce(
  [
    'type',
    'date',
    'additionalDates',
    'desiredDates',
    'routeType',
    'route',
    'reservePeriod',
    'tripDays',
    'aircraftType',
    'notes',
    'autoAccept',
    'groupKey',
    'allDates',
    'lastDate',
    'userId',
    'clientKey',
    'today',
    'cap',
  ],
  (db, a: InsertArgs) =>
    db
      .insertInto('requests')
      .columns([
        'type',
        'date',
        'additional_dates',
        'desired_dates',
        'route_type',
        'route',
        'reserve_period',
        'trip_days',
        'aircraft_type',
        'notes',
        'auto_accept',
        'all_dates',
        'last_date',
        'user_id',
        'client_key',
        'group_key',
      ])
      .expression(
        sql`select ${a.type}::text, ${a.date}::date, ${a.additionalDates}::text[], ${a.desiredDates}::text[],
          ${a.routeType}::text, ${a.route}::text, ${a.reservePeriod}::text, ${a.tripDays}::int, ${a.aircraftType}::text,
          ${a.notes}::text, ${a.autoAccept}::boolean, ${a.allDates}::text[], ${a.lastDate}::date, ${a.userId}::int, ${a.clientKey}::text,
          ${createLockedGroupKey(a.groupKey, a.allDates, a.desiredDates)}
        where (
          select count(*) from requests
          where user_id = ${a.userId}::int and status = 'active' and last_date >= ${a.today}::date
        ) < ${a.cap}::int`,
      )
      .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
      .returning(storedColumns),
);

type StoredRequestRow = Awaited<ReturnType<typeof insertWithinCap>>[number];

async function insertRequestWithinCap(em: EntityManager, r: NewRequest): Promise<StoredRequestRow | undefined> {
  const c = r.columns;
  const rows = await insertWithinCap(em, {
    type: c.type,
    date: c.date,
    additionalDates: c.additional_dates ?? [],
    desiredDates: c.desired_dates ?? [],
    routeType: c.route_type,
    route: c.route ?? null,
    reservePeriod: c.reserve_period ?? null,
    tripDays: c.trip_days ?? null,
    aircraftType: c.aircraft_type ?? null,
    notes: c.notes ?? null,
    autoAccept: c.auto_accept ?? false,
    groupKey: c.group_key,
    allDates: c.all_dates,
    lastDate: c.last_date,
    userId: r.userId,
    clientKey: r.clientKey,
    today: r.today,
    cap: r.cap,
  });
  return rows[0];
}
