import type { Deps } from '../deps.ts';
import type { EventOf } from '../events/domain-events.ts';
import { chainMailDrafts } from '../features/chains/chain-mails.ts';
import { matchItemsOf } from '../features/matches/matches.service.ts';
import { offerMailDrafts } from '../features/offers/offer-mails.ts';
import { matchGroupDraft } from '../features/trading/match-mails.ts';
import type { MatchItem } from '#protocol/shapes.ts';
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

/** A row's mail now, or held back: a reader's match mails about one request beyond MATCH_MAILS_PER_HOUR. */
export type RowOutcome = MailOutcome | 'deferred';
/** How long held match mails wait before they are tried again, together as one mail. */
export const MATCH_MAIL_HOLD_MS = 15 * 60_000;

interface Drafted {
  /** Each row's draft; rows of one group share the group's draft, sent once by its first row. */
  drafts: (NotificationDraft | undefined)[];
  /** Rows whose mail is sent by another row of their group. */
  carried: Map<number, number>;
  deferred: Set<number>;
}

/**
 * The mail of each row, built from its event as the write recorded it: a match's two sides are
 * read now (one read for the batch), chains and offers carry themselves. A new offer's mail is
 * limited per sender and recipient (docs/decisions/0019): the limit is taken on the first attempt
 * only, so a retry is never refused by the take of its own first try. New matches of one of a
 * reader's requests in one batch are one mail, and a reader gets at most a few an hour about one
 * request (docs/decisions/0042): the rest wait and go out together as one mail once the hour allows.
 */
async function draftsOf(deps: Pick<Deps, 'orm' | 'limits'>, rows: readonly MailRow[]): Promise<Drafted> {
  const matches = rows.flatMap((r) =>
    r.event.type === 'match.created'
      ? [{ id: r.event.match.id, status: 'pending', createdAt: r.event.match.createdAt, ...sideOf(r.event, r.recipientId) }]
      : [],
  );
  const items = matches.length ? await matchItemsOf(deps.orm.em.fork(), matches) : [];
  const drafts: (NotificationDraft | undefined)[] = rows.map(() => undefined);
  const carried = new Map<number, number>();
  const deferred = new Set<number>();
  const groups = new Map<string, { index: number; item: MatchItem; attempts: number }[]>();
  for (const [index, r] of rows.entries()) {
    const e = r.event;
    if (e.type === 'match.created') {
      const item = items.find((i) => i.id === e.match.id && i.request.userId === r.recipientId);
      if (!item) continue;
      const key = `${r.recipientId}:${item.request.id}`;
      groups.set(key, [...(groups.get(key) ?? []), { index, item, attempts: r.attempts }]);
    } else if (e.type === 'chain.changed') {
      drafts[index] = chainMailDrafts([e.item]).find((d) => d.recipientId === r.recipientId);
    } else {
      const allowed = r.attempts > 1 || (await deps.limits.take('offerMail', `${e.fromUserId}:${e.toUserId}`));
      drafts[index] = allowed ? offerMailDrafts([e.item])[0] : undefined;
    }
  }
  for (const [key, group] of groups) {
    // A group that failed to send before was counted when it was first allowed.
    const retry = group.some((g) => g.attempts > 1);
    if (!retry && !(await deps.limits.take('matchMail', key))) {
      for (const g of group) deferred.add(g.index);
      continue;
    }
    const [lead, ...rest] = group;
    drafts[lead!.index] = matchGroupDraft(group.map((g) => g.item));
    for (const g of rest) carried.set(g.index, lead!.index);
  }
  return { drafts, carried, deferred };
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
): Promise<RowOutcome[]> {
  const { drafts, carried, deferred } = await draftsOf(deps, rows);
  const outcomes: RowOutcome[] = rows.map((_, i) => (deferred.has(i) ? 'deferred' : 'none'));
  const toSend = rows.flatMap((r, i) => {
    const d = drafts[i];
    return d ? [{ i, draft: { ...d, messageId: outboxMessageId(r.id, deps.config.mailFrom), final: isLastAttempt(r.attempts) } }] : [];
  });
  const sent = await sendNotificationMails(
    deps,
    toSend.map((s) => s.draft),
  );
  for (const [k, s] of toSend.entries()) outcomes[s.i] = sent[k]!;
  // The other rows of a group went out (or not) with its first.
  for (const [i, lead] of carried) outcomes[i] = outcomes[lead]!;
  return outcomes;
}
