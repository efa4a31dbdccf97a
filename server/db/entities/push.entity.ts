import { defineEntity, p } from '@mikro-orm/core';
import { insertTime, serialId } from './columns.ts';
import { User } from './user.entity.ts';

/**
 * One browser's Web Push subscription (docs/decisions/0013): where the push service takes messages for it
 * (endpoint) and the keys the payload is encrypted to. An endpoint belongs to one user at a time: a
 * shared device that signs in as someone else moves it.
 */
export const PushSubscription = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscriptions',
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id').index(),
    endpoint: p.text().unique(),
    p256dh: p.string().length(100),
    auth: p.string().length(50),
    createdAt: insertTime(),
  },
});

/**
 * Values the server generates once and every instance shares (the VAPID key pair when the
 * configuration gives none): the first instance to need one inserts it, the others read it.
 */
export const ServerSecret = defineEntity({
  name: 'ServerSecret',
  tableName: 'server_secrets',
  properties: {
    name: p.string().length(50).primary(),
    value: p.text(),
    createdAt: insertTime(),
  },
});
