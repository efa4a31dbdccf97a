import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { requestBody } from '../features/requests/requests.fixtures.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import type { DomainEvent } from './domain-events.ts';
import { defineSubscriber, EventBus } from './event-bus.ts';

/**
 * An EntityManager whose transaction (inTransaction: BEGIN, COMMIT or ROLLBACK on one connection,
 * the work on a fork) runs `work` and then commits or, if it throws, rolls back; every statement
 * answers no rows.
 */
function fakeEm(inTransaction = false): EntityManager {
  const executor = {
    transformQuery: (node: unknown) => node,
    compileQuery: () => ({ sql: '', parameters: [], query: {} }),
    executeQuery: async () => ({ rows: [] }),
  };
  const connection = { getExecutor: () => executor };
  const em = {
    isInTransaction: () => inTransaction,
    getKysely: () => ({ connection: () => ({ execute: async <T>(work: (db: unknown) => Promise<T>) => work(connection) }) }),
    fork: () => ({ setTransactionContext: () => undefined }),
  };
  // Only the methods EventBus and inTransaction call exist.
  const fake = em as unknown as EntityManager;
  return fake;
}

const created: DomainEvent = {
  type: 'request.created',
  requestId: 1,
  userId: 2,
  groupKey: 'g', // The bus never reads a payload's fields.
  item: { id: 1 } as TradeRequestItem,
};
const changed: DomainEvent = { type: 'match.changed', matchId: 3, status: 'deleted', userIds: [2, 4] };

describe('EventBus', () => {
  it('hands each subscriber only its event types, all of one commit at once, after the work resolved', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const seen: string[] = [];
    bus.subscribe(defineSubscriber({ name: 'a', handles: ['match.changed'], handle: (events) => void seen.push(`a:${events.length}`) }));
    bus.subscribe(
      defineSubscriber({
        name: 'b',
        handles: ['request.created', 'match.changed'],
        handle: (events) => void seen.push(`b:${events.length}`),
      }),
    );
    const result = await bus.transaction(fakeEm(), async (_em, events) => {
      events.record(created, changed);
      seen.push('work done');
      return 42;
    });
    expect(result).toBe(42);
    await bus.settled();
    expect(seen).toEqual(['work done', 'a:1', 'b:2']);
  });

  it('dispatches nothing when the transaction fails', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const handle = vi.fn();
    bus.subscribe(defineSubscriber({ name: 'a', handles: ['request.created'], handle }));
    await expect(
      bus.transaction(fakeEm(), async (_em, events) => {
        events.record(created);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(handle).not.toHaveBeenCalled();
  });

  it('logs a failing subscriber with its events and still runs the others', async () => {
    const log = { error: vi.fn() };
    const bus = new EventBus(log);
    const after = vi.fn();
    bus.subscribe(
      defineSubscriber({
        name: 'broken',
        handles: ['request.created'],
        handle: () => Promise.reject(new Error('socket gone')),
      }),
    );
    bus.subscribe(defineSubscriber({ name: 'after', handles: ['request.created'], handle: after }));
    await expect(bus.dispatch([created])).resolves.toBeUndefined();
    await bus.settled();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ subscriber: 'broken', events: [created], err: expect.any(Error) }),
      'event subscriber failed',
    );
    expect(after).toHaveBeenCalledWith([created]);
  });

  it('answers after the reply subscribers only; the others run after it, one commit at a time in commit order', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    bus.subscribe(defineSubscriber({ name: 'cache', phase: 'reply', handles: ['request.created'], handle: () => void seen.push('cache') }));
    bus.subscribe(
      defineSubscriber({
        name: 'fan-out',
        handles: ['request.created', 'match.changed'],
        handle: async (events) => {
          // The first commit's fan-out is slow: the second's must wait for it.
          if (events[0]?.type === 'request.created') await gate;
          seen.push(`fan-out:${events[0]?.type}`);
        },
      }),
    );
    await bus.transaction(fakeEm(), async (_em, events) => events.record(created));
    expect(seen).toEqual(['cache']);
    await bus.transaction(fakeEm(), async (_em, events) => events.record(changed));
    expect(seen).toEqual(['cache']);
    release();
    await bus.settled();
    expect(seen).toEqual(['cache', 'fan-out:request.created', 'fan-out:match.changed']);
  });

  it('hands the commits that landed while a batch ran to the next batch together, in commit order', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const batches: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    bus.subscribe(
      defineSubscriber({
        name: 'notices',
        handles: ['request.created', 'match.changed'],
        handle: async (events) => {
          batches.push(events.map((e) => e.type));
          if (batches.length === 1) await gate;
        },
      }),
    );
    await bus.transaction(fakeEm(), async (_em, events) => events.record(created));
    await Promise.resolve();
    // Three commits while the first batch is under way.
    await bus.transaction(fakeEm(), async (_em, events) => events.record(changed));
    await bus.transaction(fakeEm(), async (_em, events) => events.record(created, changed));
    await bus.transaction(fakeEm(), async (_em, events) => events.record(created));
    expect(batches).toEqual([['request.created']]);
    release();
    await bus.settled();
    expect(batches).toEqual([['request.created'], ['match.changed', 'request.created', 'match.changed', 'request.created']]);
    // At rest, a commit is a batch of its own.
    await bus.transaction(fakeEm(), async (_em, events) => events.record(changed));
    await bus.settled();
    expect(batches.at(-1)).toEqual(['match.changed']);
  });

  it('refuses to run inside another transaction, whose commit it could not wait for', async () => {
    const bus = new EventBus({ error: vi.fn() });
    await expect(bus.transaction(fakeEm(true), async () => 1)).rejects.toThrow(/nested/);
  });
});

describe('a failing subscriber in the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('leaves the committed write a success: 201, and the request is on the board', async () => {
    app.server.deps.events.subscribe(
      defineSubscriber({
        name: 'always fails',
        handles: ['request.created'],
        handle: () => {
          throw new Error('boom');
        },
      }),
    );
    const { client } = await makeUser(app, { base: 'EVT' });
    const res = await client.post('/api/requests', requestBody());
    expect(res.status).toBe(201);
    const board = await client.get('/api/all-trades');
    expect(board.body.map((r: { id: number }) => r.id)).toEqual([res.body.id]);
  });
});
