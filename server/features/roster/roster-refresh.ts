import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../lib/logger.ts';
import { FeedError } from './roster-fetch.ts';
import { timeZoneOf } from '../user-kernel/crew-day.ts';
import { parseRoster } from './roster-parser.ts';
import { claimDue, recordFailure, recordRead, type DueRoster } from './roster.queries.ts';
import type { RosterFeeds } from './roster.service.ts';
import { poolEm } from '../../db/pool-em.ts';

/** Subscriptions one instance claims at a time: read one after another, each within the fetch's 5 s. */
const BATCH = 10;

export interface RosterRefresh {
  /** Reads the subscriptions that are due (claimed so that no other instance reads them too); how many were read. */
  refreshDue(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Every `everyMs`, each instance reads the subscriptions that are due. The claim moves a roster's
 * next read 30 minutes on as it takes it (roster.queries.ts claimDue), so several instances share
 * the work without reading one roster twice, and an instance that starts reads only what is due.
 * A failed read keeps the last good duties and records since when the address fails. The log names
 * the roster's id only: never its address or its duties.
 */
export function startRosterRefresh(deps: { orm: MikroORM; feeds: RosterFeeds; log: Logger }, everyMs: number): RosterRefresh {
  let running: Promise<number> | undefined;

  const readOne = async (due: DueRoster) => {
    const em = poolEm(deps.orm);
    try {
      const bytes = await deps.feeds.fetch(await deps.feeds.secret.open(due.urlCipher));
      const parsed = await parseRoster(bytes, { now: deps.feeds.now(), baseZone: timeZoneOf({ base: due.base, timeZone: due.ownZone }) });
      await recordRead(em, due, parsed.entries, parsed.timeZone);
    } catch (err) {
      const failure = err instanceof Error ? err.message : 'The roster could not be read.';
      if (!(err instanceof FeedError)) deps.log.warn({ rosterId: due.id, code: (err as { code?: string }).code }, 'roster read failed');
      await recordFailure(em, due, failure).catch(() => undefined);
    }
  };

  const refreshDue = async (): Promise<number> => {
    let read = 0;
    for (;;) {
      const due = await claimDue(poolEm(deps.orm), BATCH);
      for (const d of due) await readOne(d);
      read += due.length;
      if (due.length < BATCH) return read;
    }
  };

  const tick = () => {
    if (running) return;
    running = refreshDue()
      .catch((err: unknown) => {
        deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'roster refresh failed');
        return 0;
      })
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();

  return {
    refreshDue,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
