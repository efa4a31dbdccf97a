import type { PushPayload } from '#protocol/push.ts';
import type { Deps } from '../../deps.ts';
import type { EventOf } from '../../events/domain-events.ts';
import type { PushDelivery } from '../../outbox/outbox-plugins.ts';
import { offerAnswerSentence, offerSentence, standingRuleSentence } from '#protocol/offerText.ts';
import { offerClosedSentence } from '#protocol/closedText.ts';
import { matchDays, matchesSummary, matchFactsOf, matchSentence } from '#protocol/matchText.ts';
import type { MatchItem, OfferItem } from '#protocol/shapes.ts';
import { matchItemsOf } from '../matches/matches.service.ts';
import { fullName } from '../user-kernel/user.presenter.ts';
import { offersByIds } from '../offers/offers.queries.ts';
import { offerItemsOf } from '../offers/offers.service.ts';
import { pushNotices } from './push.notices.ts';
import { namesOf, subscriptionsOf } from './push.queries.ts';
import { poolEm } from '../../db/pool-em.ts';

export type Pushed = EventOf<'match.created' | 'chain.changed' | 'offer.sent' | 'offer.answered' | 'message.sent'>;

/** Who hears of each event, and what: a user who caused it is never pushed about it. */
async function noticesOf(deps: Pick<Deps, 'orm'>, events: readonly Pushed[]): Promise<{ userId: number; payload: PushPayload }[]> {
  const em = poolEm(deps.orm);
  // A sent message carries itself: nothing to read but its sender's name.
  const messages = events.flatMap((e) => (e.type === 'message.sent' ? [e.item] : []));
  const people = events.flatMap((e) =>
    e.type === 'match.created'
      ? e.match.userIds
      : e.type === 'chain.changed'
        ? e.userIds
        : e.type === 'message.sent'
          ? []
          : [e.fromUserId, e.toUserId],
  );
  const names = await namesOf(em, [...people, ...messages.map((m) => m.fromUserId)]);
  const name = (id: number) => names.get(id) ?? '';
  // An offer's notice says who gives what to whom, as the bell does: its trips are read once for all.
  // Offers sent or answered by their recipient come with their events; those an accept declined along with it are read.
  const carried = events.flatMap((e) => ((e.type === 'offer.sent' || e.type === 'offer.answered') && e.item ? [e.item] : []));
  const offerIds = events.flatMap((e) => ((e.type === 'offer.sent' || e.type === 'offer.answered') && !e.item ? [e.offerId] : []));
  const offers = new Map<number, OfferItem>(
    [...carried, ...(offerIds.length ? await offerItemsOf(em, await offersByIds(em, offerIds)) : [])].map((o) => [o.id, o]),
  );
  const partiesOf = (e: { fromUserId: number; toUserId: number }) => ({ from: name(e.fromUserId), to: name(e.toUserId) });
  const notices = events.flatMap((e) => {
    // Matches are told per request, several at once (matchNoticesOf).
    if (e.type === 'match.created') return [];
    if (e.type === 'chain.changed') {
      if (!e.proposed) return [];
      // Each member hears the others in ring order from themselves: who gets their trip first.
      const ids = e.userIds;
      return ids.map((userId, i) => ({
        userId,
        payload: pushNotices.chain(e.chainId, [ids[(i + 1) % ids.length]!, ids[(i + 2) % ids.length]!].map(name)),
      }));
    }
    if (e.type === 'offer.sent' || e.type === 'offer.answered') {
      // Read after the commit and gone by then (cancelled): nothing left to tell.
      const offer = offers.get(e.offerId);
      if (!offer) return [];
      if (e.type === 'offer.sent')
        return [
          {
            userId: e.toUserId,
            payload: pushNotices.offer(e.offerId, offerSentence(offer, 'received', partiesOf(e)), offer.counterOfId !== null),
          },
        ];
      if (e.type === 'offer.answered' && e.byRule) {
        // docs/decisions/0045: the owner reads what their rule did; the sender that the rule, not a person, accepted.
        const parties = partiesOf(e);
        return [
          { userId: e.toUserId, payload: pushNotices.ruleAccepted(e.offerId, standingRuleSentence(offer, parties)) },
          {
            userId: e.fromUserId,
            payload: pushNotices.answer(
              e.offerId,
              'accepted',
              offerAnswerSentence(offer, 'accepted', { ...parties, to: `${parties.to}'s standing rule` }),
            ),
          },
        ];
      }
      // Closed by the system (docs/decisions/0042): the sender reads why, never that someone declined.
      const sentence =
        e.status === 'closed'
          ? (offerClosedSentence({ ...offer, closedReason: offer.closedReason ?? 'request_filled' }, 'sent', {
              from: offer.fromUser.firstName || 'A colleague',
              to: offer.toUser.firstName || 'A colleague',
            }) ?? '')
          : offerAnswerSentence(offer, e.status, partiesOf(e));
      return [{ userId: e.fromUserId, payload: pushNotices.answer(e.offerId, e.status, sentence) }];
    }
    return [];
  });
  for (const m of messages) notices.push({ userId: m.toUserId, payload: pushNotices.message(m.fromUserId, name(m.fromUserId), m.content) });
  return notices;
}

/** A push notification recorded in the outbox: its recipient and the event it tells of. */
export interface PushRow {
  recipientId: number;
  event: Pushed;
}

/**
 * New matches, proposed three-way chains, offers, answers to offers and direct messages reach the
 * recipients' subscribed devices, also with the app closed. Delivered from the notification outbox
 * (server/outbox): one row per recipient, recorded with the write. Each event's notices are built
 * once for all its rows; a recipient with no device left gets nothing (and the row is done).
 */
export async function deliverPushRows(deps: Pick<Deps, 'orm' | 'push'>, rows: readonly PushRow[]): Promise<void> {
  if (rows.length === 0) return;
  const targets = await subscriptionsOf(poolEm(deps.orm), [...new Set(rows.map((r) => r.recipientId))]);
  const live = rows.filter((r) => targets.some((t) => t.userId === r.recipientId));
  if (live.length === 0) return;
  const matchNotices = await matchNoticesOf(deps, live);
  await Promise.all(
    matchNotices.map((n) =>
      deps.push.send(
        targets.filter((t) => t.userId === n.userId),
        n.payload,
      ),
    ),
  );
  // The rows of one event carry equal copies of it (read back from the table).
  const events = new Map(live.map((r) => [JSON.stringify(r.event), r.event]));
  const noticesByEvent = new Map<string, { userId: number; payload: PushPayload }[]>();
  for (const [key, event] of events) noticesByEvent.set(key, await noticesOf(deps, [event]));
  await Promise.all(
    live.flatMap((r) => {
      const mine = targets.filter((t) => t.userId === r.recipientId);
      const notices = (noticesByEvent.get(JSON.stringify(r.event)) ?? []).filter((n) => n.userId === r.recipientId);
      return notices.map((n) => deps.push.send(mine, n.payload));
    }),
  );
}

/**
 * The pushes of new matches, one per reader and request of theirs (docs/decisions/0042): a single
 * match names the colleague's trip on its own days; several of one request that reach the same
 * batch (a pickup over six days meeting six drops, in one commit) are one notice ("3 new matches
 * for your pickup, Dec 20-22").
 */
async function matchNoticesOf(deps: Pick<Deps, 'orm'>, rows: readonly PushRow[]): Promise<{ userId: number; payload: PushPayload }[]> {
  const sides = rows.flatMap((r) => {
    if (r.event.type !== 'match.created') return [];
    const { id, requestId, matchedRequestId, userIds, createdAt } = r.event.match;
    const mineFirst = userIds[0] === r.recipientId;
    return [
      { id, status: 'pending', createdAt, mine: mineFirst ? requestId : matchedRequestId, other: mineFirst ? matchedRequestId : requestId },
    ];
  });
  if (sides.length === 0) return [];
  const items = await matchItemsOf(poolEm(deps.orm), sides);
  const byRequest = new Map<number, MatchItem[]>();
  for (const item of items) byRequest.set(item.request.id, [...(byRequest.get(item.request.id) ?? []), item]);
  return [...byRequest.values()].map((group) => {
    const first = group[0]!;
    const mine = matchFactsOf(first.request);
    const sentence =
      group.length === 1
        ? matchSentence(fullName(first.matchedRequest.user) || 'A colleague', mine, matchFactsOf(first.matchedRequest))
        : matchesSummary(
            group.length,
            mine,
            group.flatMap((m) => matchDays(mine, matchFactsOf(m.matchedRequest))),
          );
    return { userId: first.request.userId, payload: pushNotices.match(first.request.id, sentence) };
  });
}

const pushedTypes: ReadonlySet<string> = new Set<Pushed['type']>([
  'match.created',
  'chain.changed',
  'offer.sent',
  'offer.answered',
  'message.sent',
]);
const isPushed = (row: { recipientId: number; event: { type: string } }): row is PushRow => pushedTypes.has(row.event.type);

/** The outbox's push sender (registered in server/subscribers.ts): rows of other events have nothing to push. */
export const pushDelivery = (deps: Pick<Deps, 'orm' | 'push'>): PushDelivery => ({
  deliver: (rows) => deliverPushRows(deps, rows.filter(isPushed)),
});
