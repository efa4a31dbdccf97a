import type { ActivityType, AdminAction, EmailTemplateType, Position } from '#protocol/enums.ts';
import type {
  ActivityLogItem,
  AdminLogItem,
  AdminUserItem,
  EmailTemplateItem,
  MonthlyActivityStat,
  TotalActivityStat,
} from '#protocol/shapes.ts';
import { personOf } from '../user-kernel/person.fields.ts';
import { isProtectedOwner } from '../user-kernel/owner.ts';
import type { ActivityRow, AdminLogRow, AdminUserRow, EmailTemplateRow } from './admin.queries.ts';

const iso = (t: string) => new Date(t).toISOString();

export function presentAdminUser(u: AdminUserRow, ownerEmail: string | undefined): AdminUserItem {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    employeeNumber: u.employeeNumber,
    airline: u.airline as AdminUserItem['airline'],
    position: u.position as Position | null,
    base: u.base,
    aircraftType: u.aircraftType,
    isAdmin: u.isAdmin || isProtectedOwner(u, ownerEmail),
    isProtected: isProtectedOwner(u, ownerEmail),
    createdAt: iso(u.createdAt),
  };
}

export function presentAdminLog(r: AdminLogRow): AdminLogItem {
  return {
    id: r.id,
    // Written only by the admin services, with these values.
    action: r.action as AdminAction,
    admin: personOf(r, 'admin'),
    targetUser: personOf(r, 'target'),
    details: r.details,
    createdAt: iso(r.createdAt),
  };
}

export function presentActivity(r: ActivityRow): ActivityLogItem {
  return {
    id: r.id,
    activityType: r.activityType as ActivityType,
    user: personOf(r, 'user'),
    targetUser: personOf(r, 'target'),
    referenceId: r.referenceId,
    referenceType: r.referenceType,
    emailType: r.emailType,
    emailSent: r.emailSent,
    emailRecipient: r.emailRecipient,
    metadata: r.metadata,
    createdAt: iso(r.createdAt),
  };
}

/** A summed rollup row: sums arrive as numeric text (bigint). */
export function presentActivityCount<R extends { activityType: string; count: string | number; emailsSent: string | number }>(r: R) {
  return { ...r, activityType: r.activityType as ActivityType, count: Number(r.count), emailsSent: Number(r.emailsSent) };
}

export const presentMonthlyStat = (r: { month: string; activityType: string; count: string; emailsSent: string }): MonthlyActivityStat =>
  presentActivityCount(r);
export const presentTotalStat = (r: { activityType: string; count: string; emailsSent: string }): TotalActivityStat =>
  presentActivityCount(r);

export function presentEmailTemplate(t: EmailTemplateRow): EmailTemplateItem {
  return {
    id: t.id,
    templateType: t.templateType as EmailTemplateType,
    templateName: t.templateName,
    subjectTemplate: t.subjectTemplate,
    htmlTemplate: t.htmlTemplate,
    variables: t.variables,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}
