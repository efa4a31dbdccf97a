import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import { moveUserRooms } from '../../realtime/socket-server.ts';
import { chatRoomName, chatRoomNamesOf } from './chat-room.ts';

/**
 * After the commit, a chat room hears of its new and deleted messages, on every instance (the
 * Redis adapter carries io's broadcasts). Each post comes with its event, as the transaction stored
 * it (nothing is read), and is encoded once for the whole room; the poster's own sockets get it with
 * their client key (to settle the send they show as pending), everyone else's without it. A profile
 * change that moves the user to another airline, base or position moves their sockets to its chat
 * rooms (the board's room follows user.groupMoved in realtime/socket-rooms.subscriber.ts; the chat
 * rule lives here, realtime/ knows no features).
 */
export const baseChatSubscriber = (deps: Pick<Deps, 'io'>) =>
  defineSubscriber({
    name: 'base-chat',
    handles: ['chat.posted', 'chat.deleted', 'profile.changed'],
    handle(events) {
      for (const e of events) {
        if (e.type === 'profile.changed') moveUserRooms(deps.io, e.userId, chatRoomNamesOf(e.before), chatRoomNamesOf(e.after));
      }
      for (const e of events) {
        if (e.type !== 'chat.posted') continue;
        // The event carries the poster's copy; the rest of the room gets it without the client key.
        const poster = rooms.user(e.item.userId);
        deps.io.to(chatRoomName(e.room)).except(poster).emit('chat:new', { ...e.item, clientKey: null });
        deps.io.to(poster).emit('chat:new', e.item);
      }
      for (const e of events) {
        if (e.type === 'chat.deleted') deps.io.to(chatRoomName(e.room)).emit('chat:deleted', { id: e.messageId, chatType: e.room.chatType });
      }
    },
  });
