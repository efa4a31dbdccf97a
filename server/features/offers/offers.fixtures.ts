// Test data for the offer tests (imported by *.test.ts only).
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { inDays, requestBody } from '../requests/requests.fixtures.ts';

let groups = 0;
/** A base of its own for each call, so tests never see each other's crew, boards or offers. */
export const freshGroup = () => ({
  base: `O${(groups++).toString(36).toUpperCase()}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.slice(0, 10),
});

/** A request posted over the API by `owner`. */
export async function postRequest(owner: SignedInUser, over: Record<string, unknown> = {}): Promise<TradeRequestItem> {
  const res = await owner.client.post('/api/requests', requestBody(over));
  if (res.status !== 201) throw new Error(`request failed: ${res.status} ${res.text}`);
  return res.body;
}

/** The body the Request Trade dialog sends for `target` (a pairing unless the target says otherwise). */
export const offerBody = (target: TradeRequestItem, over: Record<string, unknown> = {}) => ({
  toUserId: target.userId,
  requestId: target.id,
  tradeDate: target.date,
  ...(target.routeType === 'pairing' ? { offerRoute: 'P-OFFER' } : { offerReservePeriod: 'R-OFFER' }),
  requestType: 'pickup',
  message: 'I can take it',
  ...over,
});

/** `from` offers on `target`; the OfferItem. */
export async function sendOffer(from: SignedInUser, target: TradeRequestItem, over: Record<string, unknown> = {}): Promise<OfferItem> {
  const res = await from.client.post('/api/trade-requests', offerBody(target, over));
  if (res.status !== 201) throw new Error(`offer failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Two crew of one fresh group: `owner` posted a drop of a pairing, `offerer` may offer on it. */
export async function ownerAndOfferer(app: TestApp, requestOver: Record<string, unknown> = {}) {
  const group = freshGroup();
  const owner = await makeUser(app, { ...group, firstName: 'Olive', lastName: 'Owner' });
  const offerer = await makeUser(app, { ...group, firstName: 'Oscar', lastName: 'Offerer' });
  const request = await postRequest(owner, { date: inDays(6), ...requestOver });
  return { group, owner, offerer, request };
}
