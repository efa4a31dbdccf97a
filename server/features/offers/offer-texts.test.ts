// Every offer says who gives what to whom (docs/decisions/0025): the bell, the mail (subject and body) and the
// answers, from the reader's side with both parties named; a message-only offer reads as a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { OfferItem, OfferNotificationItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { readOutbox, waitForMail } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { freshGroup, postRequest, sendOffer } from './offers.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Maya Okafor and Liam Brennan, of one fresh group. */
async function mayaAndLiam() {
  const group = freshGroup();
  const maya = await makeUser(app, { ...group, firstName: 'Maya', lastName: 'Okafor', employeeNumber: `M-${group.base}` });
  const liam = await makeUser(app, { ...group, firstName: 'Liam', lastName: 'Brennan', employeeNumber: `L-${group.base}` });
  return { maya, liam };
}

const bell = async (u: SignedInUser) => (await u.client.get<OfferNotificationItem[]>('/api/trade-request-notifications')).body;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a pickup of a drop (Liam picks up Maya’s ATL4999 on Dec 16, offers his ATL4800)', () => {
  it('Maya’s bell and mail name her trip as hers and his as his; Liam’s answer names them the other way round', async () => {
    const { maya, liam } = await mayaAndLiam();
    const request = await postRequest(maya, { type: 'drop', date: '2099-12-16', route: 'ATL4999' });
    const offer = await sendOffer(liam, request, { requestType: 'pickup', tradeDate: '2099-12-16', offerRoute: 'ATL4800' });

    const sentence = 'Liam Brennan wants to pick up your ATL4999 (Dec 16) and offers their ATL4800 in exchange';
    const [n] = await bell(maya);
    expect(n).toMatchObject({ tradeRequestId: offer.id, title: 'New Trade Request', message: sentence });

    const mail = await waitForMail(app.databaseUrl, maya.email, sentence);
    expect(mail.subject).toBe(sentence);
    const body = text(mail.html);
    expect(body).toContain('Hi Maya Okafor,');
    expect(body).toContain(`${sentence}.`);
    // Each line says who gives what to whom, from Maya's side.
    expect(body).toContain('Liam Brennan offers you their ATL4800');
    expect(body).toContain('You give Liam Brennan your ATL4999 (Dec 16)');
    expect(body).not.toMatch(/Your trip:|Offered in exchange:/);
    expect(body).toContain(`Liam Brennan is #L-`);
    expect(body).toContain('I can take it');
    // The words of the bug: never "pick up ATL4800".
    expect(body).not.toMatch(/pick up ATL4800/);

    await maya.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    const [answer] = await bell(liam);
    expect(answer).toMatchObject({
      title: 'Trade Request Accepted',
      message: 'Maya Okafor accepted your offer to pick up their ATL4999 (Dec 16) for your ATL4800',
    });
  });

  it('a pickup with nothing in exchange ("none") says so', async () => {
    const { maya, liam } = await mayaAndLiam();
    const request = await postRequest(maya, { type: 'drop', date: '2099-12-16', route: 'ATL4999' });
    await sendOffer(liam, request, { requestType: 'pickup', tradeDate: '2099-12-16', offerRoute: 'none' });
    const sentence = 'Liam Brennan wants to pick up your ATL4999 (Dec 16)';
    expect((await bell(maya))[0]?.message).toBe(sentence);
    const mail = await waitForMail(app.databaseUrl, maya.email, sentence);
    expect(text(mail.html)).toContain('Liam Brennan offers nothing in return');
    expect(text(mail.html)).toContain('You give Liam Brennan your ATL4999 (Dec 16)');
  });
});

describe('the other types', () => {
  it('a trade: "Liam Brennan offers their ATL4800 (Dec 18) for your ATL4999 (Dec 16)", in the bell and the mail', async () => {
    const { maya, liam } = await mayaAndLiam();
    const request = await postRequest(maya, { type: 'trade', date: '2099-12-16', route: 'ATL4999', desiredDates: ['2099-12-18'] });
    await sendOffer(liam, request, { requestType: 'trade', tradeDate: '2099-12-18', offerRoute: 'ATL4800' });
    const sentence = 'Liam Brennan offers their ATL4800 (Dec 18) for your ATL4999 (Dec 16)';
    expect((await bell(maya))[0]?.message).toBe(sentence);
    const mail = await waitForMail(app.databaseUrl, maya.email, sentence);
    expect(mail.subject).toBe(sentence);
    expect(text(mail.html)).toContain('Liam Brennan offers you their ATL4800 (Dec 18)');
    expect(text(mail.html)).toContain('You give Liam Brennan your ATL4999 (Dec 16)');
  });

  it('a drop offered on a pickup request: the mail says Liam gives his trip and Maya gives nothing', async () => {
    const { maya, liam } = await mayaAndLiam();
    const request = await postRequest(maya, { type: 'pickup', date: '2099-12-01', route: 'Any 2-4 day' });
    const offer = await sendOffer(liam, request, { requestType: 'drop', tradeDate: '2099-12-01', offerRoute: 'ATL4555' });
    const sentence = 'Liam Brennan wants to give you their ATL4555 (Dec 1)';
    expect((await bell(maya))[0]?.message).toBe(sentence);
    const mail = await waitForMail(app.databaseUrl, maya.email, sentence);
    expect(mail.subject).toBe(sentence);
    const body = text(mail.html);
    expect(body).toContain('Liam Brennan offers you their ATL4555 (Dec 1)');
    expect(body).toContain('You give nothing in return');
    // The words of the bug: her pickup request is no trip of hers, and his trip is no exchange.
    expect(body).not.toContain('Any 2-4 day');
    expect(body).not.toMatch(/Your trip:|Offered in exchange:/);

    await maya.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    expect((await bell(liam))[0]).toMatchObject({
      title: 'Trade Request Accepted',
      message: 'Maya Okafor accepted your offer to give them your ATL4555 (Dec 1)',
    });
  });

  it('a trade answered: Liam reads what he gives and gets', async () => {
    const { maya, liam } = await mayaAndLiam();
    const request = await postRequest(maya, { type: 'trade', date: '2099-12-16', route: 'ATL4999', desiredDates: ['2099-12-18'] });
    const offer = await sendOffer(liam, request, { requestType: 'trade', tradeDate: '2099-12-18', offerRoute: 'ATL4800' });
    await maya.client.put(`/api/trade-requests/${offer.id}`, { status: 'declined' });
    expect((await bell(liam))[0]).toMatchObject({
      title: 'Trade Request Declined',
      message: 'Maya Okafor declined your ATL4800 (Dec 18) for their ATL4999 (Dec 16)',
    });
  });

  it('a drop to a pickup request of a reserve period: he gives his, she gets it', async () => {
    const { maya, liam } = await mayaAndLiam();
    const request = await postRequest(maya, {
      type: 'pickup',
      date: '2099-12-16',
      routeType: 'reserve_period',
      route: undefined,
      reservePeriod: 'R1 0500-1700',
    });
    const offer = await sendOffer(liam, request, { requestType: 'drop', tradeDate: '2099-12-16', offerReservePeriod: 'R2 1200-2359' });
    const sentence = 'Liam Brennan wants to give you their reserve period R2 1200-2359 (Dec 16)';
    expect((await bell(maya))[0]?.message).toBe(sentence);
    const mail = await waitForMail(app.databaseUrl, maya.email, sentence);
    expect(text(mail.html)).toContain('Liam Brennan offers you their reserve period R2 1200-2359 (Dec 16)');
    expect(text(mail.html)).toContain('You give nothing in return');
    await maya.client.put(`/api/trade-requests/${offer.id}`, { status: 'declined' });
    expect((await bell(liam))[0]).toMatchObject({
      title: 'Trade Request Declined',
      message: 'Maya Okafor declined your offer to give them your reserve period R2 1200-2359 (Dec 16)',
    });
  });
});

describe('a message-only offer (Request Trade from a crew profile)', () => {
  it('reads as a message asking to trade in the bell and the mail, which quotes it', async () => {
    const { maya, liam } = await mayaAndLiam();
    const sent = await liam.client.post<OfferItem>('/api/trade-requests', {
      toUserId: maya.user.id,
      message: 'Any trips on the 16th? <b>',
    });
    expect(sent.status).toBe(201);
    const sentence = 'Liam Brennan sent you a message asking to trade';
    expect((await bell(maya))[0]?.message).toBe(sentence);
    const mail = await waitForMail(app.databaseUrl, maya.email, sentence);
    expect(mail.html).toContain('Any trips on the 16th? &lt;b&gt;');
    expect(text(mail.html)).not.toMatch(/pick up|drop/i);
  });

  it('has nothing to accept: Accept is refused and nothing completes; Dismiss ends it and tells the sender', async () => {
    const { maya, liam } = await mayaAndLiam();
    const offer = (await liam.client.post<OfferItem>('/api/trade-requests', { toUserId: maya.user.id, message: 'Trade?' })).body;
    const accept = await maya.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' });
    expect([accept.status, accept.body.message]).toEqual([409, MSG.offerMessageNothingToAccept]);
    expect((await maya.client.get<OfferItem[]>('/api/trade-requests')).body.map((o) => o.id)).toEqual([offer.id]);
    expect((await maya.client.get('/api/dashboard/stats')).body).toMatchObject({
      acceptedTrades: 0,
      declinedTrades: 0,
      completedTrades: 0,
    });

    const dismiss = await maya.client.put<OfferItem>(`/api/trade-requests/${offer.id}`, { status: 'declined' });
    expect([dismiss.status, dismiss.body.status]).toEqual([200, 'declined']);
    expect((await bell(liam))[0]).toMatchObject({ message: 'Maya Okafor dismissed your message asking to trade' });
    // A dismissed message is no declined trade.
    expect((await maya.client.get('/api/dashboard/stats')).body).toMatchObject({
      acceptedTrades: 0,
      declinedTrades: 0,
      completedTrades: 0,
    });
    expect((await readOutbox(app.databaseUrl, liam.email)).map((m) => m.subject)).toEqual([]);
  });
});
