import { currentRequestId } from '../lib/request-context.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../db/kysely.ts';
import type { DomainEvent } from '../events/domain-events.ts';

export type OutboxChannel = 'mail' | 'push';

/** A notification to record: to whom, by which channel, about which event. */
export interface OutboxRecord {
  channel: OutboxChannel;
  recipientId: number;
  event: DomainEvent;
}

/** In the transaction of the write that causes them, in one insert. */
export async function insertOutboxRows(em: EntityManager, rows: readonly OutboxRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await kysely(em)
    .insertInto('notification_outbox')
    .values(
      // The HTTP request that asked for it rides along as `reqId` (the log field's name; events use
      // `requestId` for a trade request), so its delivery's log lines name it (server/lib/request-context.ts).
      rows.map((r) => ({
        channel: r.channel,
        recipient_id: r.recipientId,
        event: JSON.stringify({ ...r.event, reqId: currentRequestId() }) as unknown as DomainEvent,
      })),
    )
    .execute();
}

/**
 * Takes up to `limit` due rows for this deliverer for `leaseMs`: rows another deliverer holds (a
 * row lock of a concurrent claim, or an unexpired lease) are skipped, so two claimers never get
 * the same row. One statement: the claim commits on its own, and a deliverer that dies leaves
 * its rows to whoever claims once the lease ends. A claim counts as an attempt.
 */
export async function claimOutboxRows(em: EntityManager, limit: number, leaseMs: number) {
  const due = kysely(em)
    .selectFrom('notification_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', sql<string>`now()`)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<=', sql<string>`now()`)]))
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const rows = await kysely(em)
    .updateTable('notification_outbox')
    .set({
      claimed_until: sql<string>`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', due)
    .returning(['id', 'channel', 'recipient_id as recipientId', 'event', 'attempts'])
    .execute();
  return rows.sort((a, b) => a.id - b.id).map((r) => ({ ...r, channel: r.channel as OutboxChannel }));
}

export type ClaimedRow = Awaited<ReturnType<typeof claimOutboxRows>>[number];

/** The account asks whose older rows a newer one supersedes (literals: the partial index's predicate names them). */
export const ACCOUNT_ASKS = ['account.resetAsked', 'account.verifyAsked'] as const;

/**
 * The newest row of each recipient's account asks of each kind: an older ask still waiting when a
 * newer one came is superseded by it (docs/decisions/0043). Keyed `recipientId:type`. Read through
 * the partial index of account asks (Migration20261128205000), which no other row enters.
 */
export async function newestAccountAsks(em: EntityManager, recipientIds: readonly number[]): Promise<Map<string, number>> {
  if (recipientIds.length === 0) return new Map();
  const type = sql<string>`event->>'type'`;
  const rows = await kysely(em)
    .selectFrom('notification_outbox')
    .select(['recipient_id as recipientId', type.as('type'), sql<number>`max(id)`.as('id')])
    .where('channel', '=', sql.lit('mail'))
    .where(
      type,
      'in',
      ACCOUNT_ASKS.map((t) => sql.lit(t)),
    )
    .where('recipient_id', 'in', [...new Set(recipientIds)])
    .groupBy(['recipient_id', type])
    .execute();
  return new Map(rows.map((r) => [`${r.recipientId}:${r.type}`, r.id]));
}

/** Keeps a claim while its sends run: the lease covers a pause of the deliverer, not a slow mail server. */
export async function extendOutboxLease(em: EntityManager, ids: readonly number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await kysely(em)
    .updateTable('notification_outbox')
    .set({ claimed_until: sql<string>`now() + ${leaseMs} * interval '1 millisecond'` })
    .where('id', 'in', ids)
    .where('sent_at', 'is', null)
    .execute();
}

/** Done: the mail was taken, or there was nothing to send. A row marked before keeps its first time. */
export async function markOutboxSent(em: EntityManager, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await kysely(em)
    .updateTable('notification_outbox')
    .set({ sent_at: sql<string>`now()`, claimed_until: null })
    .where('id', 'in', [...ids])
    .where('sent_at', 'is', null)
    .execute();
}

/** Due again after its own delay each (the backoff of its attempts so far). */
export async function markOutboxRetry(em: EntityManager, retries: readonly { id: number; delayMs: number }[]): Promise<void> {
  if (retries.length === 0) return;
  await kysely(em)
    .updateTable('notification_outbox as o')
    .from(
      sql<{
        id: number;
        delay_ms: number;
      }>`(select unnest(${retries.map((r) => r.id)}::int[]) as id, unnest(${retries.map((r) => r.delayMs)}::int[]) as delay_ms)`.as('r'),
    )
    .set({ next_attempt_at: sql<string>`now() + r.delay_ms * interval '1 millisecond'`, claimed_until: null })
    .whereRef('o.id', '=', 'r.id')
    .execute();
}

/** Held back, not failed: due again after its own delay each, and the claim's attempt given back. */
export async function markOutboxDeferred(em: EntityManager, held: readonly { id: number; delayMs: number }[]): Promise<void> {
  if (held.length === 0) return;
  await kysely(em)
    .updateTable('notification_outbox as o')
    .from(
      sql<{
        id: number;
        delay_ms: number;
      }>`(select unnest(${held.map((r) => r.id)}::int[]) as id, unnest(${held.map((r) => r.delayMs)}::int[]) as delay_ms)`.as('r'),
    )
    .set({
      next_attempt_at: sql<string>`now() + r.delay_ms * interval '1 millisecond'`,
      claimed_until: null,
      attempts: sql<number>`greatest(o.attempts - 1, 0)`,
    })
    .whereRef('o.id', '=', 'r.id')
    .execute();
}

export async function markOutboxFailed(em: EntityManager, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await kysely(em)
    .updateTable('notification_outbox')
    .set({ failed_at: sql<string>`now()`, claimed_until: null })
    .where('id', 'in', ids)
    .execute();
}

/** Delivered rows older than `sentMs`, and given-up ones older than `failedMs` (kept longer, for a look). */
export async function purgeOutbox(em: EntityManager, sentMs: number, failedMs: number): Promise<number> {
  const res = await kysely(em)
    .deleteFrom('notification_outbox')
    .where((w) =>
      w.or([
        w('sent_at', '<', sql<string>`now() - ${sentMs} * interval '1 millisecond'`),
        w('failed_at', '<', sql<string>`now() - ${failedMs} * interval '1 millisecond'`),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Rows not yet delivered (nor given up), and the age of the oldest in seconds. */
export async function outboxBacklog(em: EntityManager): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const row = await kysely(em)
    .selectFrom('notification_outbox')
    .select([
      sql<number>`count(*)::int`.as('pending'),
      sql<number>`coalesce(extract(epoch from now() - min(created_at)), 0)::float8`.as('oldestAgeSeconds'),
    ])
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { pending: row.pending, oldestAgeSeconds: Math.max(0, row.oldestAgeSeconds) };
}
