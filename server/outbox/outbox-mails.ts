import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../lib/logger.ts';
import type { NotificationMailLog } from '../mail/notification-mail.queries.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { renderNotificationMails } from '../mail/notification-mails.ts';
import type { MailDrafter, MailDrafts, OutboxRow } from './outbox-plugins.ts';

/** The Message-ID of an outbox row's mail: the same on every attempt, unique per row. */
export function outboxMessageId(rowId: number, mailFrom: string): string {
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'crewtrade.local';
  return `<notification-${rowId}@${domain}>`;
}

/** The HTTP request that asked for a row's mail, as the outbox recorded it (`reqId`). */
const requestOf = (event: object): { requestId?: string } => {
  const id = (event as { reqId?: unknown }).reqId;
  return typeof id === 'string' ? { requestId: id } : {};
};

/** One mail of a batch, and the rows it answers for: its own, and those of its group that ride with it. */
export interface PreparedMail {
  mail: OutgoingMail;
  rowIds: number[];
  /** The email_sent activity that records what became of a notification mail. */
  log?: Omit<NotificationMailLog, 'sent'>;
}

/** What a batch of mail rows comes to: mails to send, rows held back, rows with nothing to send. */
export interface PreparedMails {
  mails: PreparedMail[];
  /** Held back by a limit (matchMail): due again after delayMs, when the limit frees a point. */
  deferred: { id: number; delayMs: number }[];
  /** No mail: no e-mail wanted, no template, person gone, no drafter. Done as they are. */
  nothing: number[];
}

/**
 * The mails of a batch of rows: each drafter (registered by its feature) drafts the rows of its
 * event types, the notices are rendered from the admin's templates, and every mail gets its row's
 * Message-ID (the same on every attempt). Reads and takes limits, sends nothing: a failure here
 * sends no mail, and the rows are tried again.
 */
export async function prepareMailRows(
  deps: { orm: MikroORM; log: Logger; config: { mailFrom: string } },
  drafters: readonly MailDrafter[],
  rows: readonly OutboxRow[],
): Promise<PreparedMails> {
  const drafted: MailDrafts[] = [];
  for (const drafter of drafters) {
    const own = rows.filter((r) => (drafter.types as readonly string[]).includes(r.event.type));
    if (own.length > 0) drafted.push(await drafter.draft(own));
  }
  const notices = drafted.flatMap((d) => d.notices ?? []);
  const rendered = await renderNotificationMails(
    deps,
    notices.map((n) => ({ ...n.draft, messageId: outboxMessageId(n.rowIds[0]!, deps.config.mailFrom) })),
  );
  const mails: PreparedMail[] = notices.flatMap((n, k) => {
    const r = rendered[k];
    return r ? [{ mail: r.mail, log: r.log, rowIds: n.rowIds }] : [];
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const { rowId, mail } of drafted.flatMap((d) => d.mails ?? [])) {
    const row = byId.get(rowId);
    if (row)
      mails.push({ mail: { ...mail, messageId: outboxMessageId(rowId, deps.config.mailFrom), ...requestOf(row.event) }, rowIds: [rowId] });
  }
  const deferred = drafted.flatMap((d) => d.held ?? []);
  const taken = new Set([...mails.flatMap((m) => m.rowIds), ...deferred.map((h) => h.id)]);
  return { mails, deferred, nothing: rows.flatMap((r) => (taken.has(r.id) ? [] : [r.id])) };
}
