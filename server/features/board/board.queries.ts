import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { compileOnce } from '../../db/compiled-query.ts';
import { kysely } from '../../db/kysely.ts';
import { containsPattern, pageLimit, pastDayCursor, type DayCursor } from '../../db/paging.ts';
import { requestItemsQuery, type RequestItemRow } from '../requests/requests.queries.ts';

/** The tradeboard's filters (docs/product-spec.md section 2), applied by the server to every page. */
export interface BoardFilters {
  /** An exact day: the request's date or one of its additional dates. */
  date?: string;
  type?: string;
  /** Text in the pairing or the reserve period, any case. */
  search?: string;
}

const afterDay = (c: DayCursor | null) => pastDayCursor('r.date', 'r.id', c);

// Compiled once: it runs on every board rebuild.
const itemsOfBoard = compileOnce(['groupKey', 'day', 'limit'], (db, a: { groupKey: string; day: string; limit: number }) =>
  requestItemsQuery(db)
    .where('r.group_key', '=', a.groupKey)
    .where('r.status', '=', 'active')
    .where('r.last_date', '>=', a.day)
    .orderBy('r.date')
    .orderBy('r.id')
    .limit(a.limit),
);

/**
 * The start of a group's tradeboard for a UTC day: active requests whose last date is that day or
 * later, by date (requests_board_index: group + status + date), at most `limit` of them: what the
 * board cache holds (board-cache.ts).
 */
export function boardRequests(em: EntityManager, groupKey: string, day: string, limit: number): Promise<RequestItemRow[]> {
  return itemsOfBoard(em, { groupKey, day, limit });
}

/**
 * A page of the board with the caller's filters, or after a cursor (PAGE_SIZE + 1 rows): what the
 * cache does not hold. An exact day is one of the request's dates (all_dates: requests_all_dates_gin).
 */
export function boardPage(em: EntityManager, groupKey: string, day: string, filters: BoardFilters, cursor?: DayCursor) {
  return requestItemsQuery(kysely(em))
    .where('r.group_key', '=', groupKey)
    .where('r.status', '=', 'active')
    .where('r.last_date', '>=', day)
    .$if(filters.date !== undefined, (q) => q.where(sql<boolean>`r.all_dates @> array[${filters.date}]::text[]`))
    .$if(filters.type !== undefined, (q) => q.where('r.type', '=', filters.type!))
    .$if(filters.search !== undefined, (q) => {
      const pattern = containsPattern(filters.search!);
      return q.where((eb) => eb.or([eb('r.route', 'ilike', pattern), eb('r.reserve_period', 'ilike', pattern)]));
    })
    .where(afterDay(cursor ?? null))
    .orderBy('r.date')
    .orderBy('r.id')
    .limit(pageLimit())
    .execute();
}
