// The request stores fed as the app feeds them: a write's answer (saved/deleted) and the socket's
// events for the same requests, in either order. No server and no fetch: these are the store rules.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, MatchItem, TradeRequestItem } from '#protocol/shapes.ts';
import { todayUtc } from './requestRules.ts';
import { useBoardStore } from './useBoardStore.ts';
import { useMatchesStore } from './useMatchesStore.ts';
import { useMyRequestsStore } from './useMyRequestsStore.ts';
import { requestItem } from './requestItem.fixture.ts';
import { useSessionStore } from './useSessionStore.ts';

const ME = 7;
const OTHER = 8;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const request = (id: number, over: Partial<TradeRequestItem> = {}): TradeRequestItem =>
  requestItem({ id, userId: ME, date: inDays(5), ...over });

const match = (id: number, mine: TradeRequestItem, theirs: TradeRequestItem): MatchItem => ({
  id,
  status: 'pending',
  closedReason: null,
  closedByRequestId: null,
  request: mine,
  matchedRequest: theirs,
  createdAt: '2030-01-01T00:00:00.000Z',
});

const mine = () => useMyRequestsStore.getState();
const board = () => useBoardStore.getState();
const ids = (items: { id: number }[]) => items.map((x) => x.id).sort((a, b) => a - b);

beforeEach(() => {
  mine().reset();
  board().reset();
  useMatchesStore.getState().reset();
  useSessionStore.setState({ user: { id: ME } as CurrentUser, loading: false });
});

describe('own writes and socket events on the request stores', () => {
  it('a created request shows once on the board and in the own list, whichever of answer and event comes first', () => {
    const created = request(1);
    mine().saved(created); // the POST's answer
    mine().saved(created); // 'board:upsert' for the same request
    expect(ids(board().items)).toEqual([1]);
    expect(ids(mine().items)).toEqual([1]);
  });

  it("the owner's standing rule survives the board's copy of their own edit, which leaves it out", () => {
    mine().saved(request(1, { autoAccept: true, updatedAt: '2030-01-02T00:00:00.000Z' })); // the PUT's answer
    const { autoAccept: _left, ...boardCopy } = request(1, { route: 'EDITED', updatedAt: '2030-01-03T00:00:00.000Z' });
    mine().saved(boardCopy); // a later 'board:upsert'
    expect(mine().items.map((r) => [r.route, r.autoAccept])).toEqual([['EDITED', true]]);
    expect(board().items.map((r) => r.autoAccept)).toEqual([true]);
    mine().saved(request(1, { autoAccept: false, updatedAt: '2030-01-04T00:00:00.000Z' }));
    expect(mine().items.map((r) => r.autoAccept)).toEqual([false]);
  });

  it("another crew member's request goes on the board only", () => {
    mine().saved(request(2, { userId: OTHER }));
    expect(ids(board().items)).toEqual([2]);
    expect(mine().items).toEqual([]);
  });

  it('an edit keeps the newer copy when an older event arrives after its answer', () => {
    mine().saved(request(1, { route: 'NEW', updatedAt: '2030-01-02T00:00:00.000Z' }));
    mine().saved(request(1, { route: 'OLD', updatedAt: '2030-01-01T00:00:00.000Z' }));
    expect(board().items.map((r) => r.route)).toEqual(['NEW']);
    expect(mine().items.map((r) => r.route)).toEqual(['NEW']);
  });

  it('an edit into the past leaves the board but stays in the own list, and its late event does not put it back', () => {
    mine().saved(request(1));
    const past = request(1, { date: '2020-01-01', updatedAt: '2030-01-02T00:00:00.000Z' });
    mine().saved(past); // the PUT's answer
    expect(board().items).toEqual([]);
    mine().leftBoard(1); // its 'board:remove'
    mine().saved(request(1)); // the create's event, late
    expect(board().items).toEqual([]);
    expect(mine().items).toEqual([past]);
  });

  it('a deleted request leaves the board, the own list and its matches, and a late event does not bring it back', () => {
    const own = request(1);
    const theirs = request(2, { userId: OTHER, type: 'pickup' });
    mine().saved(own);
    mine().saved(theirs);
    useMatchesStore.getState().upsert(match(10, own, theirs));
    useMatchesStore.getState().upsert(match(11, request(3), theirs));

    mine().deleted(1); // the DELETE's answer
    mine().saved(own); // a 'board:upsert' sent before the deletion, arriving after it
    useMatchesStore.getState().upsert(match(10, own, theirs)); // a late 'match:new'
    mine().leftBoard(1); // the deletion's own 'board:remove'
    useMatchesStore.getState().markDeleted(10); // and its 'match:update' deleted

    expect(ids(board().items)).toEqual([2]);
    expect(mine().items).toEqual([]);
    expect(ids(useMatchesStore.getState().items)).toEqual([11]);
  });

  it("an edit's answer, or a colleague's edit by event, shows in the matches that hold the request; an older copy does not", () => {
    const own = request(1);
    const theirs = request(2, { userId: OTHER, type: 'pickup' });
    useMatchesStore.getState().upsert(match(10, own, theirs));
    mine().saved(request(1, { route: 'MINE2', updatedAt: '2030-01-02T00:00:00.000Z' }));
    mine().saved(request(2, { userId: OTHER, type: 'pickup', route: 'THEIRS2', updatedAt: '2030-01-02T00:00:00.000Z' }));
    mine().saved(request(1, { route: 'STALE' }));
    const [m] = useMatchesStore.getState().items;
    expect([m?.request.route, m?.matchedRequest.route, m?.status]).toEqual(['MINE2', 'THEIRS2', 'pending']);
  });

  it("'board:remove' reloads the own list only when it cannot say why an own request left", () => {
    const fetch = vi.fn(async () => {});
    useMyRequestsStore.setState({ fetch, loaded: true });
    mine().saved(request(1, { date: '2020-01-01', additionalDates: [] }));
    mine().saved(request(2, { status: 'completed' }));
    mine().saved(request(3));
    mine().leftBoard(1); // past: explains itself
    mine().leftBoard(2); // completed: explains itself
    mine().leftBoard(4); // not the user's
    expect(fetch).not.toHaveBeenCalled();
    mine().leftBoard(3); // current and active, yet gone: deleted in another tab, say
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a request whose last date is today is still on the board', () => {
    mine().saved(request(1, { date: '2020-01-01', additionalDates: [todayUtc()] }));
    expect(ids(board().items)).toEqual([1]);
  });
});
