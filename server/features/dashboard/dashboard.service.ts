import type { EntityManager } from '@mikro-orm/postgresql';
import type { DashboardStats } from '#protocol/shapes.ts';
import { dashboardCounts } from './dashboard.queries.ts';

/** The badge counts of docs/product-spec.md section 2 for each user given (one query for all), keyed by user id. */
export async function statsFor(em: EntityManager, userIds: readonly number[]): Promise<Map<number, DashboardStats>> {
  const out = new Map<number, DashboardStats>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  for (const { userId, completedChains, acceptedOffers, declinedTrades, ...rest } of await dashboardCounts(em, ids)) {
    const acceptedTrades = acceptedOffers + completedChains;
    out.set(userId, { ...rest, completedTrades: acceptedTrades + declinedTrades, acceptedTrades, declinedTrades });
  }
  return out;
}
