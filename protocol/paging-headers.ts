// The names bounded lists travel under (protocol/paging.ts), apart from its cursor schemas: the web
// client needs only these, and zod's schemas, built when their module loads, would come with them.

/** The query parameter that asks for the page after the one that named the cursor. */
export const CURSOR_PARAM = 'cursor';

/** The response header that names the next page's cursor; absent when this page is the last. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * The administration lists' first page also says how many items the whole list holds (the summary
 * cards and the tabs' badges count all of them, not the pages loaded).
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** The Support tab's first page: how many of all the requests are resolved (its Open and Resolved badges). */
export const RESOLVED_COUNT_HEADER = 'X-Resolved-Count';
