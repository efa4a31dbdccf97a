import type { Deps } from '../../deps.ts';
import { offersOwedByRules } from './offers.queries.ts';
import { OffersService } from './offers.service.ts';
import { poolEm } from '../../db/pool-em.ts';

/** How old an offer must be before the sweep takes it: its own send has answered by then. */
const OWED_AFTER_MS = 30_000;
const BATCH = 50;

export interface StandingRuleSweep {
  /** Accepts what the rules still owe now; how many were accepted (tests, and the timer). */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The standing rules' catch-up (docs/decisions/0045): an offer a rule would take, whose send's
 * instance died between the commit and the accept, is accepted here, by any instance, through the
 * same accept (group lock, the rule asked again, one conditional update): a second instance, or a
 * late send, completes nothing twice. Offers the rule holds carry a note and are never taken.
 */
export function startStandingRuleSweep(deps: Pick<Deps, 'orm' | 'events' | 'log'>, everyMs: number): StandingRuleSweep {
  let running: Promise<number> | undefined;
  const sweep = async (): Promise<number> => {
    let accepted = 0;
    for (const id of await offersOwedByRules(poolEm(deps.orm), OWED_AFTER_MS, BATCH)) {
      const item = await new OffersService(poolEm(deps.orm), deps).acceptByStandingRule(id);
      if (item?.status === 'accepted') accepted++;
    }
    return accepted;
  };
  const tick = () => {
    running ??= sweep()
      .catch((err: unknown) => {
        deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'standing rule sweep failed');
        return 0;
      })
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
