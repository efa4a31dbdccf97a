import type { SupportCategory, SupportPriority, SupportStatus } from '#protocol/enums.ts';
import type { AdminNotificationItem, SupportRequestItem } from '#protocol/shapes.ts';
import { personOf } from '../user-kernel/person.fields.ts';
import type { AdminNotificationRow } from './admin-notifications.queries.ts';
import type { SupportRequestRow } from './support.queries.ts';

const iso = (t: string) => new Date(t).toISOString();

export function presentSupportRequest(r: SupportRequestRow): SupportRequestItem {
  return {
    id: r.id,
    user: personOf(r, 'user'),
    // Stored through the protocol's schema, so the column holds only these values.
    category: r.category as SupportCategory,
    subject: r.subject,
    message: r.message,
    priority: r.priority as SupportPriority,
    status: r.status as SupportStatus,
    adminResponse: r.adminResponse,
    admin: r.adminId === null ? null : { firstName: r.adminFirstName, lastName: r.adminLastName },
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    resolvedAt: r.resolvedAt === null ? null : iso(r.resolvedAt),
  };
}

export function presentAdminNotification(n: AdminNotificationRow): AdminNotificationItem {
  return {
    id: n.id,
    notificationType: n.notificationType,
    referenceId: n.referenceId,
    title: n.title,
    message: n.message,
    isRead: n.isRead,
    createdAt: iso(n.createdAt),
  };
}
