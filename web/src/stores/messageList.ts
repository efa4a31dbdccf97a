// A thread or a chat room as held by the client: oldest first, one entry per message. Messages
// arrive from three overlapping sources in any order (the answer to one's own send, socket events
// and REST pages), and one's own sends show at once as a stand-in (a negative id) until the server's
// copy, matched by the send's clientKey, replaces it. keyedList.ts does the by-id part.
import { removeById, upsertById } from './keyedList.ts';

export interface ListedMessage {
  id: number;
  clientKey: string | null;
}

/** Stand-ins sort after every stored message, in the order they were sent. */
const order = (m: ListedMessage) => (m.id > 0 ? m.id : Number.MAX_SAFE_INTEGER);

function sorted<T extends ListedMessage>(items: T[]): T[] {
  for (let i = 1; i < items.length; i++) {
    if (order(items[i - 1]!) > order(items[i]!)) return items.slice().sort((a, b) => order(a) - order(b));
  }
  return items;
}

/** The list with `message` in it: it replaces the copy with its id, or the stand-in with its clientKey. */
export function upsertMessage<T extends ListedMessage>(items: T[], message: T): T[] {
  let list = items;
  if (message.clientKey) {
    const standIn = list.find((m) => m.clientKey === message.clientKey && m.id !== message.id);
    if (standIn) list = removeById(list, standIn.id);
    // The server copy already held (the event came first): the answer changes nothing.
  }
  return sorted(upsertById(list, message));
}

/**
 * The newest page from the server merged with what is held (after a reconnect, or on opening).
 * Within the page's range the page is the truth (what is missing there was deleted); older held
 * messages stay when the page overlaps them; with no overlap and more before the page, the held
 * ones are dropped so no gap hides between them (the user pages back with Load earlier).
 * Returns the list and whether older messages remain on the server.
 */
export function mergeNewestPage<T extends ListedMessage>(
  held: T[],
  page: readonly T[],
  pageNextBefore: number | null,
  heldNextBefore: number | null,
  deleted: ReadonlySet<number> = new Set(),
): { items: T[]; nextBefore: number | null } {
  const fresh = page.filter((m) => !deleted.has(m.id));
  const standIns = held.filter((m) => m.id < 0 && !fresh.some((f) => f.clientKey && f.clientKey === m.clientKey));
  // The page reaches the start: it is the whole history.
  if (page.length === 0 || pageNextBefore === null) return { items: sorted([...fresh, ...standIns]), nextBefore: null };
  const oldest = Math.min(...page.map((m) => m.id));
  const stored = held.filter((m) => m.id > 0);
  if (!stored.some((m) => m.id >= oldest)) return { items: sorted([...fresh, ...standIns]), nextBefore: pageNextBefore };
  const older = stored.filter((m) => m.id < oldest && !deleted.has(m.id));
  return { items: sorted([...older, ...fresh, ...standIns]), nextBefore: older.length > 0 ? heldNextBefore : pageNextBefore };
}

/** An earlier page put in front of what is held (duplicates dropped). */
export function prependPage<T extends ListedMessage>(held: T[], page: readonly T[], deleted: ReadonlySet<number> = new Set()): T[] {
  const ids = new Set(held.map((m) => m.id));
  return sorted([...page.filter((m) => !ids.has(m.id) && !deleted.has(m.id)), ...held]);
}

let standInSeq = 0;
/** A fresh negative id for a stand-in. */
export const standInId = () => --standInSeq;

/** A new key for one send (reused when that send is retried). */
export function newClientKey(): string {
  return crypto.randomUUID();
}

/** A query string on a typed path: the map types the path, the query is free-form. */
export function withQuery<P extends string>(path: P, query: Record<string, string | number | null | undefined>): P {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  // The cast keeps the path's type for the typed client; the query does not change the route.
  return (qs ? `${path}?${qs}` : path) as P;
}
