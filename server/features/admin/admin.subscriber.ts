import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';

/**
 * An account deleted by an admin, after the commit: any socket still open for it (a session the
 * sweep has not reached) is told and dropped. Its sessions, files, boards and matches are the
 * subscribers of the events recorded with it.
 */
export const adminSubscriber = (deps: Pick<Deps, 'publisher'>) =>
  defineSubscriber({
    name: 'admin',
    handles: ['user.deleted'],
    handle(events) {
      for (const e of events) {
        deps.publisher.publish(rooms.user(e.userId), 'session:ended');
        deps.publisher.disconnect(rooms.user(e.userId));
      }
    },
  });
