/**
 * What a per-instance cache needs to stay coherent across instances: the Socket.IO server, whose
 * Redis adapter carries server-side events to every other instance (never back to the sender).
 */
export interface PeerBus {
  serverSideEmit(event: string, ...args: string[]): unknown;
  // Socket.IO types server-side listeners loosely; the arguments are what tell() sent.
  on(event: string, listener: (...args: string[]) => void): unknown;
}

/**
 * One invalidation channel between instances: `onPeer` runs here when another instance tells, and
 * the returned function tells the others. Without a bus (one instance, no Redis) telling is a no-op:
 * the in-memory adapter has no server-side events.
 */
export function peerInvalidation(bus: PeerBus | undefined, channel: string, onPeer: (key: string) => void): (key: string) => void {
  if (!bus) return () => undefined;
  bus.on(channel, (key) => onPeer(key));
  return (key) => void bus.serverSideEmit(channel, key);
}
