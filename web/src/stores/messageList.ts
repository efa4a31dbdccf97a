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

export { withQuery } from './paging.ts';

/**
 * Where catching up starts (?after=): the newest `overlap` stored messages held are read again, so
 * the server's copy of that range is the truth (deletions missed while away, and a message that
 * committed late with an id below one already held). Null when nothing stored is held: then the
 * newest page is what to read.
 */
export function catchUpAnchor(held: readonly ListedMessage[], overlap: number): number | null {
  const stored = held.filter((m) => m.id > 0);
  if (stored.length === 0) return null;
  const first = stored[Math.max(0, stored.length - overlap)]!;
  return first.id - 1;
}

/** Pages a catch-up reads at most (2,000 messages); further behind, the newest page starts the list again. */
export const CATCH_UP_PAGES = 40;

/**
 * What was held, caught up: every message after `anchor` as the server has it now (fetched, in
 * full: what is missing there was deleted), the held ones up to it, those that arrived live while
 * the pages were read (`arrived`: the pages may predate them), and the stand-ins still on their
 * way. Messages deleted for good stay out.
 */
export function mergeCaughtUp<T extends ListedMessage>(
  held: T[],
  fetched: readonly T[],
  anchor: number,
  deleted: ReadonlySet<number> = new Set(),
  arrived: ReadonlySet<number> = new Set(),
): T[] {
  const fresh = fetched.filter((m) => !deleted.has(m.id));
  const kept = held.filter((m) => m.id > 0 && (m.id <= anchor || arrived.has(m.id)) && !deleted.has(m.id));
  const standIns = held.filter((m) => m.id < 0 && !fresh.some((f) => f.clientKey && f.clientKey === m.clientKey));
  const seen = new Set<number>();
  const unique: T[] = [];
  for (const m of [...fresh, ...kept]) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    unique.push(m);
  }
  return sorted([...unique, ...standIns]);
}
