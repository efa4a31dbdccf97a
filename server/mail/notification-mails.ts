import type { Deps } from '../deps.ts';
import { logNotificationMails, mailPeopleAndTemplates, type MailPerson } from './notification-mail.queries.ts';
import { renderTemplate } from './render.ts';

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

/**
 * A commit's notification mails (matches, chains, offers) to the recipients who allow e-mail, each
 * logged as email_sent activity, delivered or not. After the commit, off the request's path: one
 * read for the people and templates, one send of them all, one insert of the logs.
 */
export async function sendNotificationMails(deps: Pick<Deps, 'mailer' | 'orm' | 'log'>, drafts: readonly NotificationDraft[]): Promise<void> {
  if (drafts.length === 0) return;
  const em = deps.orm.em.fork();
  const { people, templates } = await mailPeopleAndTemplates(
    em,
    drafts.flatMap((d) => [d.recipientId, d.targetId]),
    drafts.map((d) => d.template),
  );
  const mails = drafts.flatMap((d) => {
    const recipient = people.get(d.recipientId);
    const target = people.get(d.targetId);
    if (!recipient?.emailNotifications || !target) return [];
    const template = templates.get(d.template);
    if (!template) {
      deps.log.warn({ template: d.template }, 'mail template missing: no mail sent');
      return [];
    }
    const vars = d.vars(recipient, target);
    return [
      {
        draft: d,
        recipient,
        mail: { to: recipient.email, subject: renderTemplate(template.subject, vars, false), html: renderTemplate(template.html, vars, true) },
      },
    ];
  });
  const delivered = await deps.mailer.sendAll(mails.map((m) => m.mail));
  await logNotificationMails(
    em,
    mails.map((m, i) => ({
      userId: m.recipient.id,
      targetId: m.draft.targetId,
      referenceId: m.draft.referenceId,
      referenceType: m.draft.referenceType,
      emailType: m.draft.template,
      sent: delivered[i]?.delivered ?? false,
      email: m.recipient.email,
    })),
  );
}

/** A window's notification mails, sent together (createNotificationMails). */
export interface NotificationMails {
  /** A commit's mails: they go out with the others of the current window. Never throws. */
  queue(drafts: readonly NotificationDraft[]): void;
  /** Sends what is queued and waits for every batch under way (shutdown). */
  close(): Promise<void>;
}

/** How long a commit's notification mails wait for others to go out with. */
export const MAIL_WINDOW_MS = 250;

/**
 * Notification mails leave in batches: the first mail of a quiet moment opens a window of
 * `windowMs`, and every commit's mails queued meanwhile go out with it, in one read of people and
 * templates, one send and one insert of the logs (sendNotificationMails). Under a hundred creates a
 * second that is a few statements every quarter second instead of four after every commit, work
 * that otherwise shares the cores with the writes being answered; a mail waits a quarter second
 * longer, which no inbox shows. Batches run one after another, in the order they were queued.
 */
export function createNotificationMails(deps: Pick<Deps, 'mailer' | 'orm' | 'log'>, windowMs = MAIL_WINDOW_MS): NotificationMails {
  let pending: NotificationDraft[] = [];
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    sending = sending.then(() => sendNotificationMails(deps, batch)).catch((err: unknown) => deps.log.warn({ err }, 'notification mail failed'));
  };
  return {
    queue(drafts) {
      if (drafts.length === 0) return;
      pending.push(...drafts);
      timer ??= setTimeout(flush, windowMs);
    },
    async close() {
      flush();
      await sending;
    },
  };
}
