import { PUSH_PREVIEW_MAX, PUSH_TEXT, type PushPayload } from '#protocol/push.ts';
import { previewOf } from './push.rules.ts';

/** What each pushed event says, and where a click on it leads (the screen the event shows on). */
export const pushNotices = {
  /**
   * `sentence`: the match as its reader reads it (matchSentence: the colleague's trip on the match's
   * own days), or several of one request at once (matchesSummary). Tagged by the reader's request,
   * so a later notice about it replaces an earlier one on the device instead of piling up.
   */
  match: (requestId: number, sentence: string): PushPayload => ({
    title: PUSH_TEXT.matchTitle,
    body: sentence,
    url: '/matches',
    tag: `match-request-${requestId}`,
  }),
  chain: (chainId: number, otherNames: readonly string[]): PushPayload => ({
    title: PUSH_TEXT.chainTitle,
    body: PUSH_TEXT.chainBody(otherNames),
    url: '/matches',
    tag: `chain-${chainId}`,
  }),
  /** `sentence`: the offer as its recipient reads it (offerSentence); a counter-offer says so (docs/decisions/0045). */
  offer: (offerId: number, sentence: string, counter = false): PushPayload => ({
    title: counter ? PUSH_TEXT.counterTitle : PUSH_TEXT.offerTitle,
    body: sentence,
    url: '/trades?tab=requests',
    tag: `offer-${offerId}`,
  }),
  /** `sentence`: what the owner's standing rule accepted for them (standingRuleSentence, docs/decisions/0045). */
  ruleAccepted: (offerId: number, sentence: string): PushPayload => ({
    title: PUSH_TEXT.ruleAcceptedTitle,
    body: sentence,
    url: '/trades?tab=approved',
    tag: `offer-${offerId}`,
  }),
  /** `sentence`: the answer as the offer's sender reads it (offerAnswerSentence). */
  answer: (offerId: number, status: 'accepted' | 'declined' | 'closed', sentence: string): PushPayload => ({
    title: status === 'accepted' ? PUSH_TEXT.acceptedTitle : status === 'closed' ? PUSH_TEXT.closedTitle : PUSH_TEXT.declinedTitle,
    body: sentence,
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
