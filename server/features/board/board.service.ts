import type { EntityManager } from '@mikro-orm/postgresql';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { dayKeys, mapPage, pageFrom, type DayCursor, type Page } from '../../db/paging.ts';
import { presentRequest } from '../requests/requests.presenter.ts';
import { boardPage, boardRequests, type BoardFilters } from './board.queries.ts';

/** The tradeboard's reads: what the board cache holds, and the pages it does not. */
export class BoardService {
  constructor(private readonly em: EntityManager) {}

  /**
   * The start of a group's tradeboard for a UTC day (at most `limit` requests): active requests
   * whose last date is that day or later, the same for every member, nothing of the caller in it,
   * so it can be cached for the group (served from the group's cached body, board-cache.ts).
   */
  async boardOf(groupKey: string, day: string, limit: number): Promise<TradeRequestItem[]> {
    return (await boardRequests(this.em, groupKey, day, limit)).map(presentRequest);
  }

  /** A page of the board the cache does not hold: filtered, or after a cursor. */
  async boardPage(groupKey: string, day: string, filters: BoardFilters, cursor?: DayCursor): Promise<Page<TradeRequestItem>> {
    return mapPage(pageFrom(await boardPage(this.em, groupKey, day, filters, cursor), dayKeys), presentRequest);
  }
}
