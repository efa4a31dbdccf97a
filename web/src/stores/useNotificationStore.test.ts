import { beforeEach, describe, expect, it } from 'vitest';
import type { MatchNotification } from '#protocol/shapes.ts';
import { useNotificationStore } from './useNotificationStore.ts';

const notice = (matchId: number): MatchNotification => ({
  type: 'match',
  matchId,
  title: 'New Match Found!',
  message: `match ${matchId}`,
  createdAt: '2030-01-01T00:00:00.000Z',
});
const store = () => useNotificationStore.getState();

beforeEach(() => store().reset());

describe('the bell list', () => {
  it('an acknowledged notification leaves at once, and a list answered before the acknowledgement does not bring it back', () => {
    store().received([notice(1), notice(2)]);
    store().acknowledged(1);
    expect(store().matches.map((n) => n.matchId)).toEqual([2]);
    store().received([notice(1), notice(2), notice(3)]);
    expect(store().matches.map((n) => n.matchId)).toEqual([2, 3]);
  });

  it('a sign-out forgets what was acknowledged with the list', () => {
    store().acknowledged(1);
    store().reset();
    store().received([notice(1)]);
    expect(store().matches.map((n) => n.matchId)).toEqual([1]);
  });
});
