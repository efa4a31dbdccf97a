import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import { chainMailDrafts } from './chain-mails.ts';

/**
 * Every member of a chain hears of it live as it is proposed and each time it changes (the whole
 * chain, as GET /api/chains shows it); a new proposal is mailed in the background too.
 */
export const chainNoticesSubscriber = (deps: Pick<Deps, 'publisher' | 'notificationMails' | 'orm' | 'log'>) =>
  defineSubscriber({
    name: 'chain-notices',
    handles: ['chain.changed'],
    // The chains come with their events (read inside the transaction): nothing is read here.
    handle(events) {
      for (const e of events) deps.publisher.publish(e.userIds.map(rooms.user), 'chain:update', e.item);
      deps.notificationMails.queue(chainMailDrafts(events.filter((e) => e.proposed).map((e) => e.item)));
    },
  });
