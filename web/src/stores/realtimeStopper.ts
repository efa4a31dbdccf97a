// How to stop the socket (realtime/socket.ts registers it while connected), so sign-out can close it
// first (stores/clientState.ts) without the socket module and sign-out's reaching each other.
let stopper: (() => void) | null = null;

export function setRealtimeStopper(stop: (() => void) | null): void {
  stopper = stop;
}

export function stopRealtimeIfRunning(): void {
  stopper?.();
}
