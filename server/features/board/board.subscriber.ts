import type { Deps } from '../../deps.ts';
import type { EventOf } from '../../events/domain-events.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { isOnBoard } from '#protocol/rules.ts';
import { dayOfGroup } from '../user-kernel/crew-day.ts';
import { presentRequest } from '../requests/requests.presenter.ts';
import { requestsById } from '../requests/requests.queries.ts';
import type { BoardPatch } from './board-body.ts';
import { boardsChangedByProfile } from './profile-changes.ts';
import { poolEm } from '../../db/pool-em.ts';

type BoardEvent = 'request.created' | 'request.updated' | 'request.deleted' | 'board.changed' | 'profile.changed';
const BOARD_EVENTS: readonly BoardEvent[] = ['request.created', 'request.updated', 'request.deleted', 'board.changed', 'profile.changed'];

/**
 * What a commit's events did to each board they touch: a patch where they carry the requests as
 * stored (created, edited by their owner) or name the one deleted, undefined where they do not (a
 * status changed by a trade, a profile shown on the board): that board is read again.
 */
export function boardChanges(events: readonly EventOf<BoardEvent>[]): Map<string, BoardPatch | undefined> {
  const changes = new Map<string, BoardPatch | undefined>();
  const unknown = (groupKey: string) => changes.set(groupKey, undefined);
  const patchOf = (groupKey: string) => {
    if (!changes.has(groupKey)) changes.set(groupKey, { upsert: [], remove: [] });
    return changes.get(groupKey);
  };
  for (const e of events) {
    if (e.type === 'profile.changed') boardsChangedByProfile(e.before, e.after).forEach(unknown);
    else if (e.type === 'board.changed') unknown(e.groupKey);
    else if (e.type === 'request.deleted') patchOf(e.groupKey)?.remove.push(e.requestId);
    else if (e.item) patchOf(e.groupKey)?.upsert.push(e.item);
    else unknown(e.groupKey);
  }
  return changes;
}

/**
 * Each changed group's cached board is patched or dropped (here and on every instance) before the
 * write answers, so the writer's next GET /api/all-trades has the change. The change travels to the
 * other instances on the same Redis connection as the events that follow it, so a client refetching
 * on such an event gets the new board from any instance.
 */
export const boardCacheSubscriber = (deps: Pick<Deps, 'boardCache'>) =>
  defineSubscriber({
    name: 'board-cache',
    phase: 'reply',
    handles: BOARD_EVENTS,
    handle(events) {
      for (const [group, patch] of boardChanges(events)) {
        if (patch) deps.boardCache.patch(group, patch);
        else deps.boardCache.invalidate(group);
      }
    },
  });

/** The group's sockets hear what changed on its board, after the write has answered. */
export const boardSubscriber = (deps: Pick<Deps, 'publisher' | 'orm'>) => {
  /** Gone or past: no longer on the board (an edit can move every date into the past). */
  const publishSaved = (groupKey: string, id: number, item: TradeRequestItem | undefined) => {
    if (item && isOnBoard(item, dayOfGroup(groupKey))) {
      deps.publisher.publish(rooms.board(groupKey), 'board:upsert', item);
    } else {
      deps.publisher.publish(rooms.board(groupKey), 'board:remove', { id });
    }
  };
  return defineSubscriber({
    name: 'board',
    handles: BOARD_EVENTS,
    async handle(events) {
      const unread: EventOf<'request.updated'>[] = [];
      for (const e of events) {
        if (e.type === 'request.deleted') deps.publisher.publish(rooms.board(e.groupKey), 'board:remove', { id: e.requestId });
        // A create or an owner's edit carries its request as stored (clients keep the newer copy, so a later edit's wins).
        if (e.type === 'request.created' || (e.type === 'request.updated' && e.item)) publishSaved(e.groupKey, e.requestId, e.item);
        else if (e.type === 'request.updated') unread.push(e);
      }
      if (unread.length === 0) return;
      const rows = await requestsById(
        poolEm(deps.orm),
        unread.map((e) => e.requestId),
      );
      for (const e of unread) {
        const row = rows.get(e.requestId);
        publishSaved(e.groupKey, e.requestId, row && presentRequest(row));
      }
    },
  });
};
