import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from './mailer.ts';
import { logNotificationMails, mailPeopleAndTemplates, type MailPerson } from './notification-mail.queries.ts';
import { renderTemplate } from './render.ts';
import { withSpecVariables } from './spec-variables.ts';

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

/** What sending notification mail needs. */
interface MailDeps {
  mailer: Mailer;
  orm: MikroORM;
  log: Logger;
}

/** A draft as the outbox delivers it: with its stable Message-ID, and whether this is its last attempt. */
export interface OutboxDraft extends NotificationDraft {
  messageId: string;
  /** The last attempt: a failure is logged as an email_sent activity that was not delivered. */
  final: boolean;
}

/** What became of each draft: delivered, failed (to be retried), or nothing to send (no e-mail wanted, no template, person gone). */
export type MailOutcome = 'sent' | 'failed' | 'none';

/**
 * Notification mails (matches, chains, offers) to the recipients who allow e-mail, each delivered
 * mail logged as email_sent activity (a failed one only on its last attempt: the outbox retries the
 * rest). Per batch of the outbox: one read for the people and templates, one send of them all, one
 * insert of the logs. Each mail carries its outbox row's Message-ID, so a retry after a lost
 * acknowledgement is the same message to the receiving server and to the reader's client.
 */
export async function sendNotificationMails(deps: MailDeps, drafts: readonly OutboxDraft[]): Promise<MailOutcome[]> {
  if (drafts.length === 0) return [];
  const em = deps.orm.em.fork();
  const { people, templates } = await mailPeopleAndTemplates(
    em,
    drafts.flatMap((d) => [d.recipientId, d.targetId]),
    drafts.map((d) => d.template),
  );
  const missing = new Set<string>();
  const outcomes: MailOutcome[] = drafts.map(() => 'none');
  const mails = drafts.flatMap((d, index) => {
    const recipient = people.get(d.recipientId);
    const target = people.get(d.targetId);
    if (!recipient?.emailNotifications || !target) return [];
    const template = templates.get(d.template);
    if (!template) {
      missing.add(d.template);
      return [];
    }
    const vars = withSpecVariables(d.template, d.vars(recipient, target));
    return [
      {
        index,
        draft: d,
        recipient,
        mail: {
          to: recipient.email,
          subject: renderTemplate(template.subject, vars, false),
          html: renderTemplate(template.html, vars, true),
          messageId: d.messageId,
        },
      },
    ];
  });
  // Once per template and batch, not once per mail.
  for (const template of missing) deps.log.warn({ template }, 'mail template missing: no mail sent');
  const delivered = await deps.mailer.sendAll(mails.map((m) => m.mail));
  for (const [i, m] of mails.entries()) outcomes[m.index] = delivered[i]?.delivered ? 'sent' : 'failed';
  await logNotificationMails(
    em,
    mails.flatMap((m) =>
      outcomes[m.index] === 'sent' || m.draft.final
        ? [
            {
              userId: m.recipient.id,
              targetId: m.draft.targetId,
              referenceId: m.draft.referenceId,
              referenceType: m.draft.referenceType,
              emailType: m.draft.template,
              sent: outcomes[m.index] === 'sent',
              email: m.recipient.email,
            },
          ]
        : [],
    ),
  );
  return outcomes;
}
