import { defineSubscriber } from '../events/event-bus.ts';
import type { IoServer, Publisher } from './publisher.ts';
import { rooms } from './rooms.ts';
import { moveUserToGroup } from './socket-server.ts';

/** Sockets follow their user: a new group moves them to its board room; an ended session drops them. */
export const socketRoomsSubscriber = (deps: { io: IoServer; publisher: Publisher }) =>
  defineSubscriber({
    name: 'socket-rooms',
    // After a move the user's sockets hear their new group's events from the first one on.
    phase: 'reply',
    handles: ['user.groupMoved', 'sessions.ended'],
    async handle(events) {
      for (const e of events) {
        if (e.type === 'user.groupMoved') await moveUserToGroup(deps.io, e.userId, e.from, e.to);
        else for (const sid of e.sids) deps.publisher.disconnect(rooms.session(sid));
      }
    },
  });
