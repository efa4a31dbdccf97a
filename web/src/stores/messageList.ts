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
 * What a thread or room knows of itself beyond its messages (docs/decisions/0020, issue 40).
 * `contiguousTo` is the watermark: every message from the oldest held up to that id was read by
 * REST in pages that join, so nothing is missing below it. Messages heard live after it are held
 * but not vouched for: a Redis outage loses the other instance's events while the socket stays up,
 * and a socket that drops loses what was sent just before. Only a read that reaches back to the
 * watermark moves it, to the newest message that read saw.
 */
export interface HeldRange<T extends ListedMessage> {
  messages: T[];
  /** The id to page back from (Load earlier); null when the oldest held is the room's first. */
  nextBefore: number | null;
  /** Nothing is missing up to this id; null before the first read (0: the room was empty). */
  contiguousTo: number | null;
  /** The last read stopped at its page bound: the older messages it let go wait for Load earlier. */
  behind: boolean;
}

/**
 * Where reading back from the newest page may stop: at the oldest of the last `overlap` messages
 * held up to the watermark, so that range is read again (a deletion missed while away, a message
 * that committed late with a lower id), or at the watermark itself. Null when nothing is vouched
 * for: the newest page alone is read.
 */
export function readBackStop(held: Pick<HeldRange<ListedMessage>, 'messages' | 'contiguousTo'>, overlap: number): number | null {
  const watermark = held.contiguousTo;
  if (watermark === null) return null;
  const sure = held.messages.filter((m) => m.id > 0 && m.id <= watermark);
  if (overlap <= 0 || sure.length === 0) return watermark;
  return sure[Math.max(0, sure.length - overlap)]!.id;
}

/** Pages read back from the newest: their messages, oldest first, and where they stopped. */
export interface ReadBack<T> {
  items: T[];
  /** The id to go on paging back from; null when the pages reached the room's first message. */
  next: number | null;
  /** The pages reached the stop (readBackStop) or the room's first message: they join what is held. */
  joined: boolean;
  /**
   * When the pages do not join: true lets the held messages below them go (a catch-up that reached
   * its page bound); false keeps them, and the watermark where it was (a screen's look at the
   * newest page, which leaves the checking to the catch-up).
   */
  letGo: boolean;
}

/**
 * What is held after reading back from the newest page. The pages' range (from `next` to now) is
 * the server's truth: a held message in it that the pages lack was deleted. Below it, the held
 * messages stay if the pages joined them. If not, a catch-up lets them go (`letGo`), so no gap hides
 * between them and the pages, and Load earlier reads them back in order; a look keeps them and
 * vouches for nothing new. Messages heard live while the pages were read (`arrived`: the pages may
 * predate them) and stand-ins still on their way stay. Deleted ids stay out. `keepCopy` chooses
 * between a held copy and the page's.
 */
export function mergeReadBack<T extends ListedMessage>(
  held: HeldRange<T>,
  read: ReadBack<T>,
  { deleted = new Set<number>(), arrived = new Set<number>(), keepCopy }: MergeOptions<T> = {},
): HeldRange<T> {
  const bottom = read.next;
  const inRange = (id: number) => bottom === null || id >= bottom;
  // Nothing vouched for yet: the pages are all there is to go by.
  const letGo = !read.joined && (read.letGo || held.contiguousTo === null);
  const keepsOlder = !letGo;
  const byId = new Map(held.messages.map((m) => [m.id, m]));
  const fresh = read.items
    .filter((m) => !deleted.has(m.id))
    .map((m) => {
      const copy = byId.get(m.id);
      return copy && keepCopy ? keepCopy(copy, m) : m;
    });
  const older = keepsOlder ? held.messages.filter((m) => m.id > 0 && !inRange(m.id) && !deleted.has(m.id)) : [];
  const live = held.messages.filter((m) => m.id > 0 && arrived.has(m.id) && !deleted.has(m.id) && (keepsOlder || inRange(m.id)));
  const standIns = held.messages.filter((m) => m.id < 0 && !fresh.some((f) => f.clientKey && f.clientKey === m.clientKey));
  const unique = new Map<number, T>();
  for (const m of [...older, ...fresh]) unique.set(m.id, m);
  // Heard while the pages were on their way: as new as the page's copy, or newer.
  for (const m of live) unique.set(m.id, m);
  const top = read.items.reduce((max, m) => Math.max(max, m.id), 0);
  const vouched = read.joined || letGo;
  return {
    messages: sorted([...unique.values(), ...standIns]),
    nextBefore: older.length > 0 ? held.nextBefore : bottom,
    contiguousTo: vouched ? Math.max(top, older.length > 0 ? (held.contiguousTo ?? 0) : 0) : held.contiguousTo,
    // A catch-up that let held messages go leaves the room behind until Load earlier reads them back.
    behind:
      bottom !== null && (held.behind || (letGo && held.contiguousTo !== null && held.messages.some((m) => m.id > 0 && !inRange(m.id)))),
  };
}

export interface MergeOptions<T> {
  deleted?: ReadonlySet<number>;
  arrived?: ReadonlySet<number>;
  keepCopy?: (held: T, fresh: T) => T;
}
