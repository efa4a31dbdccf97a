import type { NotificationMails } from '../mail/notification-mails.ts';

export interface OutboxStatus {
  /** Notifications recorded and not yet delivered. */
  pending: number;
  /** How long the oldest of them has waited; 0 when none waits. */
  oldestAgeSeconds: number;
}

/**
 * The one place operators' view of the notification outbox is read from (crewtrade_outbox_pending
 * and crewtrade_outbox_oldest_age_seconds on /metrics). Today the outbox is the notification mails
 * queued in this process (mail/notification-mails.ts); a transactional outbox table replaces this
 * body with one query (count and min(created_at) of its undelivered rows), and nothing else changes.
 */
export async function readOutboxStatus(deps: { notificationMails: NotificationMails }, now = Date.now()): Promise<OutboxStatus> {
  const { pending, oldestQueuedAt } = deps.notificationMails.backlog();
  return { pending, oldestAgeSeconds: oldestQueuedAt === undefined ? 0 : Math.max(0, (now - oldestQueuedAt) / 1000) };
}
