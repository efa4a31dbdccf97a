// Socket.IO → stores. Connected only while signed in (the app shell starts and stops it). REST gives
// the state on load and again after a reconnect; events keep the stores fresh. No polling.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#protocol/events.ts';
import { refreshLoadedData, resetClientState, setRealtimeStopper } from '../stores/clientState.ts';
import { useAdminNotificationStore } from '../stores/useAdminNotificationStore.ts';
import { useAdminSupportStore } from '../stores/useAdminStore.ts';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { useChainsStore, useCompletedChainsStore } from '../stores/useChainsStore.ts';
import { useChatStore } from '../stores/useChatStore.ts';
import { useMatchesStore } from '../stores/useMatchesStore.ts';
import { useMessagesStore } from '../stores/useMessagesStore.ts';
import { useMyRequestsStore } from '../stores/useMyRequestsStore.ts';
import { useNotificationStore } from '../stores/useNotificationStore.ts';
import { useOffersStore } from '../stores/useOffersStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { useSupportStore } from '../stores/useSupportStore.ts';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function endSession(): void {
  stopRealtime();
  resetClientState();
  window.location.href = '/';
}

/**
 * The server refused or dropped the socket: if the session is gone, go home signed out; otherwise
 * try once more a little later (socket.io does not reconnect by itself after a refusal).
 */
async function checkSession(s: AppSocket): Promise<void> {
  const user = await useSessionStore.getState().refresh();
  if (socket !== s) return;
  if (!user) {
    endSession();
    return;
  }
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (socket === s && !s.connected) s.connect();
  }, 5000);
}

export function startRealtime(): void {
  if (socket) return;
  const s: AppSocket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    withCredentials: true,
  });
  socket = s;
  setRealtimeStopper(stopRealtime);
  let connectedBefore = false;

  s.on('connect', () => {
    // Events may have been missed while disconnected: reload what the screens show.
    if (connectedBefore) {
      void refreshLoadedData();
      void useOffersStore.getState().refreshLoaded();
      void useMessagesStore.getState().refreshLoaded();
      void useChatStore.getState().refreshLoaded();
    }
    connectedBefore = true;
  });
  s.on('disconnect', (reason) => {
    // "io server disconnect": the server ended this socket (sign-out, reset, deletion).
    if (reason === 'io server disconnect') void checkSession(s);
  });
  s.on('connect_error', () => {
    // A refusal at the handshake (not a network hiccup) leaves the socket inactive.
    if (!s.active) void checkSession(s);
  });

  s.on('badges', (stats) => useBadgeStore.getState().set(stats));

  // The same handlers take the answers of the user's own writes: an event for a change already
  // applied changes nothing (upsert by id, deleted ids stay deleted).
  s.on('board:upsert', (request) => useMyRequestsStore.getState().saved(request));
  s.on('board:remove', ({ id }) => useMyRequestsStore.getState().leftBoard(id));

  // Each match event comes with 'notifications:changed', which reloads the bell's list.
  s.on('match:new', (match) => useMatchesStore.getState().upsert(match));
  s.on('match:update', ({ id, status }) => {
    if (status === 'deleted') useMatchesStore.getState().markDeleted(id);
    else useMatchesStore.getState().setStatus(id, status);
  });
  // Three-way trade chains: a full copy whenever one is proposed or changes (the bell's chain
  // section reads the same store).
  s.on('chain:update', (chain) => {
    useChainsStore.getState().upsert(chain);
    // A chain that completes is a trade on the Completed tab too.
    if (chain.status === 'completed' && useCompletedChainsStore.getState().loaded) useCompletedChainsStore.getState().upsert(chain);
  });

  // An offer received or sent elsewhere, and answers, cancels and hides; the bell's trade-request
  // list follows by 'notifications:changed'.
  s.on('offer:new', (offer) => useOffersStore.getState().saved(offer));
  s.on('offer:update', (change) => useOffersStore.getState().updated(change));

  // Direct messages and base chat: the answer to one's own send and its event are the same message,
  // matched by id or clientKey, so neither order shows it twice.
  s.on('message:new', (message) => useMessagesStore.getState().received(message));
  s.on('message:read', (payload) => useMessagesStore.getState().read(payload));
  s.on('conversation:deleted', ({ userId }) => useMessagesStore.getState().conversationRemoved(userId));
  s.on('chat:new', (message) => useChatStore.getState().received(message));
  s.on('chat:deleted', (payload) => useChatStore.getState().removed(payload));

  // Reloads both of the bell's lists, match and trade-request notifications.
  s.on('notifications:changed', () => void useNotificationStore.getState().fetch());
  // Admins' bells, and the Support tab when it is open; the filer's own requests take the answer.
  s.on('admin:notification', (n) => {
    useAdminNotificationStore.getState().received(n);
    if (n.notificationType === 'support_request' && useAdminSupportStore.getState().loaded) void useAdminSupportStore.getState().fetch();
  });
  s.on('admin:notifications-changed', () => void useAdminNotificationStore.getState().fetch());
  s.on('support:update', (request) => useSupportStore.getState().upsert(request));
  s.on('session:ended', endSession);
}

export function stopRealtime(): void {
  clearTimeout(retryTimer);
  if (!socket) return;
  const s = socket;
  socket = null;
  setRealtimeStopper(null);
  s.removeAllListeners();
  s.disconnect();
}
