import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import { adminNotificationsByIds } from './admin-notifications.queries.ts';
import { presentAdminNotification, presentSupportRequest } from './support.presenter.ts';
import { supportRequestById } from './support.queries.ts';
import { poolEm } from '../../db/pool-em.ts';

/**
 * After the commit: each new admin bell entry reaches that admin's sockets (every instance, through
 * the Redis adapter), a read one tells their other tabs, and an answered request reaches the
 * filer's open screens. Its mail was recorded with the answer and goes from the outbox
 * (support-mail.delivery.ts, docs/decisions/0043).
 */
export const supportSubscriber = (deps: Pick<Deps, 'publisher' | 'orm'>) =>
  defineSubscriber({
    name: 'support',
    handles: ['support.responded', 'admin.notified', 'admin.notificationsRead'],
    async handle(events) {
      const em = poolEm(deps.orm);
      const created = events.flatMap((e) => (e.type === 'admin.notified' ? e.notificationIds : []));
      if (created.length) {
        for (const row of await adminNotificationsByIds(em, created)) {
          deps.publisher.publish(rooms.user(row.adminId), 'admin:notification', presentAdminNotification(row));
        }
      }
      for (const e of events) {
        if (e.type === 'admin.notificationsRead') deps.publisher.publish(rooms.user(e.adminId), 'admin:notifications-changed');
        if (e.type !== 'support.responded') continue;
        const row = await supportRequestById(em, e.supportRequestId);
        if (!row) continue;
        deps.publisher.publish(rooms.user(e.userId), 'support:update', presentSupportRequest(row));
      }
    },
  });
