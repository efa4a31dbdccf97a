import { defineEntity, p } from '@mikro-orm/core';
import { insertTime, serialId, updateTime } from './columns.ts';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: serialId(),
    email: p.string().length(255).unique(),
    password: p.string().length(255).nullable().lazy(),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    profileImageUrl: p.string().length(500).nullable(),
    employeeNumber: p.string().length(50).nullable().unique(),
    base: p.string().length(10).nullable(),
    airline: p.string().length(30).nullable(),
    position: p.string().length(30).nullable(),
    aircraftType: p.string().length(30).nullable(),
    // The crew member's pick where the airport table does not know their base (decisions/0024).
    timeZone: p.string().length(64).nullable(),
    emailNotifications: p.boolean().default(true),
    welcomeMessageSent: p.boolean().default(false),
    isAdmin: p.boolean().default(false),
    authType: p.string().length(20).default('local'),
    emailVerified: p.boolean().default(false),
    createdAt: insertTime(),
    updatedAt: updateTime(),
  },
});

export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    sid: p.string().length(64).primary(),
    sess: p.json<Record<string, unknown>>(),
    expire: p.datetime().index('sessions_expire_index'),
    // Not in the spec's column list: the owner of the session, so sign-out-everywhere is one indexed delete.
    userId: p.integer().nullable().index(),
  },
});

export const PasswordResetToken = defineEntity({
  name: 'PasswordResetToken',
  tableName: 'password_reset_tokens',
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id'),
    /** sha256 of the token sent by mail; the token itself is never stored. */
    token: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: insertTime(),
  },
});

/** The mailed link that proves an address (owner rights and account linking wait for it). */
export const EmailVerificationToken = defineEntity({
  name: 'EmailVerificationToken',
  tableName: 'email_verification_tokens',
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id').index(),
    /** sha256 of the token sent by mail. */
    token: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: insertTime(),
  },
});
