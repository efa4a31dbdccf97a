import { defineEntity, p } from '@mikro-orm/core';
import type { DomainEvent } from '../../events/domain-events.ts';
import { insertTime, serialId } from './columns.ts';

/**
 * One notification to deliver (a mail or a push to one recipient), written in the transaction of
 * the write that causes it and delivered from here by any instance (docs/decisions/0026). No
 * foreign key to users: a recipient deleted meanwhile is simply not found at delivery, and the
 * account deletion takes no lock on these rows.
 */
export const NotificationOutboxEntry = defineEntity({
  name: 'NotificationOutboxEntry',
  tableName: 'notification_outbox',
  indexes: [
    // A user's account asks, the newest of which is sent (docs/decisions/0043, Migration20261128205000).
    {
      name: 'notification_outbox_account_asks_index',
      expression: `create index "notification_outbox_account_asks_index" on "notification_outbox" ("recipient_id", "id") where "channel" = 'mail' and "event"->>'type' in ('account.resetAsked', 'account.verifyAsked')`,
    },
  ],
  properties: {
    id: serialId(),
    channel: p.string().length(10),
    recipientId: p.integer(),
    /** The domain event as recorded in the transaction: what the notice says is built from it at delivery. */
    event: p.json<DomainEvent>(),
    createdAt: insertTime(),
    /** Claims so far (a claim counts even when the instance dies before the send ends). */
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().defaultRaw('now()'),
    /** A claim's lease: until then no other deliverer takes the row. */
    claimedUntil: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    /** Given up after the last attempt. */
    failedAt: p.datetime().nullable(),
  },
});
