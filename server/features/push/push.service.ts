import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_PUSH_DEVICES } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import type { PushInfo, PushTestResult } from '#protocol/push.ts';
import type { PushSubscriptionBody, PushUnsubscribeBody } from '#protocol/schemas/push.ts';
import type { PushConfig } from '../../config.ts';
import { lockAccount } from '../../db/account-lock.ts';
import { invalid } from '../../http/errors.ts';
import type { UserRecord } from '../user-kernel/users.queries.ts';
import type { PushDevices } from './push-devices.ts';
import type { PushSender } from './push-sender.ts';
import { pushNotices } from './push.notices.ts';
import { deviceCount, removeSubscription, subscriptionsOf, trimSubscriptions, upsertSubscription } from './push.queries.ts';
import { pushHostAllowed } from './push.rules.ts';
import { inTransaction } from '../../db/transaction.ts';

/** A user's devices with push on: turned on and off by each device, tested across all of them. */
export class PushService {
  constructor(
    private readonly em: EntityManager,
    private readonly sender: PushSender,
    private readonly config: PushConfig,
    private readonly devices: Pick<PushDevices, 'add'>,
  ) {}

  async info(user: UserRecord): Promise<PushInfo> {
    return { publicKey: this.sender.publicKey, devices: await deviceCount(this.em, user.id) };
  }

  async subscribe(user: UserRecord, body: PushSubscriptionBody): Promise<void> {
    if (!pushHostAllowed(body.endpoint, this.config.endpointHosts)) throw invalid(MSG.pushServiceNotAllowed, 'endpoint');
    // At most MAX_PUSH_DEVICES per account (docs/decisions/0019): the one subscribed longest ago makes room.
    await inTransaction(this.em, async (em) => {
      await lockAccount(em, 'push', user.id);
      await upsertSubscription(em, user.id, body);
      await trimSubscriptions(em, user.id, MAX_PUSH_DEVICES);
    });
    // Before the answer: the next event for this user looks for their devices, here and on every instance.
    this.devices.add(user.id);
  }

  async unsubscribe(user: UserRecord, body: PushUnsubscribeBody): Promise<void> {
    await removeSubscription(this.em, user.id, body.endpoint);
  }

  /** Waits for the push services' answers: the caller is told how many devices it reached. */
  async test(user: UserRecord): Promise<PushTestResult> {
    return this.sender.send(await subscriptionsOf(this.em, [user.id]), pushNotices.test());
  }
}
