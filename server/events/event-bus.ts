import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction, type TransactionOpening } from '../db/transaction.ts';
import { retryTransientConflicts } from '../db/transient-conflicts.ts';
import type { Logger } from '../lib/logger.ts';
import type { DomainEvent, DomainEventType, EventOf } from './domain-events.ts';

/**
 * One concern's reaction to committed events (board fan-out, match notices, badges...). It gets
 * all the events it handles of one commit at once ('reply'), or of every commit that landed while
 * its previous batch ran ('after'), in commit order, so it can coalesce (one badge query for every
 * user those writes touched).
 */
export interface Subscriber<T extends DomainEventType = DomainEventType> {
  /** For the log. */
  name: string;
  handles: readonly T[];
  handle(events: readonly EventOf<T>[]): Promise<void> | void;
  /**
   * 'reply': the write's answer waits for it. Only for what the writer's very next read depends on
   * and is quick (a cached board or session dropped, sockets moved, files removed). Default
   * 'after': fan-out, counts, notices and mail follow the answer (docs/ARCHITECTURE.md 10).
   */
  phase?: 'reply' | 'after';
}

/** Typed by the events it names: `handle` receives only those. */
export const defineSubscriber = <T extends DomainEventType>(subscriber: Subscriber<T>): Subscriber<T> => subscriber;

/**
 * The notifications that must survive a crash (docs/decisions/0026): `record` writes those a
 * transaction's events call for inside that transaction, `committed` hears that they are in.
 */
export interface DurableNotices {
  record(em: EntityManager, events: readonly DomainEvent[]): Promise<number>;
  committed(): void;
}

/** What a transaction's work records its events with. */
export interface EventRecorder {
  record(...events: DomainEvent[]): void;
}

/**
 * Domain events, dispatched after commit to one subscriber per concern, in the order they were
 * registered (server/subscribers.ts). The 'reply' subscribers run before the write answers;
 * the rest run after it, in commit order on this instance (so a create's board:upsert never
 * overtakes the delete that followed it), one batch at a time: the commits that land while a batch
 * runs go together in the next one. So under load the after-commit reads (notices, devices, counts)
 * cost one statement per batch instead of one per commit, and at rest a batch is one commit, sent at
 * once, with no timer. A failing subscriber is logged with its events and skipped: a committed write
 * never turns into an error because a side effect failed.
 */
export class EventBus {
  private readonly subscribers: Subscriber[] = [];
  /** Committed events whose 'after' work has not started, in commit order. */
  private backlog: DomainEvent[] = [];
  /** The 'after' work under way: it resolves once the backlog is empty. */
  private draining: Promise<void> | undefined;

  constructor(
    private readonly log: Pick<Logger, 'error'>,
    private readonly durable?: DurableNotices,
  ) {}

  subscribe<T extends DomainEventType>(subscriber: Subscriber<T>): void {
    // The dispatcher hands it only the types it names, so the wider type is never seen by it.
    this.subscribers.push(subscriber as unknown as Subscriber);
  }

  /**
   * Runs `work` in one transaction on `em` and, once it has committed, dispatches what it recorded.
   * The only way services emit events, so none can go out for a write that rolled back or has not
   * committed yet: when `work` throws, nothing is dispatched. `work` may run more than once (a
   * deadlock victim is retried), so it keeps its effects inside the transaction and its events.
   * `opening` is sent with the BEGIN (an account lock: inTransaction).
   */
  async transaction<T>(
    em: EntityManager,
    work: (em: EntityManager, events: EventRecorder) => Promise<T>,
    opening?: TransactionOpening,
  ): Promise<T> {
    // Inside an outer transaction, "after commit" would be before the outer one commits.
    if (em.isInTransaction()) throw new Error('events: a transaction with events must not be nested in another');
    let recorded: DomainEvent[] = [];
    let notices = 0;
    // A deadlock or serialization failure rolls the whole attempt back: it runs again from the start,
    // with what the failed attempt recorded dropped.
    const result = await retryTransientConflicts(() => {
      recorded = [];
      return inTransaction(
        em,
        async (tx) => {
          const out = await work(tx, { record: (...events) => recorded.push(...events) });
          // Last in the transaction, so they commit with the write or not at all.
          notices = (await this.durable?.record(tx, recorded)) ?? 0;
          return out;
        },
        opening,
      );
    });
    if (notices > 0) this.durable?.committed();
    await this.dispatch(recorded);
    return result;
  }

  /**
   * Committed events to their subscribers: resolves once the 'reply' ones have run and the rest are
   * queued behind earlier commits' (see `settled`). Never rejects.
   */
  async dispatch(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.run(events, 'reply');
    this.backlog.push(...events);
    // Started from a microtask, as the answer's own continuation is: the write answers first.
    this.draining ??= Promise.resolve().then(() => this.drain());
  }

  /** Resolves when every commit's 'after' work so far has run (shutdown; tests that look at its effects). */
  settled(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    while (this.backlog.length > 0) {
      const batch = this.backlog;
      this.backlog = [];
      await this.run(batch, 'after');
    }
    this.draining = undefined;
  }

  private async run(events: readonly DomainEvent[], phase: 'reply' | 'after'): Promise<void> {
    for (const subscriber of this.subscribers) {
      if ((subscriber.phase ?? 'after') !== phase) continue;
      const mine = events.filter((e) => subscriber.handles.includes(e.type));
      if (mine.length === 0) continue;
      try {
        await subscriber.handle(mine);
      } catch (err) {
        this.log.error({ err, subscriber: subscriber.name, events: mine }, 'event subscriber failed');
      }
    }
  }
}
