// Migration20261126170016 on data stored before it (docs/decisions/0019): offers left pending on a deleted
// request are declined, and of several pending message-only offers between one pair the first stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshGroup, postRequest, sendOffer } from '../features/offers/offers.fixtures.ts';
import { makeUser } from '../test/factories.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const MIGRATION = 'Migration20261126170016';

describe(MIGRATION, () => {
  it('declines what the new rules would have refused, then holds one pending message-only offer per pair', async () => {
    const group = freshGroup();
    const owner = await makeUser(app, group);
    const sender = await makeUser(app, group);
    const onRequest = await sendOffer(sender, await postRequest(owner));
    const { migrator } = app.server.deps.orm;
    await migrator.down({ migrations: [MIGRATION] });
    // As the old code left them: an offer whose request was deleted, and three message-only offers to one colleague.
    await sql(app.databaseUrl, 'update trade_requests set request_id = null where id = $1', [onRequest.id]);
    const messages: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await sender.client.post('/api/trade-requests', { toUserId: owner.user.id, message: `m${i}` });
      expect(res.status).toBe(201);
      messages.push(res.body.id as number);
    }
    await migrator.up({ migrations: [MIGRATION] });
    const rows = await sql(app.databaseUrl, 'select id, status from trade_requests where from_user_id = $1 order by id', [sender.user.id]);
    expect(rows).toEqual([
      { id: onRequest.id, status: 'declined' },
      { id: messages[0], status: 'pending' },
      { id: messages[1], status: 'declined' },
      { id: messages[2], status: 'declined' },
    ]);
    const again = await sender.client.post('/api/trade-requests', { toUserId: owner.user.id, message: 'again' });
    expect(again.status).toBe(409);
  });
});
