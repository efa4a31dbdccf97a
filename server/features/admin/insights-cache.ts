import type { InsightsReport } from '#protocol/shapes.ts';
import type { CacheRegistry } from '../../caches/cache-registry.ts';
import { staleness } from '../../caches/staleness.ts';

/** How long a counted report is served again: its staleness (caches/staleness.ts, docs/decisions/0044). */
export const INSIGHTS_CACHE_MS = staleness.insights.maxStaleMs;

export interface InsightsCacheOptions {
  maxAgeMs?: number;
  /** Monotonic milliseconds, for ages. */
  elapsedMs?: () => number;
}

/**
 * The Insights report, held a minute on each instance: its six reads cover twelve weeks of four
 * tables, and each admin opening the tab (or several at once) would otherwise run them again. Readers
 * while a count is under way share it. Nothing tells the instances of changes: every instance may
 * serve figures up to INSIGHTS_CACHE_MS old (the report says when it was counted).
 */
export class InsightsCache {
  private held: { report: InsightsReport; countedAt: number } | undefined;
  private counting: Promise<InsightsReport> | undefined;
  /** Bumped by clear(): a count started before it answers its readers but is not kept. */
  private generation = 0;
  private readonly maxAgeMs: number;
  private readonly elapsedMs: () => number;

  constructor(options: InsightsCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? INSIGHTS_CACHE_MS;
    this.elapsedMs = options.elapsedMs ?? (() => performance.now());
  }

  /** The report: held if counted less than maxAgeMs ago, else the count under way, else a new one by `count`. */
  get(count: () => Promise<InsightsReport>): Promise<InsightsReport> {
    if (this.held && this.elapsedMs() - this.held.countedAt < this.maxAgeMs) return Promise.resolve(this.held.report);
    this.counting ??= this.count(count).finally(() => (this.counting = undefined));
    return this.counting;
  }

  /** Drops what is held (a count under way still answers its readers). */
  clear(): void {
    this.held = undefined;
    this.generation++;
  }

  private async count(count: () => Promise<InsightsReport>): Promise<InsightsReport> {
    // Aged from when the reads began: the figures are no newer than that.
    const startedAt = this.elapsedMs();
    const generation = this.generation;
    const report = await count();
    if (generation === this.generation) this.held = { report, countedAt: startedAt };
    return report;
  }
}

/** The instance's Insights cache, reset with the others when the peer channel comes back (caches/cache-registry.ts). */
export function createInsightsCache(caches: CacheRegistry, options: InsightsCacheOptions = {}): InsightsCache {
  const cache = new InsightsCache(options);
  caches.register('insights', { peersBack: () => cache.clear() });
  return cache;
}
