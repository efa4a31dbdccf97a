// Direct messages: the conversation list (GET /api/messages/recent, a page at a time) and the
// threads opened (GET /api/messages/{userId}, paged back with ?before=). Sends show at once as
// stand-ins and are replaced by the server's copy, matched by clientKey, whichever of the answer
// and the 'message:new' event comes first (messageList.ts). A thread is read as messageRooms.ts
// reads chat rooms too: after a reconnect refreshLoaded() reads each open thread back from its
// newest page until it joins what the thread vouches for (its watermark, not the newest held),
// tried again until it succeeds (refetch.ts), so nothing is missed and nothing doubles.
import { create } from 'zustand';
import type { ConversationSummary, DirectMessage, MessageUser, ThreadPage } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { standInId, upsertMessage, withQuery } from './messageList.ts';
import { emptyRoom, messageRooms, type MessageRoom } from './messageRooms.ts';
import { asPage, followPages, itself, pagesOf } from './paging.ts';
import { refetchUntilRight } from './refetch.ts';
import { useBadgeStore } from './useBadgeStore.ts';
import { useSessionStore } from './useSessionStore.ts';
import { liveStore } from './liveStores.ts';

export interface Thread extends MessageRoom<DirectMessage> {
  user: MessageUser | null;
}

interface MessagesState {
  conversations: ConversationSummary[];
  loaded: boolean;
  error: boolean;
  /** The next page of conversations; null when all are loaded. */
  conversationsNext: string | null;
  loadingMoreConversations: boolean;
  threads: Record<number, Thread>;
  /** The last conversation removed (here or in another tab), so the screen can close it. */
  lastRemoved: { userId: number; seq: number } | null;
  /** The conversation on screen: messages arriving in it are read at once. */
  activeUserId: number | null;
  /** The conversation list, as many pages as were loaded. */
  fetchConversations: () => Promise<void>;
  /** The next page of conversations (older ones). */
  loadMoreConversations: () => Promise<void>;
  /** After a reconnect: every message of the thread since what it vouches for, tried again until it succeeds. */
  catchUpThread: (userId: number) => Promise<void>;
  openThread: (userId: number) => Promise<void>;
  setActive: (userId: number | null) => void;
  loadEarlier: (userId: number) => Promise<void>;
  /** POST /api/messages; the stand-in shows until the answer or the event. Throws on failure (the stand-in goes). */
  send: (to: MessageUser, content: string, files: readonly File[], clientKey: string) => Promise<DirectMessage>;
  markRead: (userId: number) => Promise<void>;
  deleteConversation: (userId: number) => Promise<void>;
  /** 'message:new' (and the answer to one's own send). */
  received: (message: DirectMessage) => void;
  /** 'message:read'. */
  read: (payload: { readerId: number; otherUserId: number }) => void;
  /** 'conversation:deleted', or one's own delete. */
  conversationRemoved: (userId: number) => void;
  refreshLoaded: () => Promise<void>;
  reset: () => void;
}

const myId = () => useSessionStore.getState().user?.id ?? 0;
const otherOf = (m: DirectMessage) => (m.fromUserId === myId() ? m.toUser : m.fromUser);
const emptyThread = (): Thread => ({ ...emptyRoom<DirectMessage>(), user: null });

/** Newest conversation first; a stand-in's time is now. */
const byLatest = (a: ConversationSummary, b: ConversationSummary) =>
  a.lastMessage.createdAt < b.lastMessage.createdAt
    ? 1
    : a.lastMessage.createdAt > b.lastMessage.createdAt
      ? -1
      : b.lastMessage.id - a.lastMessage.id;

/** The multipart body of a send: the JSON fields plus one part per image. */
export function messageFormData(fields: Record<string, string | number>, files: readonly File[], field: string): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  for (const file of files) data.append(field, file, file.name);
  return data;
}

/** Moves on at reset: a fetch that started before it is ignored. */
let generation = 0;
/** Ids of messages already counted as unread by an event (an event repeated does not count twice). */
const counted = new Set<number>();
/** Own sends still on their way when the other person read the conversation (see received). */
const readWhileSending = new Set<string>();
/** Pages of conversations loaded: a refresh reads as many (up to a few). */
let conversationPages = 0;
const conversationSource = pagesOf('/api/messages/recent', itself<ConversationSummary>);
/** What the refetches name in the catching-up list: the conversation list, and a thread by user. */
const conversationsOwner = {};
const threadOwners = new Map<number, object>();
const threadOwner = (userId: number) => {
  let owner = threadOwners.get(userId);
  if (!owner) threadOwners.set(userId, (owner = {}));
  return owner;
};
/** A message is read once and stays read: a copy from before the read does not take the mark back. */
const keepRead = (held: DirectMessage, fresh: DirectMessage) => (held.isRead && !fresh.isRead ? { ...fresh, isRead: true } : fresh);

/** The store's data before anything is loaded (at start and after a reset). */
function emptyMessages() {
  return {
    conversations: [],
    loaded: false,
    error: false,
    conversationsNext: null,
    loadingMoreConversations: false,
    threads: {},
    lastRemoved: null,
    activeUserId: null,
  } satisfies Partial<MessagesState>;
}

export const useMessagesStore = create<MessagesState>((set, get) => {
  const patchThread = (userId: number, patch: (t: Thread) => Partial<Thread>) =>
    set((s) => {
      const t = s.threads[userId] ?? emptyThread();
      return { threads: { ...s.threads, [userId]: { ...t, ...patch(t) } } };
    });

  /** The conversation list after a message in it: it moves to the top with the message as its last. */
  const touchConversation = (message: DirectMessage) =>
    set((s) => {
      const other = otherOf(message);
      const current = s.conversations.find((c) => c.user.id === other.id);
      // An older message (a late answer or event) does not replace the newer last one.
      if (current && current.lastMessage.id > 0 && message.id > 0 && current.lastMessage.id > message.id) return {};
      const firstSeen = message.id > 0 && !counted.has(message.id) && current?.lastMessage.id !== message.id;
      if (message.id > 0) counted.add(message.id);
      const fromOther = message.fromUserId === other.id;
      const unreadCount = (current?.unreadCount ?? 0) + (fromOther && !message.isRead && firstSeen ? 1 : 0);
      const entry: ConversationSummary = { user: current?.user ?? other, lastMessage: message, unreadCount };
      return { conversations: [entry, ...s.conversations.filter((c) => c.user.id !== other.id)].sort(byLatest) };
    });

  const threads = messageRooms<number, DirectMessage, ThreadPage, Thread>({
    page: (userId, before) => api.get(before === null ? `/api/messages/${userId}` : withQuery(`/api/messages/${userId}`, { before })),
    get: (userId) => get().threads[userId],
    patch: patchThread,
    fromPage: (page) => ({ user: page.user }),
    keepCopy: keepRead,
  });

  /** The conversation list, as many pages as were loaded (up to a few); throws when a page fails. */
  async function loadConversations(): Promise<void> {
    const mine = generation;
    try {
      const { items, next, pages } = await followPages(conversationSource, { maxPages: Math.min(Math.max(conversationPages, 1), 5) });
      if (mine !== generation) return;
      conversationPages = pages;
      set({ conversations: [...items].sort(byLatest), conversationsNext: next, loaded: true, error: false });
    } catch (err) {
      if (mine === generation) set({ loaded: true, error: true });
      throw err;
    }
  }

  return {
    ...emptyMessages(),

    fetchConversations: () => loadConversations().catch(() => undefined),

    loadMoreConversations: async () => {
      const { conversationsNext: next, loadingMoreConversations: loading } = get();
      if (next === null || loading) return;
      const mine = generation;
      set({ loadingMoreConversations: true });
      try {
        const page = asPage(await conversationSource(next));
        if (mine !== generation) return;
        conversationPages++;
        set((s) => {
          const held = new Set(s.conversations.map((c) => c.user.id));
          const older = page.items.filter((c) => !held.has(c.user.id));
          return {
            conversations: [...s.conversations, ...older].sort(byLatest),
            conversationsNext: page.next,
            loadingMoreConversations: false,
          };
        });
      } catch {
        if (mine === generation) set({ loadingMoreConversations: false });
      }
    },

    catchUpThread: (userId) => {
      const current = threads.current();
      return refetchUntilRight(threadOwner(userId), () => threads.read(userId, 'catch-up'), {
        // A thread deleted meanwhile is not read again.
        wanted: () => current() && (get().threads[userId] !== undefined || threads.busy(userId)),
      });
    },

    openThread: (userId) => threads.read(userId, 'look').catch(() => undefined),

    setActive: (userId) => set({ activeUserId: userId }),

    loadEarlier: async (userId) => {
      try {
        await threads.loadEarlier(userId);
      } catch {
        throw new Error('load earlier failed');
      }
    },

    send: async (to, content, files, clientKey) => {
      const me = useSessionStore.getState().user;
      const meAsSender: MessageUser = {
        id: me?.id ?? 0,
        firstName: me?.firstName ?? null,
        lastName: me?.lastName ?? null,
        profileImageUrl: me?.profileImageUrl ?? null,
        employeeNumber: me?.employeeNumber ?? null,
      };
      const standIn: DirectMessage = {
        id: standInId(),
        fromUserId: meAsSender.id,
        toUserId: to.id,
        fromUser: meAsSender,
        toUser: to,
        content: content.trim() === '' && files.length > 0 ? ' ' : content,
        isRead: false,
        createdAt: new Date().toISOString(),
        // Stand-in previews are shown by the composer's object URLs until the server copy comes.
        attachments: [],
        clientKey,
      };
      patchThread(to.id, (t) => ({ messages: upsertMessage(t.messages, standIn), user: t.user ?? to }));
      try {
        const fields = { toUserId: to.id, content: standIn.content, clientKey };
        const saved = await api.post('/api/messages', files.length > 0 ? messageFormData(fields, files, 'attachments') : fields);
        get().received(saved);
        return saved;
      } catch (err) {
        patchThread(to.id, (t) => ({ messages: removeStandIn(t.messages, standIn.id) }));
        throw err;
      }
    },

    markRead: async (userId) => {
      const conversation = get().conversations.find((c) => c.user.id === userId);
      const thread = get().threads[userId];
      const unreadInThread = thread?.messages.some((m) => m.fromUserId === userId && !m.isRead) ?? false;
      if ((conversation?.unreadCount ?? 0) === 0 && !unreadInThread) return;
      get().read({ readerId: myId(), otherUserId: userId });
      try {
        await api.post(`/api/messages/${userId}/mark-read`, undefined as never);
      } finally {
        void useBadgeStore.getState().fetch();
      }
    },

    deleteConversation: async (userId) => {
      await api.delete(`/api/messages/conversation/${userId}`);
      get().conversationRemoved(userId);
      void useBadgeStore.getState().fetch();
    },

    received: (incoming) => {
      const other = otherOf(incoming);
      const t = get().threads[other.id];
      // A message is read once and stays read: a copy from before the read (the answer to one's own
      // send arriving after 'message:read') does not take the mark back.
      const held = t?.messages.find((m) => m.id === incoming.id);
      const message = held?.isRead && !incoming.isRead ? { ...incoming, isRead: true } : incoming;
      const recheck = message.clientKey !== null && readWhileSending.delete(message.clientKey);
      threads.heard(other.id, message.id);
      // A thread on its way is held from now, so its page does not lose the message.
      if (t || threads.busy(other.id)) patchThread(other.id, (cur) => ({ messages: upsertMessage(cur.messages, message) }));
      touchConversation(message);
      // Read while it was still being sent: whether that read covered it only the server knows.
      if (recheck && t) void get().openThread(other.id);
      const active = get().activeUserId === other.id;
      if (active && message.fromUserId === other.id && !message.isRead && pageVisible()) {
        void get()
          .markRead(other.id)
          .catch(() => undefined);
      }
    },

    read: ({ readerId, otherUserId }) => {
      const me = myId();
      // readerId read what otherUserId sent: in the caller's list that is the thread with the other one.
      const other = readerId === me ? otherUserId : readerId;
      const sender = otherUserId;
      if (readerId !== me) {
        for (const m of get().threads[other]?.messages ?? []) if (m.id < 0 && m.clientKey) readWhileSending.add(m.clientKey);
      }
      set((s) => {
        const t = s.threads[other];
        const threads = t
          ? {
              ...s.threads,
              [other]: {
                ...t,
                messages: t.messages.map((m) => (m.fromUserId === sender && m.id > 0 && !m.isRead ? { ...m, isRead: true } : m)),
              },
            }
          : s.threads;
        const conversations = s.conversations.map((c) =>
          c.user.id !== other
            ? c
            : {
                ...c,
                unreadCount: readerId === me ? 0 : c.unreadCount,
                lastMessage: c.lastMessage.fromUserId === sender ? { ...c.lastMessage, isRead: true } : c.lastMessage,
              },
        );
        return { threads, conversations };
      });
    },

    conversationRemoved: (userId) => {
      threads.forget(userId);
      set((s) => {
        const threads = { ...s.threads };
        delete threads[userId];
        return {
          conversations: s.conversations.filter((c) => c.user.id !== userId),
          threads,
          lastRemoved: { userId, seq: (s.lastRemoved?.seq ?? 0) + 1 },
        };
      });
    },

    refreshLoaded: async () => {
      const jobs: Promise<void>[] = [];
      if (get().loaded) {
        const current = threads.current();
        jobs.push(refetchUntilRight(conversationsOwner, loadConversations, { wanted: current }));
      }
      // A thread whose first read is under way counts too: its page may predate the reconnect.
      const threadIds = new Set([...Object.keys(get().threads).map(Number), ...threads.busyKeys()]);
      for (const id of threadIds) {
        if (get().threads[id]?.loaded || threads.busy(id)) jobs.push(get().catchUpThread(id));
      }
      await Promise.all(jobs);
    },

    reset: () => {
      generation++;
      counted.clear();
      readWhileSending.clear();
      threads.reset();
      conversationPages = 0;
      set(emptyMessages());
    },
  };
});

// Sign-out's reset has never emptied it: the page leaves for / right after sign-out.
liveStore('messages', { stores: [useMessagesStore], refresh: () => useMessagesStore.getState().refreshLoaded() });

function removeStandIn(messages: DirectMessage[], id: number): DirectMessage[] {
  return messages.filter((m) => m.id !== id);
}

/** A message arriving in the open conversation counts as read only while the page is seen. */
const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
