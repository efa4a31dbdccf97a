// The tradeboard's filters (docs/product-spec.md section 2's Filter Requests panel): an exact day, a request type, a
// text in the pairing or reserve period. The server applies them to every page it sends
// (GET /api/all-trades?date=&type=&search=); the client applies the same rule to what arrives live.
import type { RequestType } from '#protocol/enums.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';

export interface BoardFilters {
  date: string;
  type: RequestType | 'all';
  search: string;
}

export const NO_FILTERS: BoardFilters = { date: '', type: 'all', search: '' };

export const isFiltering = (f: BoardFilters) => f.date !== '' || f.type !== 'all' || f.search.trim() !== '';

/** The filters as the board's query parameters (none left blank). */
export const boardQuery = (f: BoardFilters) => ({
  date: f.date || undefined,
  type: f.type === 'all' ? undefined : f.type,
  search: f.search.trim() || undefined,
});

/** Whether a request passes the filters, as the server decides it. */
export function matchesFilters(request: TradeRequestItem, filters: BoardFilters): boolean {
  if (filters.type !== 'all' && request.type !== filters.type) return false;
  if (filters.date && request.date !== filters.date && !(request.additionalDates ?? []).includes(filters.date)) return false;
  const term = filters.search.trim().toLowerCase();
  if (term) {
    const haystack = `${request.route ?? ''}\n${request.reservePeriod ?? ''}`.toLowerCase();
    if (!haystack.includes(term)) return false;
  }
  return true;
}
