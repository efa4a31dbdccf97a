import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../lib/logger.ts';
import type { CacheRegistry } from '../../caches/cache-registry.ts';
import { peerChannels } from '../../caches/peer-channels.ts';
import { staleness } from '../../caches/staleness.ts';
import { usersWithDevices } from './push.queries.ts';
import { poolEm } from '../../db/pool-em.ts';

/** How often each instance reads the whole list again: what a lost peer message can cost (Redis away). */
export const DEVICES_RELOAD_MS = staleness.pushDevices.maxStaleMs;

/**
 * Which users may have a device with push on, held by each instance, so the events of the many
 * users with none cost no query (the push subscriber asked PostgreSQL for nearly every commit's
 * recipients: about one statement in eight of a create at 100/s). A superset of the truth: a device
 * turned on is added here and, through `connect`, on every instance before the subscribe answers;
 * one turned off or gone stays until the next full read, and costs only a query that finds nothing.
 */
export class PushDevices {
  private users = new Set<number>();
  /** Users added while a full read runs: that read may predate them. */
  private readonly addedDuringReads = new Set<Set<number>>();
  private tellPeers: (userId: string) => void = () => undefined;

  constructor(private readonly read: () => Promise<readonly number[]>) {}

  connect(tellPeers: (userId: string) => void): void {
    this.tellPeers = tellPeers;
  }

  /** The whole list from the database; what was added meanwhile is kept. */
  async reload(): Promise<void> {
    const added = new Set<number>();
    this.addedDuringReads.add(added);
    try {
      const users = new Set(await this.read());
      for (const id of added) users.add(id);
      this.users = users;
    } finally {
      this.addedDuringReads.delete(added);
    }
  }

  /** A device was turned on for the user (here, or on another instance when `fromPeer`). */
  add(userId: number, fromPeer = false): void {
    this.users.add(userId);
    for (const added of this.addedDuringReads) added.add(userId);
    if (!fromPeer) this.tellPeers(String(userId));
  }

  /** Those of `userIds` who may have a device. */
  withDevices(userIds: Iterable<number>): number[] {
    return [...userIds].filter((id) => this.users.has(id));
  }
}

/**
 * The app's list, read before the instance serves, kept coherent across instances through `bus`,
 * and read again every DEVICES_RELOAD_MS and when the peer channel comes back.
 */
export async function createPushDevices(orm: MikroORM, caches: CacheRegistry, log: Logger) {
  const devices = new PushDevices(() => usersWithDevices(poolEm(orm)));
  devices.connect(caches.channel(peerChannels.pushDevice, (userId) => devices.add(Number(userId), true)));
  await devices.reload();
  const reloadNow = () =>
    void devices.reload().catch((err: unknown) => log.warn({ err }, 'push devices: read failed; the list so far stays'));
  caches.register('pushDevices', { peersBack: reloadNow });
  const timer = setInterval(reloadNow, DEVICES_RELOAD_MS);
  timer.unref();
  return { devices, reloadNow, stop: () => clearInterval(timer) };
}
