import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../db/kysely.ts';
import type { OutgoingMail } from './mailer.ts';

/**
 * Mails kept in the local outbox (no SMTP_URL), in one insert with bound values. A Message-ID
 * stored before is not stored again: the outbox's resend of a mail whose acknowledgement was lost
 * is the same mail (docs/decisions/0043), as a receiving server that keys on the Message-ID sees it. The entity API's
 * insertMany wrote each mail's text into the statement: every batch was a new text to parse and
 * plan, and a text that came back three times took one of the pool's prepared-statement slots
 * (db/prepared-statements.ts) for good.
 */
export async function insertOutboxMails(em: EntityManager, mails: readonly OutgoingMail[]): Promise<void> {
  await kysely(em)
    .insertInto('mail_outbox')
    .values(
      mails.map((mail) => ({
        recipient: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text ?? null,
        message_id: mail.messageId ?? null,
      })),
    )
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute();
}
