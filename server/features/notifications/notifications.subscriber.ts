import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';

/** The bell lists pending, unacknowledged matches: whoever such a change touches refetches it, once per commit. */
export const notificationsSubscriber = (deps: Pick<Deps, 'publisher'>) =>
  defineSubscriber({
    name: 'notifications',
    handles: ['match.created', 'match.changed', 'notification.changed'],
    handle(events) {
      const users = new Set<number>();
      for (const e of events) {
        if (e.type === 'match.created') e.match.userIds.forEach((u) => users.add(u));
        else if (e.type === 'match.changed') e.userIds.forEach((u) => users.add(u));
        else users.add(e.userId);
      }
      if (users.size) deps.publisher.publish([...users].map(rooms.user), 'notifications:changed');
    },
  });
