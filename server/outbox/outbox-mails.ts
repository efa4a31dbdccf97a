import type { Deps } from '../deps.ts';
import type { EventOf } from '../events/domain-events.ts';
import { chainMailDrafts } from '../features/chains/chain-mails.ts';
import { matchItemsOf } from '../features/matches/matches.service.ts';
import { offerMailDrafts } from '../features/offers/offer-mails.ts';
import { matchMailDrafts } from '../features/trading/match-mails.ts';
import type { NotificationDraft } from '../mail/notification-mails.ts';
import { sendNotificationMails, type MailOutcome } from '../mail/notification-mails.ts';

type Mailed = EventOf<'match.created' | 'chain.changed' | 'offer.sent'>;

/** A mail row of the outbox, as claimed. */
export interface MailRow {
  id: number;
  recipientId: number;
  event: Mailed;
  attempts: number;
}

/** The Message-ID of an outbox row's mail: the same on every attempt, unique per row. */
export function outboxMessageId(rowId: number, mailFrom: string): string {
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'crewtrade.local';
  return `<notification-${rowId}@${domain}>`;
}

/**
 * The mail of each row, built from its event as the write recorded it: a match's two sides are
 * read now (one read for the batch), chains and offers carry themselves. A new offer's mail is
 * limited per sender and recipient (docs/decisions/0019): the limit is taken on the first attempt
 * only, so a retry is never refused by the take of its own first try.
 */
async function draftsOf(deps: Pick<Deps, 'orm' | 'limits'>, rows: readonly MailRow[]): Promise<(NotificationDraft | undefined)[]> {
  const matches = rows.flatMap((r) =>
    r.event.type === 'match.created'
      ? [{ id: r.event.match.id, status: 'pending', createdAt: r.event.match.createdAt, ...sideOf(r.event, r.recipientId) }]
      : [],
  );
  const items = matches.length ? await matchItemsOf(deps.orm.em.fork(), matches) : [];
  const drafts: (NotificationDraft | undefined)[] = [];
  for (const r of rows) {
    const e = r.event;
    if (e.type === 'match.created') {
      const item = items.find((i) => i.id === e.match.id && i.request.userId === r.recipientId);
      drafts.push(item ? matchMailDrafts([item])[0] : undefined);
    } else if (e.type === 'chain.changed') {
      drafts.push(chainMailDrafts([e.item]).find((d) => d.recipientId === r.recipientId));
    } else {
      const allowed = r.attempts > 1 || (await deps.limits.take('offerMail', `${e.fromUserId}:${e.toUserId}`));
      drafts.push(allowed ? offerMailDrafts([e.item])[0] : undefined);
    }
  }
  return drafts;
}

/** The recipient's side of a new match: their own request first. */
function sideOf(e: EventOf<'match.created'>, recipientId: number) {
  const { requestId, matchedRequestId, userIds } = e.match;
  return userIds[0] === recipientId ? { mine: requestId, other: matchedRequestId } : { mine: matchedRequestId, other: requestId };
}

/** Sends the mails of a batch of rows, one outcome per row, in order. */
export async function deliverMailRows(
  deps: Pick<Deps, 'orm' | 'limits' | 'mailer' | 'log' | 'config'>,
  rows: readonly MailRow[],
  isLastAttempt: (attempts: number) => boolean,
): Promise<MailOutcome[]> {
  const drafts = await draftsOf(deps, rows);
  const outcomes: MailOutcome[] = rows.map(() => 'none');
  const toSend = rows.flatMap((r, i) => {
    const d = drafts[i];
    return d ? [{ i, draft: { ...d, messageId: outboxMessageId(r.id, deps.config.mailFrom), final: isLastAttempt(r.attempts) } }] : [];
  });
  const sent = await sendNotificationMails(
    deps,
    toSend.map((s) => s.draft),
  );
  for (const [k, s] of toSend.entries()) outcomes[s.i] = sent[k]!;
  return outcomes;
}
