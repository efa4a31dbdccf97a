import type { EntityManager } from '@mikro-orm/postgresql';
import type { PushSubscriptionBody } from '#protocol/schemas/push.ts';
import { kysely } from '../../db/kysely.ts';

export interface PushTarget {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Every subscribed device of these users. */
export function subscriptionsOf(em: EntityManager, userIds: readonly number[]): Promise<PushTarget[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return kysely(em)
    .selectFrom('push_subscriptions')
    .select(['user_id as userId', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', [...userIds])
    .orderBy('id')
    .execute();
}

/**
 * Saves the device's subscription for the user: one row per endpoint, moved to whoever subscribed
 * last. Subscribing again makes the device the user's newest (created_at is when it last subscribed).
 */
export async function upsertSubscription(em: EntityManager, userId: number, body: PushSubscriptionBody): Promise<void> {
  const { endpoint, keys } = body;
  await kysely(em)
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({ user_id: userId, p256dh: keys.p256dh, auth: keys.auth, created_at: eb.fn('now') })),
    )
    .execute();
}

/** Keeps the user's `keep` newest devices and removes the rest (MAX_PUSH_DEVICES: the oldest goes). */
export async function trimSubscriptions(em: EntityManager, userId: number, keep: number): Promise<void> {
  const db = kysely(em);
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

/** The user's own subscription at `endpoint` (another user's is left alone). */
export async function removeSubscription(em: EntityManager, userId: number, endpoint: string): Promise<void> {
  await kysely(em).deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** Subscriptions the push service reported gone (404, 410). */
export async function removeEndpoints(em: EntityManager, endpoints: readonly string[]): Promise<void> {
  if (endpoints.length === 0) return;
  await kysely(em)
    .deleteFrom('push_subscriptions')
    .where('endpoint', 'in', [...endpoints])
    .execute();
}

export async function deviceCount(em: EntityManager, userId: number): Promise<number> {
  const row = await kysely(em)
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Display names by user id ("First Last"; the e-mail's name part for an account without one). */
export async function namesOf(em: EntityManager, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await kysely(em)
    .selectFrom('users')
    .select(['id', 'first_name as firstName', 'last_name as lastName', 'email'])
    .where('id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email.split('@')[0]!]));
}

/** A value the server generated and keeps (server_secrets); the first writer's wins. */
export async function sharedSecret(em: EntityManager, name: string, generate: () => string | Promise<string>): Promise<string> {
  const db = kysely(em);
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  // Generated only when missing (the first start): making one costs what generating it needs loaded.
  const stored = await read();
  if (stored) return stored.value;
  await db
    .insertInto('server_secrets')
    .values({ name, value: await generate() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await read())!.value;
}

/** Every user with at least one device subscribed (PushDevices' periodic read). */
export async function usersWithDevices(em: EntityManager): Promise<number[]> {
  const rows = await kysely(em).selectFrom('push_subscriptions').select('user_id').distinct().execute();
  return rows.map((r) => r.user_id);
}
