import { beforeEach, describe, expect, it } from 'vitest';
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
