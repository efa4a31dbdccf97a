import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import { chainItemsById } from './chains.service.ts';
import { chainMailDrafts } from './chain-mails.ts';

/**
 * Every member of a chain hears of it live as it is proposed and each time it changes (the whole
 * chain, as GET /api/chains shows it); a new proposal is mailed in the background too.
 */
export const chainNoticesSubscriber = (deps: Pick<Deps, 'publisher' | 'notificationMails' | 'orm' | 'log'>) =>
  defineSubscriber({
    name: 'chain-notices',
    handles: ['chain.changed'],
    async handle(events) {
      const items = await chainItemsById(deps.orm.em.fork(), [...new Set(events.map((e) => e.chainId))]);
      for (const e of events) {
        const item = items.find((i) => i.id === e.chainId);
        if (item) deps.publisher.publish(e.userIds.map(rooms.user), 'chain:update', item);
      }
      const proposed = items.filter((i) => events.some((e) => e.proposed && e.chainId === i.id));
      deps.notificationMails.queue(chainMailDrafts(proposed));
    },
  });
