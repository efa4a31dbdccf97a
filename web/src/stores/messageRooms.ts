// How a thread (direct messages) or a chat room (base chat) is read, one implementation for both
// stores (docs/decisions/0020, issue 40). Every read starts at the newest page. A screen's load
// (a first load too) reads that page alone. A catch-up after a reconnect reads back (?before=) until
// it joins what the room vouches for: its watermark, `contiguousTo` (messageList.ts), less an
// overlap read again. At most READ_BACK_PAGES pages: further behind, the older messages held are
// let go and Load earlier ("Load the rest") reads them back in order, so a gap never hides behind
// messages heard live.
//
// Reads of one room run one at a time (a second waits; a third asked meanwhile shares the second),
// so two reads never merge over each other. Messages heard live while a read is on its way are
// kept: the read may predate them.
import { MESSAGE_PAGE } from '#protocol/limits.ts';
import { mergeReadBack, prependPage, readBackStop, type HeldRange, type ListedMessage } from './messageList.ts';

/** Pages a catch-up reads back at most (500 messages); further back waits for Load earlier. */
export const READ_BACK_PAGES = 10;
/** Messages read again below the watermark after a reconnect (deletions missed, late commits). */
export const CATCH_UP_OVERLAP = MESSAGE_PAGE;

/**
 * 'look': a screen's load, the newest page alone (a room held keeps what it holds if the page does
 * not reach its watermark). 'catch-up': after a reconnect, back to the watermark less the overlap,
 * up to READ_BACK_PAGES.
 */
export type ReadMode = 'look' | 'catch-up';

export interface MessageRoom<T extends ListedMessage> extends HeldRange<T> {
  /** True once the first read finished (successfully or not). */
  loaded: boolean;
  error: boolean;
  loadingEarlier: boolean;
}

export const emptyRoom = <T extends ListedMessage>(): MessageRoom<T> => ({
  messages: [],
  nextBefore: null,
  contiguousTo: null,
  behind: false,
  loaded: false,
  error: false,
  loadingEarlier: false,
});

/** A page of a thread or room as the server sends it: oldest first, and the id to page back from. */
export interface RoomPage<T> {
  messages: T[];
  nextBefore: number | null;
}

export interface MessageRoomsOptions<K, T extends ListedMessage, P extends RoomPage<T>, R extends MessageRoom<T>> {
  /** The newest page (`before` null) or the page before an id. */
  page: (key: K, before: number | null) => Promise<P>;
  /** The room as held, if it is. */
  get: (key: K) => R | undefined;
  /** Changes the room, creating it empty when it is not held. */
  patch: (key: K, change: (room: R) => Partial<R>) => void;
  /** What else the newest page sets (a thread's user). */
  fromPage?: (page: P) => Partial<R>;
  /** The copy to keep when a message is held and a page brings it again (default: the page's). */
  keepCopy?: (held: T, fresh: T) => T;
}

/** One room's reads: the last one asked (the others run before it) and the one waiting to start. */
interface Lane {
  tail: Promise<void>;
  waiting: { mode: ReadMode; run: Promise<void> } | null;
  /** Per read asked and not finished: the messages heard since it was asked (its pages may predate them). */
  hearing: Set<Set<number>>;
  /** Reads asked and not finished. */
  busy: number;
}

export interface MessageRooms<K> {
  /**
   * Reads the room (ReadMode). Throws when a page fails (the room shows its error); a read of a
   * room forgotten or reset meanwhile changes nothing.
   */
  read: (key: K, mode: ReadMode) => Promise<void>;
  /** The page before the oldest held (Load earlier). Throws when it fails. */
  loadEarlier: (key: K) => Promise<void>;
  /** A message of the room was heard live: a read on its way keeps it. */
  heard: (key: K, id: number) => void;
  /** A message was deleted for good: no page or event brings it back. */
  deleted: (id: number) => void;
  isDeleted: (id: number) => boolean;
  /** Whether a read of the room is on its way or waiting. */
  busy: (key: K) => boolean;
  /** The rooms with a read on its way or waiting. */
  busyKeys: () => K[];
  /** The room is gone (a conversation deleted): reads on their way change nothing. */
  forget: (key: K) => void;
  /** A check that stays true until the next reset (for retries). */
  current: () => () => boolean;
  reset: () => void;
}

export function messageRooms<K, T extends ListedMessage, P extends RoomPage<T>, R extends MessageRoom<T>>(
  options: MessageRoomsOptions<K, T, P, R>,
): MessageRooms<K> {
  let generation = 0;
  const deletedIds = new Set<number>();
  const lanes = new Map<K, Lane>();
  const laneOf = (key: K): Lane => {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { tail: Promise.resolve(), waiting: null, hearing: new Set(), busy: 0 };
      lanes.set(key, lane);
    }
    return lane;
  };

  async function readRoom(key: K, mode: ReadMode, lane: Lane, arrived: ReadonlySet<number>): Promise<void> {
    const live = () => lanes.get(key) === lane;
    if (!live()) return;
    const held = options.get(key);
    const catchUp = mode === 'catch-up';
    const stop = held ? readBackStop(held, catchUp ? CATCH_UP_OVERLAP : 0) : null;
    const maxPages = catchUp ? READ_BACK_PAGES : 1;
    try {
      const pages: T[][] = [];
      let first: P | null = null;
      let before: number | null = null;
      do {
        const page: P = await options.page(key, before);
        if (!live()) return;
        first ??= page;
        pages.unshift(page.messages);
        before = page.nextBefore;
        // With nothing vouched for (stop null), the newest page alone.
      } while (stop !== null && before !== null && before > stop && pages.length < maxPages);
      const joined = before === null || (stop !== null && before <= stop);
      const read = { items: pages.flat(), next: before, joined, letGo: catchUp };
      const extra = first && options.fromPage ? options.fromPage(first) : {};
      options.patch(
        key,
        (room) =>
          ({
            ...mergeReadBack(room, read, { deleted: deletedIds, arrived, keepCopy: options.keepCopy }),
            ...extra,
            loaded: true,
            error: false,
          }) as Partial<R>,
      );
    } catch (err) {
      if (live()) options.patch(key, () => ({ loaded: true, error: true }) as Partial<R>);
      throw err;
    }
  }

  return {
    read: (key, mode) => {
      const lane = laneOf(key);
      // One waiting to start reads after everything heard so far: it serves this call too.
      if (lane.waiting) {
        if (mode === 'catch-up') lane.waiting.mode = mode;
        return lane.waiting.run;
      }
      const arrived = new Set<number>();
      lane.hearing.add(arrived);
      const entry = { mode, run: Promise.resolve() };
      const start = () => {
        if (lane.waiting === entry) lane.waiting = null;
        return readRoom(key, entry.mode, lane, arrived);
      };
      // An idle room sends its first page at once; otherwise the read waits for the one before.
      if (lane.busy === 0) entry.run = start();
      else {
        entry.run = lane.tail.then(start);
        lane.waiting = entry;
      }
      lane.busy++;
      lane.tail = entry.run.then(
        () => undefined,
        () => undefined,
      );
      void lane.tail.then(() => {
        lane.busy--;
        lane.hearing.delete(arrived);
      });
      return entry.run;
    },

    loadEarlier: async (key) => {
      const room = options.get(key);
      if (!room || room.nextBefore === null || room.loadingEarlier) return;
      const before = room.nextBefore;
      const lane = laneOf(key);
      options.patch(key, () => ({ loadingEarlier: true }) as Partial<R>);
      try {
        const page = await options.page(key, before);
        if (lanes.get(key) !== lane) return;
        options.patch(
          key,
          (cur) =>
            // A read meanwhile moved where the held messages start: this page no longer joins them.
            (cur.nextBefore !== before
              ? { loadingEarlier: false }
              : {
                  messages: prependPage(cur.messages, page.messages, deletedIds),
                  nextBefore: page.nextBefore,
                  loadingEarlier: false,
                  behind: false,
                }) as Partial<R>,
        );
      } catch (err) {
        if (lanes.get(key) === lane) options.patch(key, () => ({ loadingEarlier: false }) as Partial<R>);
        throw err;
      }
    },

    heard: (key, id) => {
      for (const arrived of lanes.get(key)?.hearing ?? []) arrived.add(id);
    },
    deleted: (id) => {
      deletedIds.add(id);
    },
    isDeleted: (id) => deletedIds.has(id),
    busy: (key) => (lanes.get(key)?.busy ?? 0) > 0,
    busyKeys: () => [...lanes].filter(([, lane]) => lane.busy > 0).map(([key]) => key),
    forget: (key) => {
      lanes.delete(key);
    },
    current: () => {
      const mine = generation;
      return () => mine === generation;
    },
    reset: () => {
      generation++;
      deletedIds.clear();
      lanes.clear();
    },
  };
}
