// A refetch after a reconnect tries again until it is right (issue 40): the board of a crew member
// whose instance was killed, when the one request to the other instance is cut.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, DashboardStats } from '#protocol/shapes.ts';
import { refreshLiveStores } from './liveStores.ts';
import { cutRequest } from './messageServer.fixture.ts';
import { REFETCH_DELAYS_MS, useCatchUpStore } from './refetch.ts';
import { requestItem } from './requestItem.fixture.ts';
import { useBadgeStore } from './useBadgeStore.ts';
import { useBoardStore } from './useBoardStore.ts';
import { useNotificationStore } from './useNotificationStore.ts';
import { useSessionStore } from './useSessionStore.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const board = () => useBoardStore.getState().items.map((r) => r.id);
const request = (id: number) => requestItem({ id, date: '2999-01-01' });

/** A server whose answers are scripted per path: each call takes the next (a function rejects or answers). */
function scripted(paths: Record<string, (() => Promise<Response>)[]>, otherwise: () => Response = () => json([])) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      const next = paths[input.split('?')[0]!]?.shift();
      return next ? next() : otherwise();
    }),
  );
  return asked;
}
const cut = () => Promise.reject(cutRequest());
const answer =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(json(body, status));

beforeEach(() => {
  vi.useFakeTimers();
  useSessionStore.setState({ user: { id: 1, airline: 'Delta', base: 'ATL', position: 'captain', aircraftType: '737' } as CurrentUser });
  useBoardStore.getState().reset();
  useBadgeStore.getState().reset();
  useNotificationStore.getState().reset();
  useCatchUpStore.getState().reset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a list refetched after a reconnect', () => {
  it('whose first request is cut (undici’s UND_ERR_SOCKET) tries again, and the board is right', async () => {
    scripted({ '/api/all-trades': [answer([request(1), request(2)]), cut, answer([request(1), request(3)])] });
    await useBoardStore.getState().fetch();
    expect(board()).toEqual([1, 2]);

    const refreshing = useBoardStore.getState().refresh();
    await vi.advanceTimersByTimeAsync(0);
    // The screen says it is catching up while the next try waits.
    expect(useCatchUpStore.getState()).toMatchObject({ running: 1, retrying: 1 });
    expect(board()).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(REFETCH_DELAYS_MS[0]! * 1.2);
    await refreshing;
    expect(board()).toEqual([1, 3]);
    expect(useBoardStore.getState().error).toBe(false);
    expect(useCatchUpStore.getState()).toMatchObject({ running: 0, retrying: 0 });
    expect(useCatchUpStore.getState().failed.size).toBe(0);
  });

  it('a 5xx is tried again too; six tries over about 30 s, then it gives up, says so, and Try again runs it once more', async () => {
    const asked = scripted({
      '/api/all-trades': [
        answer([request(1)]),
        answer({ message: 'down' }, 503),
        cut,
        cut,
        cut,
        cut,
        cut,
        answer([request(1), request(4)]),
      ],
    });
    await useBoardStore.getState().fetch();
    const refreshing = useBoardStore.getState().refresh();
    await vi.advanceTimersByTimeAsync(40_000);
    await refreshing;
    expect(asked.filter((p) => p.startsWith('/api/all-trades'))).toHaveLength(1 + 6);
    expect(useBoardStore.getState().error).toBe(true);
    expect(board()).toEqual([1]);
    expect(useCatchUpStore.getState()).toMatchObject({ running: 0, retrying: 0 });
    expect(useCatchUpStore.getState().failed.size).toBe(1);

    useCatchUpStore.getState().tryAgain();
    await vi.advanceTimersByTimeAsync(0);
    expect(board()).toEqual([1, 4]);
    expect(useBoardStore.getState().error).toBe(false);
    expect(useCatchUpStore.getState().failed.size).toBe(0);
  });

  it('a refusal (4xx) is an answer: not tried again', async () => {
    const asked = scripted({ '/api/all-trades': [answer([request(1)]), answer({ message: 'no' }, 403)] });
    await useBoardStore.getState().fetch();
    await useBoardStore.getState().refresh();
    expect(asked).toHaveLength(2);
    expect(useBoardStore.getState().error).toBe(true);
    expect(useCatchUpStore.getState().failed.size).toBe(0);
  });

  it('a newer fetch (new filters) takes over from a try that waits: no try after it', async () => {
    const asked = scripted({ '/api/all-trades': [answer([request(1)]), cut, answer([request(5)])] });
    await useBoardStore.getState().fetch();
    const refreshing = useBoardStore.getState().refresh();
    await vi.advanceTimersByTimeAsync(0);
    await useBoardStore.getState().setFilters({ date: '', type: 'drop', search: '' });
    await vi.advanceTimersByTimeAsync(30_000);
    await refreshing;
    expect(asked).toEqual(['/api/all-trades', '/api/all-trades', '/api/all-trades?type=drop']);
    expect(board()).toEqual([5]);
  });
});

describe('the reconnect refresh of every live store', () => {
  it('the stores that are not lists try again too: the badge counts and the bell', async () => {
    const stats = { pendingTradeRequests: 2 } as unknown as DashboardStats;
    const notification = { matchId: 9, id: 9 };
    scripted({
      '/api/all-trades': [answer([request(1)]), cut, answer([request(1), request(2)])],
      '/api/dashboard/stats': [cut, answer(stats)],
      '/api/notifications': [cut, cut, answer([notification])],
    });
    await useBoardStore.getState().fetch();
    const refreshing = refreshLiveStores();
    await vi.advanceTimersByTimeAsync(10_000);
    await refreshing;
    expect(board()).toEqual([1, 2]);
    expect(useBadgeStore.getState().stats).toEqual(stats);
    expect(useNotificationStore.getState().matches).toEqual([notification]);
    expect(useCatchUpStore.getState()).toMatchObject({ running: 0, retrying: 0 });
  });
});
