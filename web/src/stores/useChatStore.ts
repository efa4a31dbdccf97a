// Base chat: the caller's two rooms (GET /api/base-chat/{chatType}, paged back with ?before=).
// Sends show at once as stand-ins, replaced by the server copy matched by clientKey, whichever of
// the answer and 'chat:new' comes first; deleted ids never come back (a late page or event). After
// a reconnect a room catches up from the last messages it holds (?after=, then the cursors until
// caught up: docs/decisions/0020), so no gap hides behind what it already had.
import { create } from 'zustand';
import { CHAT_TYPES, type ChatType } from '#protocol/enums.ts';
import type { ChatMessage } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { MESSAGE_PAGE } from '#protocol/limits.ts';
import {
  CATCH_UP_PAGES,
  catchUpAnchor,
  mergeCaughtUp,
  mergeNewestPage,
  prependPage,
  standInId,
  upsertMessage,
  withQuery,
} from './messageList.ts';
import { followPages, pagesOf } from './paging.ts';
import { messageFormData } from './useMessagesStore.ts';
import { useSessionStore } from './useSessionStore.ts';

export interface ChatRoom {
  messages: ChatMessage[];
  nextBefore: number | null;
  loaded: boolean;
  error: boolean;
  loadingEarlier: boolean;
}

interface ChatState {
  rooms: Record<ChatType, ChatRoom>;
  fetch: (chatType: ChatType) => Promise<void>;
  loadEarlier: (chatType: ChatType) => Promise<void>;
  /** After a reconnect: every message since the last ones held, page by page. */
  catchUp: (chatType: ChatType) => Promise<void>;
  /** POST /api/base-chat. Throws on failure (the stand-in goes). */
  send: (chatType: ChatType, content: string, files: readonly File[], clientKey: string) => Promise<ChatMessage>;
  /** DELETE /api/base-chat/{id}. */
  deleteMessage: (message: ChatMessage) => Promise<void>;
  /** 'chat:new' (and the answer to one's own send). */
  received: (message: ChatMessage) => void;
  /** 'chat:deleted' (and one's own delete). */
  removed: (payload: { id: number; chatType: ChatType }) => void;
  refreshLoaded: () => Promise<void>;
  reset: () => void;
}

const emptyRoom = (): ChatRoom => ({ messages: [], nextBefore: null, loaded: false, error: false, loadingEarlier: false });
const emptyRooms = (): Record<ChatType, ChatRoom> => ({ reserve: emptyRoom(), lineholder: emptyRoom() });

/**
 * The room's path. The typed client reads every ':param' as a number; this one is the chat type
 * (reserve | lineholder), so the cast states that the route is the same.
 */
const roomPath = (chatType: ChatType) => `/api/base-chat/${chatType}` as `/api/base-chat/${number}`;

let generation = 0;
/** Deleted for good: a page or event arriving late does not bring them back. */
const deleted = new Set<number>();
/** Messages that arrived live in a room while it was catching up (its pages may predate them). */
const arrivedWhileCatchingUp: Partial<Record<ChatType, Set<number>>> = {};
/** The catch-up under way per room: another reconnect meanwhile catches up again once it ends. */
const catchingUp: Partial<Record<ChatType, Promise<void>>> = {};
/**
 * The newest-page loads under way per room, each with the messages that arrived live meanwhile:
 * the page may have been read before them, and its range is taken as the truth. A room's first
 * load can well overlap the socket's connect (the dashboard's card loads when it nears the viewport).
 */
const loading: Partial<Record<ChatType, Map<Promise<void>, Set<number>>>> = {};

export const useChatStore = create<ChatState>((set, get) => {
  const patch = (chatType: ChatType, change: (room: ChatRoom) => Partial<ChatRoom>) =>
    set((s) => ({ rooms: { ...s.rooms, [chatType]: { ...s.rooms[chatType], ...change(s.rooms[chatType]) } } }));

  /** Reads every message after the newest held ones (the overlap read again), until caught up. */
  async function catchUpRoom(chatType: ChatType): Promise<void> {
    const anchor = catchUpAnchor(get().rooms[chatType].messages, MESSAGE_PAGE);
    if (anchor === null) return get().fetch(chatType);
    const mine = generation;
    const arrived = new Set<number>();
    arrivedWhileCatchingUp[chatType] = arrived;
    try {
      const source = pagesOf(withQuery(roomPath(chatType), { after: anchor }), (page) => page.messages);
      const caught = await followPages(source, { maxPages: CATCH_UP_PAGES });
      if (mine !== generation) return;
      // Too far behind to read it all: the newest page starts the room again (Load earlier reaches the rest).
      if (caught.next !== null) return await get().fetch(chatType);
      patch(chatType, (room) => ({ messages: mergeCaughtUp(room.messages, caught.items, anchor, deleted, arrived), loaded: true, error: false }));
    } catch {
      if (mine === generation) patch(chatType, () => ({ error: true }));
    } finally {
      if (arrivedWhileCatchingUp[chatType] === arrived) delete arrivedWhileCatchingUp[chatType];
    }
  }

  return {
    rooms: emptyRooms(),

    fetch: (chatType) => {
      const mine = generation;
      const arrived = new Set<number>();
      const run = (async () => {
        try {
          const page = await api.get(roomPath(chatType));
          if (mine !== generation) return;
          patch(chatType, (room) => {
            const merged = mergeNewestPage(room.messages, page.messages, page.nextBefore, room.nextBefore, deleted);
            // What came live while the page was on its way is newer than the page's read: it stays.
            const items = room.messages.filter((m) => arrived.has(m.id)).reduce(upsertMessage, merged.items);
            return { messages: items, nextBefore: merged.nextBefore, loaded: true, error: false };
          });
        } catch {
          if (mine === generation) patch(chatType, () => ({ loaded: true, error: true }));
        }
      })();
      const loads = (loading[chatType] ??= new Map());
      loads.set(run, arrived);
      return run.finally(() => loads.delete(run));
    },

    loadEarlier: async (chatType) => {
      const room = get().rooms[chatType];
      if (room.nextBefore === null || room.loadingEarlier) return;
      patch(chatType, () => ({ loadingEarlier: true }));
      try {
        const page = await api.get(withQuery(roomPath(chatType), { before: room.nextBefore }));
        patch(chatType, (cur) => ({
          messages: prependPage(cur.messages, page.messages, deleted),
          nextBefore: page.nextBefore,
          loadingEarlier: false,
        }));
      } catch {
        patch(chatType, () => ({ loadingEarlier: false }));
      }
    },

    catchUp: async (chatType) => {
      // A load under way may have read the room before the socket was back in it: catch up after it.
      const loads = loading[chatType];
      if (loads && loads.size > 0) await Promise.all(loads.keys());
      const running = catchingUp[chatType];
      if (running) {
        await running;
        return get().catchUp(chatType);
      }
      const run = catchUpRoom(chatType);
      catchingUp[chatType] = run;
      try {
        await run;
      } finally {
        if (catchingUp[chatType] === run) delete catchingUp[chatType];
      }
    },

    send: async (chatType, content, files, clientKey) => {
      const me = useSessionStore.getState().user;
      const standIn: ChatMessage = {
        id: standInId(),
        userId: me?.id ?? 0,
        chatType,
        content: content.trim() === '' && files.length > 0 ? ' ' : content,
        attachments: [],
        createdAt: new Date().toISOString(),
        user: {
          firstName: me?.firstName ?? null,
          lastName: me?.lastName ?? null,
          profileImageUrl: me?.profileImageUrl ?? null,
          employeeNumber: me?.employeeNumber ?? null,
        },
        clientKey,
      };
      patch(chatType, (room) => ({ messages: upsertMessage(room.messages, standIn) }));
      try {
        const fields = { chatType, content: standIn.content, clientKey };
        const saved = await api.post('/api/base-chat', files.length > 0 ? messageFormData(fields, files, 'photos') : fields);
        get().received(saved);
        return saved;
      } catch (err) {
        patch(chatType, (room) => ({ messages: room.messages.filter((m) => m.id !== standIn.id) }));
        throw err;
      }
    },

    deleteMessage: async (message) => {
      await api.delete(`/api/base-chat/${message.id}`);
      get().removed({ id: message.id, chatType: message.chatType });
    },

    received: (message) => {
      if (deleted.has(message.id)) return;
      arrivedWhileCatchingUp[message.chatType]?.add(message.id);
      for (const arrived of loading[message.chatType]?.values() ?? []) arrived.add(message.id);
      patch(message.chatType, (room) => ({ messages: upsertMessage(room.messages, message) }));
    },

    removed: ({ id, chatType }) => {
      deleted.add(id);
      patch(chatType, (room) => ({ messages: room.messages.filter((m) => m.id !== id) }));
    },

    refreshLoaded: async () => {
      const rooms = get().rooms;
      // A room whose first load is under way counts too: its page may predate the reconnect.
      const shown = (t: ChatType) => rooms[t].loaded || (loading[t]?.size ?? 0) > 0;
      await Promise.all((Object.keys(rooms) as ChatType[]).filter(shown).map((t) => get().catchUp(t)));
    },

    reset: () => {
      generation++;
      deleted.clear();
      for (const t of CHAT_TYPES) {
        delete arrivedWhileCatchingUp[t];
        delete catchingUp[t];
        delete loading[t];
      }
      set({ rooms: emptyRooms() });
    },
  };
});
