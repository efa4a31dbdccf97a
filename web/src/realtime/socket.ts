// Socket.IO → stores. Connected only while signed in (the app shell starts and stops it). REST gives
// the state on load and again after a reconnect; events keep the stores fresh. No polling.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#protocol/events.ts';
import { reloadForMissingChunk } from '../lib/lazyScreen.ts';
import { refreshLiveStores } from '../stores/liveStores.ts';
import { setRealtimeStopper } from '../stores/realtimeStopper.ts';
import { useAdminNotificationStore } from '../stores/useAdminNotificationStore.ts';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { useChainsStore, useCompletedChainsStore } from '../stores/useChainsStore.ts';
import { useNotificationStore } from '../stores/useNotificationStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A module the app shell may not have loaded (a store of a screen not shown yet, sign-out's reset):
 * fetched with the first event that needs it, so the first screen loads only the stores it shows
 * (docs/decisions/0036-light-signed-in-first-screen.md). One queue a module: events that arrive before
 * its chunk still apply in their order, and one that throws does not stop the ones after it.
 */
function later<M>(load: () => Promise<M>): (apply: (m: M) => void) => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  return (apply) =>
    (queue = queue
      .then(load)
      .then(apply, () => {
        // A deploy replaced the chunk this tab names: the page reloads once (lib/lazyScreen.ts).
        reloadForMissingChunk();
      })
      .catch(reportError));
}

const clientState = later(() => import('../stores/clientState.ts'));
const adminSupport = later(() => import('../stores/useAdminStore.ts'));
const chat = later(() => import('../stores/useChatStore.ts'));
const matches = later(() => import('../stores/useMatchesStore.ts'));
const messages = later(() => import('../stores/useMessagesStore.ts'));
const myRequests = later(() => import('../stores/useMyRequestsStore.ts'));
const offers = later(() => import('../stores/useOffersStore.ts'));
const support = later(() => import('../stores/useSupportStore.ts'));

let socket: AppSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function endSession(): void {
  stopRealtime();
  void clientState((m) => m.resetClientState()).finally(() => {
    window.location.href = '/';
  });
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
  // A first connection that came only after a refused attempt (the server restarting, Redis away):
  // the screens loaded their data long before it, and events sent meanwhile reached no socket.
  let refusedBefore = false;

  s.on('connect', () => {
    // Events may have been missed while disconnected: reload what the screens show (every store
    // loaded declares what it refreshes: stores/liveStores.ts).
    if (connectedBefore || refusedBefore) void refreshLiveStores();
    connectedBefore = true;
  });
  s.on('disconnect', (reason) => {
    // "io server disconnect": the server ended this socket (sign-out, reset, deletion).
    if (reason === 'io server disconnect') void checkSession(s);
  });
  s.on('connect_error', () => {
    refusedBefore = true;
    // A refusal at the handshake (not a network hiccup) leaves the socket inactive.
    if (!s.active) void checkSession(s);
  });

  s.on('badges', (stats) => useBadgeStore.getState().set(stats));

  // The same handlers take the answers of the user's own writes: an event for a change already
  // applied changes nothing (upsert by id, deleted ids stay deleted).
  s.on('board:upsert', (request) => void myRequests((m) => m.useMyRequestsStore.getState().saved(request)));
  s.on('board:remove', ({ id }) => void myRequests((m) => m.useMyRequestsStore.getState().leftBoard(id)));

  // Each match event comes with 'notifications:changed', which reloads the bell's list.
  s.on('match:new', (match) => void matches((m) => m.useMatchesStore.getState().upsert(match)));
  // A match closed by the system keeps its reason; one a colleague's request closed or took is told in a toast.
  s.on('match:update', (change) => void matches(({ useMatchesStore }) => void useMatchesStore.getState().updated(change)));
  // Three-way trade chains: a full copy whenever one is proposed or changes (the bell's chain
  // section reads the same store).
  s.on('chain:update', (chain) => {
    useChainsStore.getState().upsert(chain);
    // A chain that completes is a trade on the Completed tab too.
    if (chain.status === 'completed' && useCompletedChainsStore.getState().loaded) useCompletedChainsStore.getState().upsert(chain);
  });

  // An offer received or sent elsewhere, and answers, cancels and hides; the bell's trade-request
  // list follows by 'notifications:changed'.
  s.on('offer:new', (offer) => void offers((m) => m.useOffersStore.getState().saved(offer)));
  s.on('offer:update', (change) => void offers((m) => m.useOffersStore.getState().updated(change)));

  // Direct messages and base chat: the answer to one's own send and its event are the same message,
  // matched by id or clientKey, so neither order shows it twice.
  s.on('message:new', (message) => void messages((m) => m.useMessagesStore.getState().received(message)));
  s.on('message:read', (payload) => void messages((m) => m.useMessagesStore.getState().read(payload)));
  s.on('conversation:deleted', ({ userId }) => void messages((m) => m.useMessagesStore.getState().conversationRemoved(userId)));
  s.on('chat:new', (message) => void chat((m) => m.useChatStore.getState().received(message)));
  s.on('chat:deleted', (payload) => void chat((m) => m.useChatStore.getState().removed(payload)));

  // Reloads both of the bell's lists, match and trade-request notifications.
  s.on('notifications:changed', () => void useNotificationStore.getState().fetch());
  // Admins' bells, and the Support tab when it is open; the filer's own requests take the answer.
  s.on('admin:notification', (n) => {
    useAdminNotificationStore.getState().received(n);
    if (n.notificationType === 'support_request')
      void adminSupport(({ useAdminSupportStore }) => {
        if (useAdminSupportStore.getState().loaded) void useAdminSupportStore.getState().fetch();
      });
  });
  s.on('admin:notifications-changed', () => void useAdminNotificationStore.getState().fetch());
  s.on('support:update', (request) => void support((m) => m.useSupportStore.getState().upsert(request)));
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
