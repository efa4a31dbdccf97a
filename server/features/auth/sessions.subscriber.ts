import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';

/**
 * Cached sessions (auth/session-cache.ts) after a commit: an ended session is never served again,
 * and a changed user is read afresh, here and (through the cache's broadcast) on every instance.
 * First in the list, so a client that hears of a change from another subscriber reads the new user.
 */
export const sessionsSubscriber = (deps: Pick<Deps, 'sessionCache'>) =>
  defineSubscriber({
    name: 'sessions',
    // The writer's next request must not be served the old user or an ended session.
    phase: 'reply',
    handles: ['sessions.ended', 'profile.changed', 'user.updated'],
    handle(events) {
      for (const e of events) {
        if (e.type === 'sessions.ended') for (const sid of e.sids) deps.sessionCache.invalidateSid(sid);
        if (e.userId !== null) deps.sessionCache.invalidateUser(e.userId);
      }
    },
  });
