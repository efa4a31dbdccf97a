import { peerChannels } from '../../caches/peer-channels.ts';
import type { Deps } from '../../deps.ts';
import { createUserFeed, type UserFeed } from '../../realtime/user-feed.ts';
import { statsFor } from './dashboard.service.ts';
import { poolEm } from '../../db/pool-em.ts';

/**
 * The users' badge counts (the numbers of GET /api/dashboard/stats), sent to their sockets after
 * any commit that moves a count: loaded on each instance for the users connected there, one query
 * for all of them, and not at all for users with no socket (realtime/user-feed.ts).
 */
export function badgesFeed(deps: Pick<Deps, 'io' | 'orm' | 'log' | 'caches'>): UserFeed {
  return createUserFeed({
    io: deps.io,
    caches: deps.caches,
    channel: peerChannels.badges,
    event: 'badges',
    load: (userIds) => statsFor(poolEm(deps.orm), userIds),
    log: deps.log,
  });
}
