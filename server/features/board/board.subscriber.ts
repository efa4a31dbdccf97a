import type { Deps } from '../../deps.ts';
import type { EventOf } from '../../events/domain-events.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { isOnBoard } from '#protocol/rules.ts';
import { todayUtc } from '../matching/matching.rules.ts';
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
export const boardSubscriber = (deps: Pick<Deps, 'publisher' | 'orm'>) => {
  /** Gone or past: no longer on the board (an edit can move every date into the past). */
  const publishSaved = (groupKey: string, id: number, item: TradeRequestItem | undefined, today: string) => {
    if (item && isOnBoard(item, today)) {
      deps.publisher.publish(rooms.board(groupKey), 'board:upsert', item);
    } else {
      deps.publisher.publish(rooms.board(groupKey), 'board:remove', { id });
    }
  };
  return defineSubscriber({
    name: 'board',
    handles: BOARD_EVENTS,
    async handle(events) {
      const today = todayUtc();
      for (const e of events) {
        if (e.type === 'request.deleted') deps.publisher.publish(rooms.board(e.groupKey), 'board:remove', { id: e.requestId });
        // A create carries its request as stored (clients keep the newer copy, so a later edit's wins).
        if (e.type === 'request.created') publishSaved(e.groupKey, e.requestId, e.item, today);
      }
      const updated = events.filter((e) => e.type === 'request.updated');
      if (updated.length === 0) return;
      const rows = await requestsById(
        deps.orm.em.fork(),
        updated.map((e) => e.requestId),
      );
      for (const e of updated) {
        const row = rows.get(e.requestId);
        publishSaved(e.groupKey, e.requestId, row && presentRequest(row), today);
      }
    },
  });
}
