import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';

/**
 * Every member of a chain hears of it live as it is proposed and each time it changes (the whole
 * chain, as GET /api/chains shows it) (a new proposal's mails and pushes go through
 * the notification outbox, recorded with the write: server/outbox).
 */
export const chainNoticesSubscriber = (deps: Pick<Deps, 'publisher' | 'orm' | 'log'>) =>
  defineSubscriber({
    name: 'chain-notices',
    handles: ['chain.changed'],
    // The chains come with their events (read inside the transaction): nothing is read here.
    handle(events) {
      for (const e of events) deps.publisher.publish(e.userIds.map(rooms.user), 'chain:update', e.item);
    },
  });
