import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { SessionCache } from './session-cache.ts';
import type { LoadedSession } from './session.store.ts';

const session = (sid: string, userId: number): LoadedSession => ({ sid, user: { id: userId } as UserRecord });

/** A cache on a clock the test moves, and what it broadcast to the other instances. */
function cacheAt(start = 1_000_000) {
  const clock = { t: start };
  const told: [string, string | number][] = [];
  const cache = new SessionCache({ now: () => clock.t });
  cache.connect((kind, value) => told.push([kind, value]));
  return { cache, clock, told };
}

describe('session cache', () => {
  it('serves a session for 30 s after it was read, then reads it again', () => {
    const { cache, clock } = cacheAt();
    cache.set(session('a', 1));
    clock.t += 29_999;
    expect(cache.get('a')?.user.id).toBe(1);
    clock.t += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves a session past its own expiry, however recently it was read', () => {
    const { cache, clock } = cacheAt();
    cache.set(session('a', 1), clock.t + 2_000);
    clock.t += 1_999;
    expect(cache.get('a')).toBeDefined();
    clock.t += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops an ended session and a changed user at once, and tells the other instances unless told by one', () => {
    const { cache, told } = cacheAt();
    cache.set(session('a', 1));
    cache.set(session('b', 1));
    cache.set(session('c', 2));
    cache.invalidateSid('c');
    expect(cache.get('c')).toBeUndefined();
    cache.invalidateUser(1, true);
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
    expect(told).toEqual([['sid', 'c']]);
  });

  it('clear drops every session here and tells no one (each instance clears its own after a Redis reconnect)', () => {
    const { cache, told } = cacheAt();
    cache.set(session('a', 1));
    cache.set(session('b', 2));
    cache.clear();
    expect(cache.size).toBe(0);
    expect(told).toEqual([]);
  });
});
