import type { EntityManager } from '@mikro-orm/postgresql';
import type { InsightsReport } from '#protocol/shapes.ts';
import type { InsightsCache } from './insights-cache.ts';
import { edgeDays, firstWeekOf, presentActiveRequests, presentWeeks } from './insights.presenter.ts';
import {
  activeRequestsByGroup,
  matchesPerWeek,
  requestsPerWeek,
  supportAnsweredPerWeek,
  supportFiledPerWeek,
  tradesPerWeek,
} from './insights.queries.ts';

/**
 * Insights for admins (docs/decisions/0044): requests, matches, trades and support per week over the
 * last twelve, and the active requests by base and position. The callers are admins (routes check it).
 */
export class InsightsService {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: InsightsCache,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The report this instance counted less than a minute ago, or a new count (readers meanwhile share it). */
  report(): Promise<InsightsReport> {
    return this.cache.get(() => this.count());
  }

  /**
   * One read after another, not at once: an admin's count holds one of the pool's connections, never
   * six, while crew use the app. Each read is a range of an indexed time, grouped by the database.
   */
  private async count(): Promise<InsightsReport> {
    const now = this.now();
    const first = firstWeekOf(now);
    const requests = await requestsPerWeek(this.em, first);
    const matches = await matchesPerWeek(this.em, first);
    const trades = await tradesPerWeek(this.em, first);
    const supportFiled = await supportFiledPerWeek(this.em, first);
    const supportAnswered = await supportAnsweredPerWeek(this.em, first);
    const { low, high } = edgeDays(now);
    const active = await activeRequestsByGroup(this.em, low, high);
    return {
      countedAt: now.toISOString(),
      weeks: presentWeeks(first, { requests, matches, trades, supportFiled, supportAnswered }),
      activeRequests: presentActiveRequests(active, now),
    };
  }
}
