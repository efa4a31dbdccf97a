import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import { isCurrent, todayUtc } from '../matching/matching.rules.ts';
import { presentRequest } from '../requests/requests.presenter.ts';
import { requestsById } from '../requests/requests.queries.ts';
import { boardsChangedByProfile } from './profile-changes.ts';

/**
 * The tradeboards after a commit: each changed group's cached body is dropped (here and on every
 * instance), then the group's sockets hear what changed. Invalidation comes first: it travels to
 * the other instances on the same Redis connection, ahead of the event, so a client refetching on
 * that event gets the new board from any instance.
 */
export const boardSubscriber = (deps: Pick<Deps, 'boardCache' | 'publisher' | 'orm'>) =>
  defineSubscriber({
    name: 'board',
    handles: ['request.created', 'request.updated', 'request.deleted', 'board.changed', 'profile.changed'],
    async handle(events) {
      const groups = new Set<string>();
      for (const e of events) {
        if (e.type === 'profile.changed') boardsChangedByProfile(e.before, e.after).forEach((g) => groups.add(g));
        else groups.add(e.groupKey);
      }
      for (const group of groups) deps.boardCache.invalidate(group);

      const saved = events.filter((e) => e.type === 'request.created' || e.type === 'request.updated');
      const deleted = events.filter((e) => e.type === 'request.deleted');
      for (const e of deleted) deps.publisher.publish(rooms.board(e.groupKey), 'board:remove', { id: e.requestId });
      if (saved.length === 0) return;
      const rows = await requestsById(
        deps.orm.em.fork(),
        saved.map((e) => e.requestId),
      );
      const today = todayUtc();
      for (const e of saved) {
        const row = rows.get(e.requestId);
        // Gone or past: no longer on the board (an edit can move every date into the past).
        if (row && isCurrent(row, today)) {
          deps.publisher.publish(rooms.board(e.groupKey), 'board:upsert', presentRequest(row));
        } else {
          deps.publisher.publish(rooms.board(e.groupKey), 'board:remove', { id: e.requestId });
        }
      }
    },
  });
