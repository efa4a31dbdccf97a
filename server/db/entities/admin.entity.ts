import { defineEntity, p } from '@mikro-orm/core';
import { insertTime, serialId, updateTime } from './columns.ts';
import { User } from './user.entity.ts';

export const SupportRequest = defineEntity({
  name: 'SupportRequest',
  tableName: 'support_requests',
  // Insights: requests filed and answered per week (docs/decisions/0044, Migration20261128210000).
  indexes: [
    { name: 'support_requests_created_at_index', properties: ['createdAt'] },
    {
      name: 'support_requests_resolved_at_index',
      expression: `create index "support_requests_resolved_at_index" on "support_requests" ("resolved_at") where "resolved_at" is not null`,
    },
  ],
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id').index(),
    category: p.string().length(30),
    subject: p.string().length(200),
    message: p.text(),
    status: p.string().length(20).default('open'),
    priority: p.string().length(20).default('normal'),
    adminResponse: p.text().nullable(),
    admin: p.manyToOne(User).deleteRule('set null').nullable().fieldName('admin_id').index(),
    createdAt: insertTime(),
    updatedAt: updateTime(),
    resolvedAt: p.datetime().nullable(),
  },
});

export const AdminLog = defineEntity({
  name: 'AdminLog',
  tableName: 'admin_logs',
  properties: {
    id: serialId(),
    // Admin logs outlive the accounts they name (docs/ARCHITECTURE.md section 3).
    admin: p.manyToOne(User).deleteRule('set null').nullable().fieldName('admin_id').index(),
    action: p.string().length(40),
    targetUser: p.manyToOne(User).deleteRule('set null').nullable().fieldName('target_user_id').index(),
    details: p.text().nullable(),
    createdAt: insertTime().index(),
  },
});

export const AdminNotification = defineEntity({
  name: 'AdminNotification',
  tableName: 'admin_notifications',
  indexes: [{ name: 'admin_notifications_admin_read_index', properties: ['admin', 'isRead'] }],
  properties: {
    id: serialId(),
    admin: p.manyToOne(User).deleteRule('cascade').fieldName('admin_id'),
    notificationType: p.string().length(40),
    referenceId: p.integer().nullable(),
    title: p.string().length(255),
    message: p.text(),
    isRead: p.boolean().default(false),
    createdAt: insertTime(),
  },
});

export const EmailTemplate = defineEntity({
  name: 'EmailTemplate',
  tableName: 'email_templates',
  properties: {
    id: serialId(),
    templateType: p.string().length(40).unique(),
    templateName: p.string().length(255),
    subjectTemplate: p.text(),
    htmlTemplate: p.text(),
    variables: p.array().columnType('text[]').default([]),
    createdAt: insertTime(),
    updatedAt: updateTime(),
  },
});

export const UserActivityLog = defineEntity({
  name: 'UserActivityLog',
  tableName: 'user_activity_logs',
  indexes: [{ name: 'user_activity_created_index', properties: ['createdAt'] }],
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').nullable().fieldName('user_id').index(),
    activityType: p.string().length(40),
    targetUser: p.manyToOne(User).deleteRule('set null').nullable().fieldName('target_user_id').index(),
    referenceId: p.integer().nullable(),
    referenceType: p.string().length(40).nullable(),
    emailType: p.string().length(40).nullable(),
    emailSent: p.boolean().nullable(),
    emailRecipient: p.string().length(255).nullable(),
    metadata: p.text().nullable(),
    createdAt: insertTime(),
  },
});

/**
 * Counts of user_activity_logs per month (UTC) and activity type, kept by the database's statement
 * triggers (Migration20261126100000), never written by the app. Each writing connection has its
 * own shard, so concurrent writers do not wait on one row; readers sum the shards.
 */
export const UserActivityMonthly = defineEntity({
  name: 'UserActivityMonthly',
  tableName: 'user_activity_monthly',
  properties: {
    month: p.string().columnType('date').primary(),
    activityType: p.string().length(40).primary(),
    shard: p.smallint().primary(),
    count: p.integer().default(0),
    emailsSent: p.integer().default(0),
  },
});

/** The local outbox: every mail when no SMTP_URL is set (not a spec table; ours, docs/ARCHITECTURE.md 6). */
export const OutboxMail = defineEntity({
  name: 'OutboxMail',
  tableName: 'mail_outbox',
  properties: {
    id: serialId(),
    recipient: p.string().length(255).index(),
    subject: p.text(),
    html: p.text(),
    text: p.text().nullable(),
    /** The mail's Message-ID (the outbox row's): a mail sent again is stored once (docs/decisions/0043). */
    messageId: p.string().length(255).nullable().unique(),
    createdAt: insertTime(),
  },
});
