import type { Deps } from '../../deps.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { badgesFeed } from './badges.ts';

/** Whose counts (docs/product-spec.md section 2: active requests, pending matches, unread...) an event moves. */
function usersMoved(e: DomainEvent): readonly number[] {
  switch (e.type) {
    case 'request.created':
    case 'request.deleted':
      return [e.userId];
    case 'match.created':
      return e.match.userIds;
    case 'match.changed':
    case 'badges.stale':
      return e.userIds;
    case 'notification.changed':
      return [e.userId];
    // Received pending offers (pendingTrades), answered ones (completedTrades) and, on accept, active requests.
    case 'offer.sent':
    case 'offer.answered':
      return [e.fromUserId, e.toUserId];
    case 'offer.removed':
      return e.userIds;
    // Unread messages: the recipient's count grows; the reader's (or the deleter's) shrinks.
    case 'message.sent':
      return [e.toUserId];
    case 'message.read':
      return [e.readerId];
    case 'conversation.deleted':
      return [e.userId];
    default:
      return [];
  }
}

/**
 * Fresh badge counts for everyone a commit touched who has the app open, on whichever instance
 * holds their sockets (badges.ts): one query for all of them, none for users with no socket.
 */
export const badgesSubscriber = (deps: Pick<Deps, 'io' | 'orm' | 'log' | 'caches'>) => {
  const refresh = badgesFeed(deps);
  return defineSubscriber({
    name: 'badges',
    handles: [
      'request.created',
      'request.deleted',
      'match.created',
      'match.changed',
      'notification.changed',
      'badges.stale',
      'offer.sent',
      'offer.answered',
      'offer.removed',
      'message.sent',
      'message.read',
      'conversation.deleted',
    ],
    async handle(events) {
      await refresh([...new Set(events.flatMap(usersMoved))]);
    },
  });
};
