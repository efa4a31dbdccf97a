import type { PeerChannel } from './peer-channels.ts';
import { staleness, type CacheName } from './staleness.ts';

/**
 * What the per-instance caches need to stay coherent across instances: the Socket.IO server, whose
 * Redis adapter carries server-side events to every other instance (never back to the sender).
 */
export interface PeerBus {
  serverSideEmit(event: string, ...args: string[]): unknown;
  // Socket.IO types server-side listeners loosely; the arguments are what tell() sent.
  on(event: string, listener: (...args: string[]) => void): unknown;
}

/** A connection the peer channel rides on (the Redis publisher and subscriber): ioredis' status and events. */
export interface PeerLink {
  readonly status: string;
  on(event: 'ready' | 'close' | 'end', listener: () => void): unknown;
}

/** What a cache does when the peer channel goes or comes back. */
export interface PeerHooks {
  /** Messages from now on may be lost, both ways. */
  peersLost?(): void;
  /** Messages sent while it was away are lost for good. `afterOutage` is false the first time it comes up. */
  peersBack?(afterOutage: boolean): void;
}

export type Tell = (...args: string[]) => void;

/**
 * The one place the per-instance caches join: their peer channels (caches/peer-channels.ts), the
 * hooks run when the peer channel goes and comes back, and their staleness policy
 * (caches/staleness.ts). Without Redis (one instance) there are no peers to miss: the channel is
 * always "up" and telling is a no-op.
 */
export class CacheRegistry {
  private bus: PeerBus | undefined;
  private readonly listeners = new Map<PeerChannel, (...args: string[]) => void>();
  private readonly hooks: { name: CacheName; hooks: PeerHooks }[] = [];
  private up: boolean;
  private everUp = false;

  /** `links`: the Redis connections the bus rides on, when instances are joined; `bus` may come later (attach). */
  constructor(
    private readonly links: readonly PeerLink[] = [],
    bus?: PeerBus,
  ) {
    this.up = this.linksReady();
    this.everUp = this.up;
    for (const link of links) for (const event of ['ready', 'close', 'end'] as const) link.on(event, () => this.update());
    if (bus) this.attach(bus);
  }

  /** The bus the channels travel on (the Socket.IO server, once its Redis adapter is set). */
  attach(bus: PeerBus): void {
    this.bus = bus;
    for (const [channel, onPeer] of this.listeners) bus.on(channel, onPeer);
  }

  /** One channel between instances: `onPeer` runs here when another instance tells; the result tells the others. */
  channel(name: PeerChannel, onPeer: (...args: string[]) => void): Tell {
    if (this.listeners.has(name)) throw new Error(`peer channel ${name} has two owners`);
    this.listeners.set(name, onPeer);
    this.bus?.on(name, onPeer);
    return (...args) => void this.bus?.serverSideEmit(name, ...args);
  }

  /** A cache's hooks for when the peer channel goes and comes back. */
  register(name: CacheName, hooks: PeerHooks): void {
    this.hooks.push({ name, hooks });
  }

  /** Whether the peer channel is up: changes made on other instances reach this one. */
  get peersUp(): boolean {
    return this.up;
  }

  /** Whether `name` may serve from memory now, by its policy while the peers are away. */
  mayServeFromMemory(name: CacheName): boolean {
    return this.up || staleness[name].whilePeersDown === 'memory';
  }

  /** Which caches have registered hooks (for tests and the metrics). */
  get names(): CacheName[] {
    return [...new Set(this.hooks.map((h) => h.name))];
  }

  private linksReady(): boolean {
    return this.links.every((link) => link.status === 'ready');
  }

  private update(): void {
    const up = this.linksReady();
    if (up === this.up) return;
    this.up = up;
    if (!up) {
      for (const { hooks } of this.hooks) hooks.peersLost?.();
      return;
    }
    const afterOutage = this.everUp;
    this.everUp = true;
    for (const { hooks } of this.hooks) hooks.peersBack?.(afterOutage);
  }
}
