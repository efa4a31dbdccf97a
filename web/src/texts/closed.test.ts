// A system close read from each side (docs/decisions/0042): the match's and the offer's sentence.
import { describe, expect, it } from 'vitest';
import type { OfferItem } from '#protocol/shapes.ts';
import { requestItem } from '../stores/requestItem.fixture.ts';
import { matchClosedSentence } from '../lib/matchClose.ts';
import { offerClosedSentence } from './trades.ts';

const MAYA = 7;
const LIAM = 8;
const liamPickup = requestItem({ id: 12, userId: LIAM, type: 'pickup', date: '2030-12-01' }, { firstName: 'Liam' });
const mayaDrop = requestItem({ id: 11, userId: MAYA, type: 'drop', date: '2030-12-03' }, { firstName: 'Maya' });

/** Maya's drop offered to Liam on his pickup, from her match with him. */
const offer = (over: Partial<OfferItem>): OfferItem =>
  ({
    id: 1,
    fromUserId: MAYA,
    fromUser: mayaDrop.user,
    toUserId: LIAM,
    toUser: liamPickup.user,
    requestId: liamPickup.id,
    request: liamPickup,
    senderRequestId: mayaDrop.id,
    senderRequest: mayaDrop,
    tradeDate: '2030-12-01',
    requestType: 'drop',
    status: 'closed',
    closedReason: 'request_filled',
    ...over,
  }) as OfferItem;

describe('closed sentences', () => {
  it('a match: the request that closed it, whoever reads it', () => {
    const m = { request: mayaDrop, matchedRequest: liamPickup };
    expect(matchClosedSentence(m, { reason: 'request_filled', byRequestId: 12 }, MAYA)).toBe("Liam's pickup on Dec 1 was filled");
    expect(matchClosedSentence(m, { reason: 'request_filled', byRequestId: 12 }, LIAM)).toBe('Your pickup on Dec 1 was filled');
    expect(matchClosedSentence(m, { reason: 'request_changed', byRequestId: 11 }, LIAM)).toBe(
      "Maya's drop on Dec 3 changed and no longer matches",
    );
    expect(matchClosedSentence(m, { reason: 'request_filled', byRequestId: 99 }, MAYA)).toBeNull();
  });

  it('an offer: the recipient’s request filled or deleted, or the sender’s own filled', () => {
    expect(offerClosedSentence(offer({}), MAYA)).toBe("Liam's pickup on Dec 1 was filled");
    expect(offerClosedSentence(offer({}), LIAM)).toBe('Your pickup on Dec 1 was filled');
    // Deleted: the request is gone from the offer; its type is the offer's opposite, its day the trade date.
    const deleted = offer({ closedReason: 'request_deleted', request: null, requestId: null });
    expect(offerClosedSentence(deleted, MAYA)).toBe('Liam deleted their pickup on Dec 1');
    expect(offerClosedSentence(deleted, LIAM)).toBe('You deleted your pickup on Dec 1');
    const senderFilled = offer({ closedReason: 'sender_request_filled' });
    expect(offerClosedSentence(senderFilled, MAYA)).toBe('Your drop on Dec 3 was filled');
    expect(offerClosedSentence(senderFilled, LIAM)).toBe("Maya's drop on Dec 3 was filled");
    // The sender's request since deleted: still the sender's own trip, never the recipient's (the server's bell once said "Liam's").
    const senderGone = offer({ closedReason: 'sender_request_filled', senderRequest: null, senderRequestId: null, tradeDate: '2030-12-03' });
    expect(offerClosedSentence(senderGone, MAYA)).toBe('Your drop on Dec 3 was filled');
    expect(offerClosedSentence(senderGone, LIAM)).toBe("Maya's drop on Dec 3 was filled");
    expect(offerClosedSentence(offer({ closedReason: null }), MAYA)).toBeNull();
  });
});
