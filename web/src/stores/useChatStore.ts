// Base chat: the caller's two rooms (GET /api/base-chat/{chatType}, paged back with ?before=).
// Sends show at once as stand-ins, replaced by the server copy matched by clientKey, whichever of
// the answer and 'chat:new' comes first; deleted ids never come back (a late page or event). A room
// is read as messageRooms.ts reads threads too: after a reconnect it reads back from the newest page
// until it joins what it vouches for (its watermark, not the newest held: posts heard live during a
// Redis outage may sit after a gap), tried again until it succeeds (refetch.ts).
import { create } from 'zustand';
import { CHAT_TYPES, type ChatType } from '#protocol/enums.ts';
import type { ChatMessage, ChatPage } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { standInId, upsertMessage, withQuery } from './messageList.ts';
import { emptyRoom, messageRooms, type MessageRoom } from './messageRooms.ts';
import { refetchUntilRight } from './refetch.ts';
import { messageFormData } from './useMessagesStore.ts';
import { useSessionStore } from './useSessionStore.ts';
import { liveStore } from './liveStores.ts';

export type ChatRoom = MessageRoom<ChatMessage>;

interface ChatState {
  rooms: Record<ChatType, ChatRoom>;
  fetch: (chatType: ChatType) => Promise<void>;
  loadEarlier: (chatType: ChatType) => Promise<void>;
  /** After a reconnect: every message since what the room vouches for, tried again until it succeeds. */
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

const emptyRooms = (): Record<ChatType, ChatRoom> => ({ reserve: emptyRoom(), lineholder: emptyRoom() });

/**
 * The room's path. The typed client reads every ':param' as a number; this one is the chat type
 * (reserve | lineholder), so the cast states that the route is the same.
 */
const roomPath = (chatType: ChatType) => `/api/base-chat/${chatType}` as `/api/base-chat/${number}`;

/** What a catch-up names in the catching-up list, per room. */
const owners: Record<ChatType, object> = { reserve: {}, lineholder: {} };

export const useChatStore = create<ChatState>((set, get) => {
  const patch = (chatType: ChatType, change: (room: ChatRoom) => Partial<ChatRoom>) =>
    set((s) => ({ rooms: { ...s.rooms, [chatType]: { ...s.rooms[chatType], ...change(s.rooms[chatType]) } } }));
  const rooms = messageRooms<ChatType, ChatMessage, ChatPage, ChatRoom>({
    page: (chatType, before) => api.get(before === null ? roomPath(chatType) : withQuery(roomPath(chatType), { before })),
    get: (chatType) => get().rooms[chatType],
    patch,
  });

  return {
    rooms: emptyRooms(),

    fetch: (chatType) => rooms.read(chatType, 'look').catch(() => undefined),

    loadEarlier: (chatType) => rooms.loadEarlier(chatType).catch(() => undefined),

    catchUp: (chatType) => {
      const current = rooms.current();
      return refetchUntilRight(owners[chatType], () => rooms.read(chatType, 'catch-up'), { wanted: current });
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
      if (rooms.isDeleted(message.id)) return;
      rooms.heard(message.chatType, message.id);
      patch(message.chatType, (room) => ({ messages: upsertMessage(room.messages, message) }));
    },

    removed: ({ id, chatType }) => {
      rooms.deleted(id);
      patch(chatType, (room) => ({ messages: room.messages.filter((m) => m.id !== id) }));
    },

    refreshLoaded: async () => {
      const held = get().rooms;
      // A room whose first read is under way counts too: its page may predate the reconnect.
      const shown = (t: ChatType) => held[t].loaded || rooms.busy(t);
      await Promise.all(CHAT_TYPES.filter(shown).map((t) => get().catchUp(t)));
    },

    reset: () => {
      rooms.reset();
      set({ rooms: emptyRooms() });
    },
  };
});

// Sign-out's reset has never emptied it: the page leaves for / right after sign-out.
liveStore('base chat', { stores: [useChatStore], refresh: () => useChatStore.getState().refreshLoaded() });
