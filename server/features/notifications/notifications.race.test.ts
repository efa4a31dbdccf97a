import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays, requestBody } from '../requests/requests.fixtures.ts';

let app: TestApp;
let acknowledger: SignedInUser;
let deleter: SignedInUser;
beforeAll(async () => {
  app = await startTestApp();
  [acknowledger, deleter] = [await makeUser(app), await makeUser(app)];
});
afterAll(async () => {
  await app?.close();
});

describe('acknowledging a match that is being deleted', () => {
  it('answers 200 or 404, never 500, and leaves no acknowledgement behind', async () => {
    const problems: string[] = [];
    for (let i = 0; i < 30; i++) {
      const date = inDays(10 + i);
      const mine = await acknowledger.client.post('/api/requests', requestBody({ type: 'pickup', date }));
      const theirs = await deleter.client.post('/api/requests', requestBody({ type: 'drop', date }));
      expect([mine.status, theirs.status]).toEqual([201, 201]);
      const [notice] = (await acknowledger.client.get('/api/notifications')).body as { matchId: number }[];
      if (!notice) throw new Error(`try ${i}: no match notification`);
      const [ack, deleted] = await Promise.all([
        acknowledger.client.post('/api/notifications/acknowledge', { matchId: notice.matchId }),
        deleter.client.delete(`/api/requests/${theirs.body.id}`),
      ]);
      if (deleted.status !== 200 || ![200, 404].includes(ack.status))
        problems.push(`try ${i}: ack ${ack.status}, delete ${deleted.status}`);
    }
    expect(problems).toEqual([]);
    expect((await acknowledger.client.get('/api/notifications')).body).toEqual([]);
  });
});
