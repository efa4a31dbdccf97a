import { PUSH_PREVIEW_MAX, PUSH_TEXT, type PushPayload } from '#protocol/push.ts';
import { previewOf } from './push.rules.ts';

/** What each pushed event says, and where a click on it leads (the screen the event shows on). */
export const pushNotices = {
  match: (matchId: number, otherName: string): PushPayload => ({
    title: PUSH_TEXT.matchTitle,
    body: PUSH_TEXT.matchBody(otherName),
    url: '/matches',
    tag: `match-${matchId}`,
  }),
  chain: (chainId: number, otherNames: readonly string[]): PushPayload => ({
    title: PUSH_TEXT.chainTitle,
    body: PUSH_TEXT.chainBody(otherNames),
    url: '/matches',
    tag: `chain-${chainId}`,
  }),
  offer: (offerId: number, fromName: string): PushPayload => ({
    title: PUSH_TEXT.offerTitle,
    body: PUSH_TEXT.offerBody(fromName),
    url: '/trades?tab=requests',
    tag: `offer-${offerId}`,
  }),
  answer: (offerId: number, status: 'accepted' | 'declined', toName: string): PushPayload => ({
    title: status === 'accepted' ? PUSH_TEXT.acceptedTitle : PUSH_TEXT.declinedTitle,
    body: status === 'accepted' ? PUSH_TEXT.acceptedBody(toName) : PUSH_TEXT.declinedBody(toName),
    url: '/trades?tab=approved',
    tag: `offer-${offerId}`,
  }),
  // One notification per conversation: the newest message replaces the one before it.
  message: (fromUserId: number, fromName: string, content: string): PushPayload => ({
    title: PUSH_TEXT.messageTitle(fromName),
    body: content.trim() ? previewOf(content, PUSH_PREVIEW_MAX) : PUSH_TEXT.photoOnly,
    url: `/messages?user=${fromUserId}`,
    tag: `dm-${fromUserId}`,
  }),
  test: (): PushPayload => ({ title: PUSH_TEXT.testTitle, body: PUSH_TEXT.testBody, url: '/profile', tag: 'test' }),
};
