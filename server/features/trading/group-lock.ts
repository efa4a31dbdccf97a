import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { kysely } from '../../db/kysely.ts';

const lockKey = (name: string) => sql`hashtextextended(${name}, 0)`;

/** A path broke the lock order: it locked or wrote rows before its group's lock (a bug, never a user's error). */
export class LockOrderError extends Error {}

/**
 * Proof that this transaction holds the matching lock of its groups, taken before any row lock:
 * the only way to get one is lockGroups (or forCreate for a create), and every function of the
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
    /** 'group': the groups' locks exclusively; 'create': a create's date locks (createLockedGroupKey). */
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
   * A create's insert with its locks in the same statement: `insert` runs one statement whose
   * group_key value is createLockedGroupKey (below), so the locks are held before the row exists.
   * The proof is handed out only once that statement has run.
   */
  static async forCreate<T>(em: EntityManager, groupKey: string, insert: () => Promise<T>): Promise<{ inserted: T; lock: GroupLock }> {
    const inserted = await insert();
    return { inserted, lock: new GroupLock(em, [groupKey], 'create') };
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
 * its group_key value (requests.queries.ts insertRequestWithinCap), so one statement takes the locks
 * and then inserts the row, one round trip on every create. The arguments are bound as parameters
 * as they are (values, or compileOnce's placeholders: the insert is built once per process,
 * decision 0033); the keys hash the same texts as before, `matching:<group>` (lockGroups' key) and
 * `matching:<group>:<date>`. The value is computed before the row exists, so the locks still come
 * before the row and its foreign-key lock on the owner, in the order every other write takes them. Matching runs in the next statement, whose snapshot is taken after the
 * locks: it sees every create that held one of these dates before.
 */
export function createLockedGroupKey(groupKey: unknown, own: unknown, desired: unknown): RawBuilder<string> {
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
