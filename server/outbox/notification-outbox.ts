import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../lib/logger.ts';
import type { DomainEvent } from '../events/domain-events.ts';
import type { DurableNotices } from '../events/event-bus.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './backoff.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NotificationMailLog } from '../mail/notification-mail.queries.ts';
import { logNotificationOutcomes } from '../mail/notification-mails.ts';
import { prepareMailRows } from './outbox-mails.ts';
import type { OutboxDeliveries, OutboxRow } from './outbox-plugins.ts';
import { outboxRecordsOf } from './outbox-records.ts';
import { SentMarks } from './sent-marks.ts';
import {
  claimOutboxRows,
  extendOutboxLease,
  insertOutboxRows,
  markOutboxDeferred,
  markOutboxFailed,
  markOutboxRetry,
  markOutboxSent,
  purgeOutbox,
  type ClaimedRow,
} from './notification-outbox.queries.ts';
import { poolEm } from '../db/pool-em.ts';

/** Rows one claim takes: what piled up is delivered in batches of this size (one read, one send each). */
const BATCH = 100;
/** The fallback when no commit here woke the deliverer: rows of other instances, of retries, of a dead instance. */
const POLL_MS = 2_000;
const PURGE_EVERY_MS = 10 * 60_000;
const KEEP_SENT_MS = 24 * 3600_000;
const KEEP_FAILED_MS = 7 * 24 * 3600_000;
/** How long a batch keeps trying its sent marks while the database is away (at least twice the lease). */
const MARK_PATIENCE_MS = 60_000;

/** Who has push devices (the push feature's register, handed in): pushes are recorded only for them. */
export interface PushDevicesKnown {
  withDevices(userIds: readonly number[]): readonly unknown[];
}

/** What the outbox runs on: the database, the log, the sender's address, and its own mailer. */
export interface OutboxDeps {
  orm: MikroORM;
  log: Logger;
  config: { mailFrom: string };
  mailer: Mailer;
}

export interface OutboxOptions {
  /** How long a claim holds its rows: longer than a batch's sends can take. */
  leaseMs: number;
  pollMs?: number;
}

/**
 * The notification outbox (docs/decisions/0026): the mails and pushes a write calls for are
 * recorded in its transaction (`record`, called by the event bus), and delivered by every instance
 * from the table: claimed in batches with FOR UPDATE SKIP LOCKED and a lease, sent, marked sent;
 * a failure is retried with exponential backoff and given up after MAX_ATTEMPTS with a log line.
 * The commit's instance is woken at once; the others poll every two seconds.
 */
export class NotificationOutbox implements DurableNotices {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private lastPurge = 0;
  /** Rows this instance's mail server took that are not marked yet: never sent again from here. */
  private readonly sentHere = new Set<number>();
  /** The features' drafters and push sender, handed in at start-up (`deliverWith`). */
  private deliveries: OutboxDeliveries | undefined;

  constructor(
    private readonly deps: OutboxDeps,
    private readonly devices: PushDevicesKnown,
    private readonly options: OutboxOptions,
  ) {}

  async record(em: EntityManager, events: readonly DomainEvent[]): Promise<number> {
    const rows = outboxRecordsOf(events, (userId) => this.devices.withDevices([userId]).length > 0);
    await insertOutboxRows(em, rows);
    return rows.length;
  }

  committed(): void {
    this.wake();
  }

  /** What the features deliver with (server/subscribers.ts): before start, since nothing is sent without it. */
  deliverWith(deliveries: OutboxDeliveries): this {
    this.deliveries = deliveries;
    return this;
  }

  start(): void {
    if (!this.deliveries) throw new Error('notification outbox: started before the features handed in their deliveries');
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Delivers what is due now; a wake during a run makes it look again when done. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => (this.running = undefined));
  }

  /** Stops polling and waits for the batch under way (its rows are marked; the rest wait in the table). */
  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Resolves once nothing is being delivered (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    try {
      do {
        this.again = false;
        while (!this.stopped && (await this.deliverBatch()) === BATCH);
      } while (this.again && !this.stopped);
      if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
        this.lastPurge = Date.now();
        await purgeOutbox(poolEm(this.deps.orm), KEEP_SENT_MS, KEEP_FAILED_MS);
      }
    } catch (err) {
      // The database is away: the rows wait, the next poll tries again.
      this.deps.log.warn({ err }, 'notification outbox: delivery run failed');
    }
  }

  /** Claims, sends and marks one batch; how many rows it claimed. */
  async deliverBatch(): Promise<number> {
    const em = poolEm(this.deps.orm);
    await this.markSentHere(em);
    const rows = await claimOutboxRows(em, BATCH, this.options.leaseMs);
    if (rows.length === 0) return 0;
    // Renewed at half the lease while the batch is out, so a slow mail server never lets another
    // deliverer take (and send again) rows still being sent; a dead deliverer stops renewing.
    const leaseMs = this.options.leaseMs;
    const renew = setInterval(
      () =>
        void extendOutboxLease(
          poolEm(this.deps.orm),
          rows.map((r) => r.id),
          leaseMs,
        ).catch((err: unknown) => this.deps.log.warn({ err }, 'notification outbox: lease not renewed')),
      leaseMs / 2,
    );
    try {
      return await this.deliverClaimed(em, rows);
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * Rows this instance sent but could not mark (the database was away longer than the marks'
   * patience) are marked before anything is claimed, so this instance never sends them again.
   */
  private async markSentHere(em: EntityManager): Promise<void> {
    if (this.sentHere.size === 0) return;
    const ids = [...this.sentHere];
    await markOutboxSent(em, ids);
    for (const id of ids) this.sentHere.delete(id);
  }

  /**
   * Sends a claimed batch and marks it (docs/decisions/0043). Each row is marked sent as soon as
   * its mail is taken, in its own step (`SentMarks`); the email_sent activity follows, and its
   * failure changes nothing; retries, holds and give-ups come last. So no failure after a send can
   * make the row due again: only an instance dying between the server's "250" and the mark can.
   */
  private async deliverClaimed(em: EntityManager, rows: readonly ClaimedRow[]): Promise<number> {
    const marks = new SentMarks({
      mark: (ids) => markOutboxSent(poolEm(this.deps.orm), ids),
      log: this.deps.log,
      patienceMs: Math.max(2 * this.options.leaseMs, MARK_PATIENCE_MS),
      stopping: () => this.stopped,
    });
    // Sent by this instance before and still unmarked (markSentHere could not write): not again.
    marks.add(rows.filter((r) => this.sentHere.has(r.id)).map((r) => r.id));
    const failed: ClaimedRow[] = [];
    const deferred: { id: number; delayMs: number }[] = [];
    const logs: NotificationMailLog[] = [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const mails = rows.filter((r) => r.channel === 'mail' && !marks.has(r.id));
    try {
      const batch = await prepareMailRows(this.deps, this.deliveries?.mail ?? [], mails as readonly OutboxRow[]);
      deferred.push(...batch.deferred);
      marks.add(batch.nothing);
      const delivered = await this.deps.mailer.sendAll(
        batch.mails.map((m) => m.mail),
        (i, ok) => ok && marks.add(batch.mails[i]!.rowIds),
      );
      for (const [i, m] of batch.mails.entries()) {
        const sent = delivered[i]?.delivered === true;
        if (sent) marks.add(m.rowIds);
        else failed.push(...m.rowIds.map((id) => byId.get(id)!));
        const final = !sent && byId.get(m.rowIds[0]!)!.attempts >= MAX_ATTEMPTS;
        if (m.log && (sent || final)) logs.push({ ...m.log, sent });
      }
    } catch (err) {
      // Nothing was sent: building the mails failed (the database, most likely).
      this.deps.log.warn({ err }, 'notification outbox: mail batch failed');
      failed.push(...mails.filter((r) => !marks.has(r.id)));
    }
    const pushes = rows.filter((r) => r.channel === 'push' && !marks.has(r.id));
    try {
      await this.deliveries?.push.deliver(pushes.map((r) => ({ recipientId: r.recipientId, event: r.event })));
      marks.add(pushes.map((r) => r.id));
    } catch (err) {
      this.deps.log.warn({ err }, 'notification outbox: push batch failed');
      failed.push(...pushes);
    }
    const unmarked = await marks.settled();
    if (unmarked.length > 0) {
      for (const id of unmarked) this.sentHere.add(id);
      this.deps.log.error(
        { outboxIds: unmarked },
        'notification outbox: sent but not marked; this instance will not send them again, another may once their lease ends',
      );
    }
    await logNotificationOutcomes(this.deps, logs);
    await markOutboxDeferred(em, deferred);
    const retries = failed.flatMap((r) => {
      const delayMs = retryDelayMs(r.attempts);
      return delayMs === undefined ? [] : [{ id: r.id, delayMs }];
    });
    const givenUp = failed.filter((r) => retryDelayMs(r.attempts) === undefined);
    await markOutboxRetry(em, retries);
    await markOutboxFailed(
      em,
      givenUp.map((r) => r.id),
    );
    for (const r of givenUp)
      this.deps.log.error(
        { outboxId: r.id, channel: r.channel, recipientId: r.recipientId, event: r.event.type, attempts: r.attempts },
        'notification given up',
      );
    return rows.length;
  }
}
