import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import { presentMessage } from './messages.presenter.ts';
import { messagesByIds } from './messages.queries.ts';

/**
 * Direct messages reach the sockets after the commit (through the Redis adapter, every instance's):
 * a new message to the recipient and to the sender's other tabs (each copy as that person sees it:
 * only the sender's carries the client key their tab matches), read marks to both people, a
 * deleted conversation to the caller's other tabs. Badge counts are the badges subscriber's.
 */
export const messagesSubscriber = (deps: Pick<Deps, 'publisher' | 'orm'>) =>
  defineSubscriber({
    name: 'messages',
    handles: ['message.sent', 'message.read', 'conversation.deleted'],
    async handle(events) {
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
      const sent = events.flatMap((e) => (e.type === 'message.sent' ? [e.messageId] : []));
      if (sent.length === 0) return;
      for (const row of await messagesByIds(deps.orm.em.fork(), sent)) {
        deps.publisher.publish(rooms.user(row.toUserId), 'message:new', presentMessage(row, row.toUserId));
        deps.publisher.publish(rooms.user(row.fromUserId), 'message:new', presentMessage(row, row.fromUserId));
      }
    },
  });
