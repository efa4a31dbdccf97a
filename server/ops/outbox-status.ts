import type { MikroORM } from '@mikro-orm/postgresql';
import { outboxBacklog } from '../outbox/notification-outbox.queries.ts';
import { poolEm } from '../db/pool-em.ts';

export interface OutboxStatus {
  /** Notifications recorded and not yet delivered (nor given up). */
  pending: number;
  /** How long the oldest of them has waited; 0 when none waits. */
  oldestAgeSeconds: number;
}

/**
 * The one place operators' view of the notification outbox is read from (crewtrade_outbox_pending
 * and crewtrade_outbox_oldest_age_seconds on /metrics): the undelivered rows of the
 * notification_outbox table, shared by every instance, so each instance reports the same figures.
 */
export async function readOutboxStatus(deps: { orm: MikroORM }): Promise<OutboxStatus> {
  return outboxBacklog(poolEm(deps.orm));
}
