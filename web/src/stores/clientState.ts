// Sign-out and session end: every store and the local cache are cleared.
import { api } from '../api/client.ts';
import { resetAdminStores, useAdminSupportStore } from './useAdminStore.ts';
import { useAdminNotificationStore } from './useAdminNotificationStore.ts';
import { useBadgeStore } from './useBadgeStore.ts';
import { useCalendarFeedStore } from './useCalendarFeedStore.ts';
import { useChainsStore, useCompletedChainsStore } from './useChainsStore.ts';
import { useBoardStore } from './useBoardStore.ts';
import { useMatchesStore } from './useMatchesStore.ts';
import { useMyRequestsStore } from './useMyRequestsStore.ts';
import { useNotificationStore } from './useNotificationStore.ts';
import { forgetThisDevice, usePushStore } from './usePushStore.ts';
import { stopRealtimeIfRunning } from './realtimeStopper.ts';
import { useCatchUpStore } from './refetch.ts';
import { useRosterStore } from './useRosterStore.ts';
import { useSessionStore } from './useSessionStore.ts';
import { useSupportStore } from './useSupportStore.ts';
import { useToastStore } from './useToastStore.ts';

/** Empties every data store (the signed-in user stays until the page leaves). */
function resetDataStores(): void {
  useBadgeStore.getState().reset();
  useBoardStore.getState().reset();
  useMatchesStore.getState().reset();
  useChainsStore.getState().reset();
  useCompletedChainsStore.getState().reset();
  useMyRequestsStore.getState().reset();
  useNotificationStore.getState().reset();
  useAdminNotificationStore.getState().reset();
  useSupportStore.getState().reset();
  resetAdminStores();
  useCalendarFeedStore.getState().reset();
  usePushStore.getState().reset();
  useRosterStore.getState().reset();
  useToastStore.getState().dismiss();
  useCatchUpStore.getState().reset();
}

export function resetClientState(): void {
  stopRealtimeIfRunning();
  resetDataStores();
  useSessionStore.getState().clear();
}

/**
 * Clears the client, has the server end the session (POST /api/logout: a GET would let any site's
 * link sign the crew member out), then goes to /.
 */
export function logout(): void {
  // The screen stays as it is until the browser has left for /, so nothing signed-out shows before
  // the server has ended the session. This device's push goes first (it needs the session).
  stopRealtimeIfRunning();
  void forgetThisDevice()
    .finally(() => api.post('/api/logout', undefined as never))
    // A failed sign-out still leaves: / shows whoever the server says is signed in.
    .catch(() => undefined)
    .finally(() => {
      resetDataStores();
      useSessionStore.getState().forget();
      window.location.href = '/';
    });
}

/**
 * After a socket reconnect: events may have been missed, so what the screens have loaded is fetched
 * again, each tried again until it succeeds (refetch.ts: a request cut by a dying instance does not
 * leave a list stale). Never after one's own write: its answer and the events that follow keep the
 * stores right.
 */
export async function refreshLoadedData(): Promise<void> {
  const jobs: Promise<void>[] = [
    useBadgeStore.getState().refresh(),
    useNotificationStore.getState().refresh(),
    useAdminNotificationStore.getState().refresh(),
  ];
  const lists = [
    useBoardStore,
    useMyRequestsStore,
    useMatchesStore,
    useChainsStore,
    useCompletedChainsStore,
    useSupportStore,
    useAdminSupportStore,
  ] as const;
  for (const list of lists) if (list.getState().loaded) jobs.push(list.getState().refresh());
  await Promise.all(jobs);
}
