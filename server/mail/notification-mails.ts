import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../lib/logger.ts';
import type { OutgoingMail } from './mailer.ts';
import { logNotificationMails, mailPeopleAndTemplates, type MailPerson, type NotificationMailLog } from './notification-mail.queries.ts';
import { renderTemplate } from './render.ts';
import { withSpecVariables } from './spec-variables.ts';
import { poolEm } from '../db/pool-em.ts';

/** One notification mail to write: to whom, about whom and what, with which template. */
export interface NotificationDraft {
  recipientId: number;
  /** The colleague the mail is about (the activity log's target). */
  targetId: number;
  referenceId: number;
  referenceType: 'match' | 'trade_chain' | 'trade_request';
  template: string;
  /** The template's variables, from the recipient and the target as stored now. */
  vars(recipient: MailPerson, target: MailPerson): Parameters<typeof renderTemplate>[1];
}

/** What rendering and logging notification mail needs. */
interface MailDeps {
  orm: MikroORM;
  log: Logger;
}

/** A draft as the outbox delivers it: with its stable Message-ID. */
export interface OutboxDraft extends NotificationDraft {
  messageId: string;
}

/** A notification mail ready to send, and the email_sent activity that records what became of it. */
export interface RenderedNotification {
  mail: OutgoingMail;
  log: Omit<NotificationMailLog, 'sent'>;
}

/**
 * Notification mails (matches, chains, offers) to the recipients who allow e-mail, one per draft
 * or undefined (no e-mail wanted, no template, person gone). Per batch of the outbox: one read for
 * the people and templates. Each mail carries its outbox row's Message-ID, so a retry after a lost
 * acknowledgement is the same message to the receiving server and to the reader's client. Sending
 * and marking are the outbox's (docs/decisions/0043); the activity is written after, by
 * `logNotificationOutcomes`.
 */
export async function renderNotificationMails(
  deps: MailDeps,
  drafts: readonly OutboxDraft[],
): Promise<(RenderedNotification | undefined)[]> {
  if (drafts.length === 0) return [];
  const { people, templates } = await mailPeopleAndTemplates(
    poolEm(deps.orm),
    drafts.flatMap((d) => [d.recipientId, d.targetId]),
    drafts.map((d) => d.template),
  );
  const missing = new Set<string>();
  const rendered = drafts.map((d): RenderedNotification | undefined => {
    const recipient = people.get(d.recipientId);
    const target = people.get(d.targetId);
    if (!recipient?.emailNotifications || !target) return undefined;
    const template = templates.get(d.template);
    if (!template) {
      missing.add(d.template);
      return undefined;
    }
    const vars = withSpecVariables(d.template, d.vars(recipient, target));
    return {
      mail: {
        to: recipient.email,
        subject: renderTemplate(template.subject, vars, false),
        html: renderTemplate(template.html, vars, true),
        messageId: d.messageId,
      },
      log: {
        userId: recipient.id,
        targetId: d.targetId,
        referenceId: d.referenceId,
        referenceType: d.referenceType,
        emailType: d.template,
        email: recipient.email,
      },
    };
  });
  // Once per template and batch, not once per mail.
  for (const template of missing) deps.log.warn({ template }, 'mail template missing: no mail sent');
  return rendered;
}

/**
 * The email_sent activity of a batch's notification mails (each delivered one, and each failed on
 * its last attempt), in one insert, after the rows are marked. Bookkeeping only: a failure is
 * logged and never counts a mail as failed, or the outbox would send it again (docs/decisions/0043).
 */
export async function logNotificationOutcomes(deps: MailDeps, logs: readonly NotificationMailLog[]): Promise<void> {
  try {
    await logNotificationMails(poolEm(deps.orm), logs);
  } catch (err) {
    deps.log.warn({ err, mails: logs.length }, 'email_sent activity not written (the mails went out)');
  }
}
