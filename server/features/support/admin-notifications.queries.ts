import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';

const notificationFields = [
  'id',
  'admin_id as adminId',
  'notification_type as notificationType',
  'reference_id as referenceId',
  'title',
  'message',
  'is_read as isRead',
  'created_at as createdAt',
] as const;

/**
 * One bell entry per admin, in one statement. Admins are the stored flag: the owner holds it once
 * its address is proven (users.queries.ts syncOwnerAdmin, markEmailVerified).
 */
export async function notifyAdmins(
  em: EntityManager,
  n: { notificationType: string; referenceId: number; title: string; message: string },
): Promise<number[]> {
  const rows = await kysely(em)
    .insertInto('admin_notifications')
    .columns(['admin_id', 'notification_type', 'reference_id', 'title', 'message'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select((s) => [
          'users.id',
          s.val(n.notificationType).as('notification_type'),
          s.val(n.referenceId).as('reference_id'),
          s.val(n.title).as('title'),
          s.val(n.message).as('message'),
        ])
        .where('users.is_admin', '=', true),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export function adminNotificationsByIds(em: EntityManager, ids: readonly number[]) {
  return kysely(em).selectFrom('admin_notifications').select(notificationFields).where('id', 'in', ids).execute();
}

export type AdminNotificationRow = Awaited<ReturnType<typeof adminNotificationsByIds>>[number];

/** An admin's bell: unread first, newest first; read ones only the latest few, for context. */
export function adminNotificationsOf(em: EntityManager, adminId: number, limit: number): Promise<AdminNotificationRow[]> {
  return kysely(em)
    .selectFrom('admin_notifications')
    .select(notificationFields)
    .where('admin_id', '=', adminId)
    .orderBy('is_read', 'asc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks the admin's own entry read: 'read' when it changed, 'same' when it was read, 'none' when it is not theirs. */
export async function markAdminNotificationRead(em: EntityManager, id: number, adminId: number): Promise<'read' | 'same' | 'none'> {
  const row = await kysely(em)
    .selectFrom('admin_notifications')
    .select('is_read')
    .where('id', '=', id)
    .where('admin_id', '=', adminId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return 'none';
  if (row.is_read) return 'same';
  await kysely(em).updateTable('admin_notifications').set({ is_read: true }).where('id', '=', id).execute();
  return 'read';
}
