import type { Deps } from '../../deps.ts';
import type { CreatedMatch } from '../../events/domain-events.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import type { MatchSide } from '../matches/matches.presenter.ts';
import { matchItemsOf } from '../matches/matches.service.ts';
import { poolEm } from '../../db/pool-em.ts';

/** Each new match from both users' sides. */
const sidesOf = (m: CreatedMatch): MatchSide[] => [
  { id: m.id, status: 'pending', createdAt: m.createdAt, mine: m.requestId, other: m.matchedRequestId },
  { id: m.id, status: 'pending', createdAt: m.createdAt, mine: m.matchedRequestId, other: m.requestId },
];

/**
 * Both users of a new match get it live, oriented for each, (their mails and pushes go through
 * the notification outbox, recorded with the write: server/outbox); a changed or deleted
 * match reaches both as match:update, a closed one (or one a deleted request took) with why.
 */
export const matchNoticesSubscriber = (deps: Pick<Deps, 'publisher' | 'orm' | 'log'>) =>
  defineSubscriber({
    name: 'match-notices',
    handles: ['match.created', 'match.changed'],
    async handle(events) {
      for (const e of events) {
        if (e.type !== 'match.changed') continue;
        deps.publisher.publish(e.userIds.map(rooms.user), 'match:update', {
          id: e.matchId,
          status: e.status,
          ...(e.closed ? { closedReason: e.closed.reason, closedByRequestId: e.closed.byRequestId } : {}),
        });
      }
      const created = events.flatMap((e) => (e.type === 'match.created' ? [e.match] : []));
      if (created.length === 0) return;
      const items = await matchItemsOf(poolEm(deps.orm), created.flatMap(sidesOf));
      // Each item is oriented for one user: its request is theirs.
      for (const item of items) deps.publisher.publish(rooms.user(item.request.userId), 'match:new', item);
    },
  });
