import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.ts';
import { rooms } from '../../realtime/rooms.ts';
import { statsFor } from './dashboard.service.ts';

/**
 * Sends each user their fresh badge counts (the numbers of GET /api/dashboard/stats). Call it after
 * the commit of any change that moves a count; one query covers all the users given.
 */
export async function pushBadges(deps: Pick<Deps, 'publisher'>, em: EntityManager, userIds: readonly number[]): Promise<void> {
  const stats = await statsFor(em, userIds);
  for (const [userId, s] of stats) deps.publisher.publish(rooms.user(userId), 'badges', s);
}
