import type { EntityManager } from '@mikro-orm/postgresql';
import { pageFrom, timeKeys, type Page, type TimeCursor } from '../../db/paging.ts';
import type { MatchStatus } from '#protocol/enums.ts';
import { MSG } from '#protocol/messages.ts';
import type { MatchItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { requestsById } from '../requests/requests.queries.ts';
import { deleteMatch, requestTradeOnMatch } from '../trading/trading-core.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { presentMatches, type MatchSide } from './matches.presenter.ts';
import { acknowledgeMatch, matchSidesOfUser, ownMatch } from './matches.queries.ts';

type MatchesDeps = Pick<Deps, 'events'>;

/** MatchItems for sides of matches, with both requests of each loaded in one query for the whole list. */
export async function matchItemsOf(em: EntityManager, sides: readonly MatchSide[]): Promise<MatchItem[]> {
  const requests = await requestsById(
    em,
    sides.flatMap((s) => [s.mine, s.other]),
  );
  return presentMatches(sides, requests);
}

export class MatchesService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: MatchesDeps,
  ) {}

  /** Matches where either request is the caller's, newest first, each oriented for the caller. */
  /** A page of the caller's matches, newest first. */
  async list(user: UserRecord, cursor?: TimeCursor): Promise<Page<MatchItem>> {
    const page = pageFrom(await matchSidesOfUser(this.em, user.id, cursor), timeKeys);
    return { items: await matchItemsOf(this.em, page.items), next: page.next };
  }

  /**
   * pending or active → trade_requested (an offer was sent from it), by the trading core under the
   * match's group lock. Only a participant; the conditional update decides races. The caller's
   * notification for it is acknowledged too.
   */
  async setStatus(user: UserRecord, id: number, status: Extract<MatchStatus, 'trade_requested'>): Promise<MatchItem> {
    const match = await this.deps.events.transaction(this.em, async (em, events) => {
      const match = await ownMatch(em, user.id, id);
      if (!match) throw notFound(MSG.matchNotFound);
      if (!(await requestTradeOnMatch(em, events, id, [user.id, match.otherUserId]))) throw conflict(MSG.matchClosed);
      await acknowledgeMatch(em, user.id, id);
      return { ...match, status };
    });
    const [item] = await matchItemsOf(this.em, [match]);
    if (!item) throw notFound(MSG.matchNotFound);
    return item;
  }

  /** Only a participant; its acknowledgements go with it (cascade). Deleted by the trading core, under the match's group lock. */
  async remove(user: UserRecord, id: number): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const match = await ownMatch(em, user.id, id);
      if (!match) throw notFound(MSG.matchNotFound);
      await deleteMatch(em, events, id, [user.id, match.otherUserId]);
    });
  }
}
