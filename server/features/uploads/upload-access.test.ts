// Who may read an upload (docs/decisions/0024): each kind of image to those who
// may see what it belongs to, admins to all, a 404 to everyone else; thumbnails the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl, thumbnailUrl } from '#protocol/uploads.ts';
import { inDays, requestBody, requestForm } from '../requests/requests.fixtures.ts';
import { TINY_PNG } from '../../test/uploads.ts';
import { freshGroup } from '../offers/offers.fixtures.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
let owner: SignedInUser;
/** Same group as the owner (airline, base, position, aircraft type). */
let peer: SignedInUser;
/** Same group, but no party to the owner's offer or direct message. */
let bystander: SignedInUser;
/** Same base chat room (airline, base, position) but another aircraft type: another group. */
let roommate: SignedInUser;
/** Another base. */
let outsider: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_OVERRIDES: 'register=100000,messages=100000' });
  const group = freshGroup();
  owner = await makeUser(app, group);
  peer = await makeUser(app, group);
  bystander = await makeUser(app, group);
  roommate = await makeUser(app, { ...group, aircraftType: 'A320' });
  outsider = await makeUser(app, freshGroup());
  admin = await makeAdmin(app, freshGroup());
});
afterAll(async () => {
  await app?.close();
});

const png = (field: string) => [{ name: 'shot.png', type: 'image/png', bytes: TINY_PNG, field }];

async function status(who: SignedInUser, url: string): Promise<number> {
  return (await who.client.get(url)).status;
}

/** Both URLs of the image answer `expected` to `who`. */
async function expectReads(filename: string, readers: SignedInUser[], others: SignedInUser[]) {
  for (const url of [imageUrl(filename), thumbnailUrl(filename)]) {
    for (const who of [...readers, admin]) expect(`${url} ${await status(who, url)}`).toBe(`${url} 200`);
    for (const who of others) expect(`${url} ${await status(who, url)}`).toBe(`${url} 404`);
  }
}

describe('GET /uploads/{filename} and /uploads/thumbs/{filename}', () => {
  it('a trip image: the group the request is on the board of', async () => {
    const res = await owner.client.post('/api/requests', requestForm(requestBody(), png('tripImages')));
    expect(res.status).toBe(201);
    await expectReads(res.body.tripImages[0].filename, [owner, peer, bystander], [roommate, outsider]);
  });

  it("a schedule image: its owner's group", async () => {
    const res = await owner.client.post('/api/schedule-images', requestForm({}, png('schedule')));
    expect(res.status).toBe(201);
    await expectReads(res.body.filename, [owner, peer, bystander], [roommate, outsider]);
  });

  it("a base chat photo: the room's members (both aircraft types of the base and position)", async () => {
    const res = await owner.client.post('/api/base-chat', requestForm({ content: 'ramp', chatType: 'reserve' }, png('photos')));
    expect(res.status).toBe(201);
    await expectReads(res.body.attachments[0].filename, [owner, peer, roommate], [outsider]);
  });

  it('a direct message image: the two people in the conversation', async () => {
    const res = await owner.client.post('/api/messages', requestForm({ toUserId: peer.user.id, content: 'see' }, png('attachments')));
    expect(res.status).toBe(201);
    await expectReads(res.body.attachments[0].filename, [owner, peer], [bystander, roommate, outsider]);
  });

  it("an offer's image: its two parties", async () => {
    const target = (await peer.client.post('/api/requests', requestBody({ date: inDays(21) }))).body;
    const res = await owner.client.post(
      '/api/trade-requests',
      requestForm(
        { toUserId: peer.user.id, requestId: target.id, tradeDate: target.date, offerRoute: 'O777', requestType: 'pickup' },
        png('tradeRequestImages'),
      ),
    );
    expect(res.status).toBe(201);
    await expectReads(res.body.tradeRequestImages[0].filename, [owner, peer], [bystander, roommate, outsider]);
  });

  it('a removed image is gone for everyone, admins included', async () => {
    const res = await owner.client.post('/api/requests', requestForm(requestBody(), png('tripImages')));
    const { filename } = res.body.tripImages[0];
    expect((await owner.client.delete(`/api/requests/${res.body.id}`)).status).toBe(200);
    expect(await status(owner, imageUrl(filename))).toBe(404);
    expect(await status(admin, imageUrl(filename))).toBe(404);
  });
});
