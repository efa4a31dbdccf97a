import type { Deps } from '../deps.ts';
import type { EventOf } from '../events/domain-events.ts';
import { accountMails, type AccountMailEvent } from '../features/auth/account-mail.delivery.ts';
import { chainMailDrafts } from '../features/chains/chain-mails.ts';
import { matchItemsOf } from '../features/matches/matches.service.ts';
import { offerMailDrafts } from '../features/offers/offer-mails.ts';
import { supportAnswerMails } from '../features/support/support-mail.delivery.ts';
import { matchGroupDraft } from '../features/trading/match-mails.ts';
import type { MatchItem } from '#protocol/shapes.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { NotificationMailLog } from '../mail/notification-mail.queries.ts';
import { renderNotificationMails, type NotificationDraft } from '../mail/notification-mails.ts';
import { newestAccountAsks } from './notification-outbox.queries.ts';

type Notice = EventOf<'match.created' | 'chain.changed' | 'offer.sent'>;
type Mailed = Notice | AccountMailEvent | EventOf<'support.responded'>;

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
 * Held match mails are due again when the matchMail window frees a point, so every held row of one
 * reader's request comes back in the same claim and goes as one mail; at least a second, never a
 * busy loop.
 */
const MIN_HOLD_MS = 1_000;

interface Drafted {
  /** Each row's draft; rows of one group share the group's draft, sent once by its first row. */
  drafts: (NotificationDraft | undefined)[];
  /** Rows whose mail is sent by another row of their group. */
  carried: Map<number, number>;
  /** Held rows, by index: how long until they are due again. */
  deferred: Map<number, number>;
}

/**
 * The mail of each row, built from its event as the write recorded it: a match's two sides are
 * read now (one read for the batch), chains and offers carry themselves. A new offer's mail is
 * limited per sender and recipient (docs/decisions/0019): the limit is taken on the first attempt
 * only, so a retry is never refused by the take of its own first try. New matches of one of a
 * reader's requests in one batch are one mail, and a reader gets at most a few an hour about one
 * request (docs/decisions/0042): the rest wait until the hour frees a point and go out together as one mail.
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
  const deferred = new Map<number, number>();
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
    } else if (e.type === 'offer.sent') {
      const allowed = r.attempts > 1 || (await deps.limits.take('offerMail', `${e.fromUserId}:${e.toUserId}`));
      drafts[index] = allowed ? offerMailDrafts([e.item])[0] : undefined;
    }
  }
  for (const [key, group] of groups) {
    // A group that failed to send before was counted when it was first allowed.
    const retry = group.some((g) => g.attempts > 1);
    const waitMs = retry ? undefined : await deps.limits.takeOrWait('matchMail', key);
    if (waitMs !== undefined) {
      for (const g of group) deferred.set(g.index, Math.max(waitMs, MIN_HOLD_MS));
      continue;
    }
    const [lead, ...rest] = group;
    drafts[lead!.index] = matchGroupDraft(group.map((g) => g.item));
    for (const g of rest) carried.set(g.index, lead!.index);
  }
  return { drafts, carried, deferred };
}

/**
 * The mails that are not notices (docs/decisions/0043): account mails (the newest ask of each kind
 * per user only: one waiting when a newer came is superseded, done without a mail, since the newer
 * one brings a link of its own and two mails of which one is stale would only confuse) and admins'
 * answers to support requests.
 */
async function otherMails(deps: Pick<Deps, 'orm' | 'config'>, rows: readonly MailRow[]): Promise<PreparedMail[]> {
  const em = deps.orm.em.fork();
  const asks = rows.flatMap((r) =>
    r.event.type === 'account.resetAsked' || r.event.type === 'account.verifyAsked' ? [{ ...r, event: r.event }] : [],
  );
  const answers = rows.flatMap((r) => (r.event.type === 'support.responded' ? [{ ...r, event: r.event }] : []));
  const newest = await newestAccountAsks(em, [...new Set(asks.map((a) => a.recipientId))]);
  const current = asks.filter((a) => newest.get(`${a.recipientId}:${a.event.type}`) === a.id);
  const accounts = await accountMails(
    em,
    current.map((a) => ({ userId: a.recipientId, event: a.event })),
  );
  const answered = await supportAnswerMails(
    em,
    answers.map((a) => a.event),
  );
  const built = [...zip(current, accounts), ...zip(answers, answered)];
  return built.flatMap(([row, mail]) =>
    mail
      ? [{ mail: { ...mail, messageId: outboxMessageId(row.id, deps.config.mailFrom), ...requestOf(row.event) }, rowIds: [row.id] }]
      : [],
  );
}

/** The HTTP request that asked for a row's mail, as the outbox recorded it (`reqId`). */
const requestOf = (event: object): { requestId?: string } => {
  const id = (event as { reqId?: unknown }).reqId;
  return typeof id === 'string' ? { requestId: id } : {};
};

const zip = <A, B>(as: readonly A[], bs: readonly B[]) => as.map((a, i) => [a, bs[i]] as const);

/** The recipient's side of a new match: their own request first. */
function sideOf(e: EventOf<'match.created'>, recipientId: number) {
  const { requestId, matchedRequestId, userIds } = e.match;
  return userIds[0] === recipientId ? { mine: requestId, other: matchedRequestId } : { mine: matchedRequestId, other: requestId };
}

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
  /** Held back by the matchMail limit: due again after delayMs, when the limit frees a point. */
  deferred: { id: number; delayMs: number }[];
  /** No mail: no e-mail wanted, no template, person gone. Done as they are. */
  nothing: number[];
}

/**
 * The mails of a batch of rows, built from their events, each with its row's Message-ID (the same
 * on every attempt). Reads and takes limits, sends nothing: a failure here sends no mail, and the
 * rows are tried again.
 */
export async function prepareMailRows(
  deps: Pick<Deps, 'orm' | 'limits' | 'log' | 'config'>,
  rows: readonly MailRow[],
): Promise<PreparedMails> {
  const { drafts, carried, deferred } = await draftsOf(deps, rows);
  const riders = new Map<number, number[]>();
  for (const [i, lead] of carried) riders.set(lead, [...(riders.get(lead) ?? []), rows[i]!.id]);
  const drafted = rows.flatMap((r, i) => {
    const d = drafts[i];
    return d ? [{ i, draft: { ...d, messageId: outboxMessageId(r.id, deps.config.mailFrom) } }] : [];
  });
  const rendered = await renderNotificationMails(
    deps,
    drafted.map((d) => d.draft),
  );
  const mails: PreparedMail[] = drafted.flatMap(({ i }, k) => {
    const r = rendered[k];
    return r ? [{ mail: r.mail, log: r.log, rowIds: [rows[i]!.id, ...(riders.get(i) ?? [])] }] : [];
  });
  mails.push(...(await otherMails(deps, rows)));
  const taken = new Set(mails.flatMap((m) => m.rowIds));
  const held = [...deferred].map(([i, delayMs]) => ({ id: rows[i]!.id, delayMs }));
  const heldIds = new Set(held.map((h) => h.id));
  return { mails, deferred: held, nothing: rows.flatMap((r) => (taken.has(r.id) || heldIds.has(r.id) ? [] : [r.id])) };
}
