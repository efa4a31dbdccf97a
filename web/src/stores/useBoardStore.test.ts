import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, TradeRequestItem } from '#protocol/shapes.ts';
import { useBoardStore } from './useBoardStore.ts';
import { useSessionStore } from './useSessionStore.ts';

const user = (over: Partial<CurrentUser> = {}) =>
  ({ id: 1, airline: 'Delta', base: 'ATL', position: 'captain', aircraftType: '737', firstName: 'A', ...over }) as CurrentUser;
const onBoard = {
  id: 5,
  status: 'active',
  date: '2999-01-01',
  additionalDates: [],
  updatedAt: '2030-01-01T00:00:00.000Z',
} as unknown as TradeRequestItem;

beforeEach(() => {
  useSessionStore.setState({ user: user() });
  useBoardStore.getState().reset();
  useBoardStore.setState({ loaded: true });
  useBoardStore.getState().upsert(onBoard);
});

describe('the board follows the user’s group', () => {
  it('a saved profile in the same group keeps the board', () => {
    useSessionStore.setState({ user: user({ firstName: 'B' }) });
    expect(useBoardStore.getState()).toMatchObject({ items: [onBoard], loaded: true });
  });

  it('a saved profile in another group drops it, to be loaded again when shown', () => {
    useSessionStore.setState({ user: user({ base: 'JFK' }) });
    expect(useBoardStore.getState()).toMatchObject({ items: [], loaded: false });
  });
});

describe('the board a page at a time, filtered by the server (docs/decisions/0020)', () => {
  const request = (id: number, over: Partial<TradeRequestItem> = {}) => ({ ...onBoard, id, type: 'drop', ...over }) as TradeRequestItem;
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server with the filters, and keeps what arrives live to them and to the pages loaded', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        asked.push(input);
        const first = !input.includes('cursor=');
        const body = first
          ? [request(1, { date: '2999-01-02', route: 'ab' }), request(2, { date: '2999-01-05', route: 'xAB' })]
          : [request(3, { date: '2999-01-09', route: 'AB' })];
        return new Response(JSON.stringify(body), { headers: first ? { 'X-Next-Cursor': 'next-page' } : undefined });
      }),
    );
    await useBoardStore.getState().setFilters({ date: '', type: 'drop', search: ' ab ' });
    expect(asked).toEqual(['/api/all-trades?type=drop&search=ab']);
    const board = () => useBoardStore.getState().items.map((r) => r.id);
    expect(board()).toEqual([1, 2]);
    // A pickup is filtered out; a drop dated past the last one loaded waits for its page.
    useBoardStore.getState().upsert(request(7, { type: 'pickup', date: '2999-01-03', route: 'AB1' }));
    useBoardStore.getState().upsert(request(8, { date: '2999-01-07', route: 'AB2' }));
    useBoardStore.getState().upsert(request(9, { date: '2999-01-03', route: 'AB3' }));
    expect(board()).toEqual([1, 2, 9]);
    await useBoardStore.getState().loadMore();
    expect(asked[1]).toBe('/api/all-trades?type=drop&search=ab&cursor=next-page');
    expect(board()).toEqual([1, 2, 9, 3]);
    // Sign-out: the next board starts unfiltered.
    useBoardStore.getState().reset();
    expect(useBoardStore.getState().filters).toEqual({ date: '', type: 'all', search: '' });
  });
});
