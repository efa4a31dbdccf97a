import type { Deps } from '../../deps.ts';
import type { EventOf } from '../../events/domain-events.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import { isCurrent, todayUtc } from '../matching/matching.rules.ts';
import { presentRequest } from '../requests/requests.presenter.ts';
import { requestsById } from '../requests/requests.queries.ts';
import { boardsChangedByProfile } from './profile-changes.ts';

/** The groups whose boards a commit's events changed. */
function changedGroups(events: readonly EventOf<BoardEvent>[]): Set<string> {
  const groups = new Set<string>();
  for (const e of events) {
    if (e.type === 'profile.changed') boardsChangedByProfile(e.before, e.after).forEach((g) => groups.add(g));
    else groups.add(e.groupKey);
  }
  return groups;
}

type BoardEvent = 'request.created' | 'request.updated' | 'request.deleted' | 'board.changed' | 'profile.changed';
const BOARD_EVENTS: readonly BoardEvent[] = ['request.created', 'request.updated', 'request.deleted', 'board.changed', 'profile.changed'];

/**
 * Each changed group's cached body is dropped (here and on every instance) before the write
 * answers, so the writer's next GET /api/all-trades has the change. The invalidation travels to the
 * other instances on the same Redis connection as the events that follow it, so a client refetching
 * on such an event gets the new board from any instance.
 */
export const boardCacheSubscriber = (deps: Pick<Deps, 'boardCache'>) =>
  defineSubscriber({
    name: 'board-cache',
    phase: 'reply',
    handles: BOARD_EVENTS,
    handle(events) {
      for (const group of changedGroups(events)) deps.boardCache.invalidate(group);
    },
  });

/** The group's sockets hear what changed on its board, after the write has answered. */
export const boardSubscriber = (deps: Pick<Deps, 'publisher' | 'orm'>) =>
  defineSubscriber({
    name: 'board',
    handles: BOARD_EVENTS,
    async handle(events) {
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
