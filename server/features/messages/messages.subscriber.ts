import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';

/**
 * Direct messages reach the sockets after the commit (through the Redis adapter, every instance's),
 * as their events carry them (nothing is read): a new message to the recipient and to the sender's
 * other tabs (each copy as that person sees it: only the sender's carries the client key their tab
 * matches), read marks to both people, a deleted conversation to the caller's other tabs. Badge counts are the badges subscriber's.
 */
export const messagesSubscriber = (deps: Pick<Deps, 'publisher'>) =>
  defineSubscriber({
    name: 'messages',
    handles: ['message.sent', 'message.read', 'conversation.deleted'],
    handle(events) {
      for (const e of events) {
        if (e.type === 'message.read') {
          deps.publisher.publish([rooms.user(e.readerId), rooms.user(e.otherUserId)], 'message:read', {
            readerId: e.readerId,
            otherUserId: e.otherUserId,
          });
        } else if (e.type === 'conversation.deleted') {
          deps.publisher.publish(rooms.user(e.userId), 'conversation:deleted', { userId: e.otherUserId });
        }
      }
      for (const e of events) {
        if (e.type !== 'message.sent') continue;
        // The event carries the sender's copy; the recipient's has no client key.
        deps.publisher.publish(rooms.user(e.toUserId), 'message:new', { ...e.item, clientKey: null });
        deps.publisher.publish(rooms.user(e.fromUserId), 'message:new', e.item);
      }
    },
  });
