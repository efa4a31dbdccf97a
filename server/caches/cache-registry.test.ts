import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CacheRegistry, type PeerBus } from './cache-registry.ts';
import { peerChannels } from './peer-channels.ts';

/** A Redis connection as the registry sees it: a status, and events when it changes. */
class FakeLink extends EventEmitter {
  status = 'connecting';
  set(status: 'ready' | 'close') {
    this.status = status;
    this.emit(status);
  }
}

describe('CacheRegistry', () => {
  it('is up once every link is ready; runs the hooks when the peers go and come back, telling an outage from the first start', () => {
    const links = [new FakeLink(), new FakeLink()];
    const caches = new CacheRegistry(links);
    const heard: string[] = [];
    caches.register('sessions', { peersLost: () => heard.push('lost'), peersBack: (afterOutage) => heard.push(`back ${afterOutage}`) });
    expect(caches.peersUp).toBe(false);
    expect(caches.mayServeFromMemory('sessions')).toBe(false);
    expect(caches.mayServeFromMemory('boards')).toBe(true);
    links[0]!.set('ready');
    expect(caches.peersUp).toBe(false);
    links[1]!.set('ready');
    expect(caches.mayServeFromMemory('sessions')).toBe(true);
    links[1]!.set('close');
    links[0]!.set('close');
    links[0]!.set('ready');
    links[1]!.set('ready');
    expect(heard).toEqual(['back false', 'lost', 'back true']);
  });

  it('without Redis there are no peers to miss, and telling is a no-op', () => {
    const caches = new CacheRegistry();
    expect(caches.peersUp).toBe(true);
    expect(caches.mayServeFromMemory('sessions')).toBe(true);
    expect(() => caches.channel(peerChannels.pushDevice, () => undefined)('7')).not.toThrow();
  });

  it('carries a channel to the bus attached later, and refuses a second owner of a channel', () => {
    const caches = new CacheRegistry();
    const heard: string[][] = [];
    caches.channel(peerChannels.session, (...args) => heard.push(args));
    const emitter = new EventEmitter();
    const bus: PeerBus = {
      on: (event, listener) => emitter.on(event, listener),
      serverSideEmit: (event, ...args) => emitter.emit(event, ...args),
    };
    caches.attach(bus);
    bus.serverSideEmit(peerChannels.session, 'sid', 'abc');
    expect(heard).toEqual([['sid', 'abc']]);
    expect(() => caches.channel(peerChannels.session, () => undefined)).toThrow(/two owners/);
  });
});
