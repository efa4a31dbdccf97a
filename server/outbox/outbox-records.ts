import type { DomainEvent } from '../events/domain-events.ts';
import type { OutboxRecord } from './notification-outbox.queries.ts';

/**
 * The notifications a commit's events call for, one per recipient and channel, so each is
 * delivered, retried and marked on its own: the match_notification of both users of a new match,
 * the chain_notification of each member of a proposed chain, the mail of a new offer (its
 * per-pair limit is applied at delivery), and the pushes of those, of answers to offers and of
 * direct messages; a standing rule's accept mailed and pushed to the owner it acted for. `mayHavePush` leaves out the pushes of users with no device (most of them).
 * Every other mail the server sends is here too (docs/decisions/0043): an account's confirmation
 * link, a password reset, an admin's answer to a support request.
 */
export function outboxRecordsOf(events: readonly DomainEvent[], mayHavePush: (userId: number) => boolean): OutboxRecord[] {
  const rows: OutboxRecord[] = [];
  const both = (event: DomainEvent, recipientIds: readonly number[]) => {
    for (const recipientId of recipientIds) rows.push({ channel: 'mail', recipientId, event });
    push(event, recipientIds);
  };
  const push = (event: DomainEvent, recipientIds: readonly number[]) => {
    for (const recipientId of recipientIds) if (mayHavePush(recipientId)) rows.push({ channel: 'push', recipientId, event });
  };
  for (const e of events) {
    if (e.type === 'match.created') both(e, e.match.userIds);
    else if (e.type === 'chain.changed' && e.proposed) both(e, e.userIds);
    else if (e.type === 'offer.sent') both(e, [e.toUserId]);
    else if (e.type === 'offer.answered' && e.byRule) {
      // A standing rule's accept (docs/decisions/0045): the owner it acted for hears by every channel, the sender by push.
      both(e, [e.toUserId]);
      push(e, [e.fromUserId]);
    } else if (e.type === 'offer.answered' && !e.silent) push(e, [e.fromUserId]);
    else if (e.type === 'message.sent') push(e, [e.toUserId]);
    else if (e.type === 'account.verifyAsked' || e.type === 'account.resetAsked' || e.type === 'support.responded')
      rows.push({ channel: 'mail', recipientId: e.userId, event: e });
  }
  return rows;
}
