import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import { adminNotificationsByIds } from './admin-notifications.queries.ts';
import { supportResponseMail } from './support.mails.ts';
import { presentAdminNotification, presentSupportRequest } from './support.presenter.ts';
import { supportRequestById } from './support.queries.ts';

/**
 * After the commit: each new admin bell entry reaches that admin's sockets (every instance, through
 * the Redis adapter), a read one tells their other tabs, and an answered request reaches the
 * filer's open screens and their mailbox.
 */
export const supportSubscriber = (deps: Pick<Deps, 'publisher' | 'orm' | 'mailer'>) =>
  defineSubscriber({
    name: 'support',
    handles: ['support.responded', 'admin.notified', 'admin.notificationsRead'],
    async handle(events) {
      const em = deps.orm.em.fork();
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
        const item = presentSupportRequest(row);
        deps.publisher.publish(rooms.user(e.userId), 'support:update', item);
        if (row.userEmail) await deps.mailer.send(supportResponseMail(row.userEmail, item, `${e.linkOrigin}/contact-support`));
      }
    },
  });
