import type { DomainEvent, EventOf } from '../events/domain-events.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { NotificationDraft } from '../mail/notification-mails.ts';

/** A row of the outbox as claimed: one recipient, one event, how many times it was tried. */
export interface OutboxRow<E extends DomainEvent = DomainEvent> {
  id: number;
  recipientId: number;
  event: E;
  attempts: number;
}

/** What a drafter makes of a batch of its rows. A row in none of these has nothing to send and is done. */
export interface MailDrafts {
  /** Notification mails, rendered by the outbox from the admin's templates; each answers for its rows (the first gives the Message-ID). */
  notices?: { rowIds: number[]; draft: NotificationDraft }[];
  /** Mails written in full by the feature (account links, support answers): one per row. */
  mails?: { rowId: number; mail: Omit<OutgoingMail, 'messageId'> }[];
  /** Rows held back by a limit: due again after delayMs. */
  held?: { id: number; delayMs: number }[];
}

/**
 * The mails of some event types, handed to the outbox by the feature that owns them at start-up
 * (server/subscribers.ts), so the outbox, a floor, never imports a feature (docs/ARCHITECTURE.md
 * section 2). It reads and takes limits, sends nothing: a failure sends no mail and the rows are
 * tried again.
 */
export interface MailDrafter<T extends DomainEvent['type'] = DomainEvent['type']> {
  readonly types: readonly T[];
  draft(rows: readonly OutboxRow<EventOf<T>>[]): Promise<MailDrafts>;
}

/** The pushes of the outbox's push rows, handed in by the push feature. */
export interface PushDelivery {
  deliver(rows: readonly { recipientId: number; event: DomainEvent }[]): Promise<void>;
}

/** Everything the outbox delivers with: a drafter per mailed event type, and the push sender. */
export interface OutboxDeliveries {
  mail: readonly MailDrafter[];
  push: PushDelivery;
}

/** A drafter typed by its event types (the rows it is given are of those types only). */
export const mailDrafter = <T extends DomainEvent['type']>(
  types: readonly T[],
  draft: (rows: readonly OutboxRow<EventOf<T>>[]) => Promise<MailDrafts>,
): MailDrafter => ({ types, draft: draft as MailDrafter['draft'] });
