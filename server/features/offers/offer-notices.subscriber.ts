import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import { offerForViewer } from './offers.presenter.ts';

/**
 * The parties of an offer hear of it after the commit: a new one in full (offer:new) on the
 * recipient's sockets and the sender's other tabs, and the recipient by e-mail through the
 * notification outbox (server/outbox; at most one mail per sender and recipient in 10 minutes:
 * later offers are in the bell, docs/decisions/0019);
 * an answer, a cancel or a hide as offer:update. Whoever's bell changed refetches it.
 */
export const offerNoticesSubscriber = (deps: Pick<Deps, 'publisher' | 'orm' | 'log'>) =>
  defineSubscriber({
    name: 'offer-notices',
    handles: ['offer.sent', 'offer.answered', 'offer.removed'],
    async handle(events) {
      const bells = new Set<number>();
      for (const e of events) {
        if (e.type === 'offer.answered') {
          deps.publisher.publish([rooms.user(e.fromUserId), rooms.user(e.toUserId)], 'offer:update', { id: e.offerId, status: e.status });
          // The sender's answer arrives; the recipient's "new" entry leaves (it lists pending offers only).
          bells.add(e.fromUserId).add(e.toUserId);
        } else if (e.type === 'offer.removed') {
          deps.publisher.publish(e.userIds.map(rooms.user), 'offer:update', { id: e.offerId, status: 'deleted' });
          // A cancel (both parties) takes the recipient's entry with it; a hide (one user) leaves the bell as it was.
          if (e.userIds.length > 1) e.userIds.forEach((u) => bells.add(u));
        } else {
          bells.add(e.toUserId);
        }
      }
      if (bells.size) deps.publisher.publish([...bells].map(rooms.user), 'notifications:changed');
      // Sent offers come with their events (read inside the transaction): nothing is read here.
      const items = events.flatMap((e) => (e.type === 'offer.sent' ? [e.item] : []));
      if (items.length === 0) return;
      for (const item of items) {
        // The standing rule's note is the recipient's own (docs/decisions/0045): the sender's tabs get the offer without it.
        deps.publisher.publish([rooms.user(item.toUserId)], 'offer:new', item);
        deps.publisher.publish([rooms.user(item.fromUserId)], 'offer:new', offerForViewer(item, item.fromUserId));
      }
    },
  });
