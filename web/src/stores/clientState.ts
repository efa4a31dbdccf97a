// Sign-out and session end: every store and the local cache are cleared.
import { api } from '../api/client.ts';
import { resetLiveStores } from './liveStores.ts';
import { forgetThisDevice } from './usePushStore.ts';
import { stopRealtimeIfRunning } from './realtimeStopper.ts';
import { useSessionStore } from './useSessionStore.ts';
import { useToastStore } from './useToastStore.ts';

/**
 * Empties every data store (the signed-in user stays until the page leaves): what the stores
 * declared in liveStores.ts, then the toast shown.
 */
function resetDataStores(): void {
  resetLiveStores();
  useToastStore.getState().dismiss();
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
