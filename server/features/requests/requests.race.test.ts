import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays, requestBody } from './requests.fixtures.ts';

let app: TestApp;
let poster: SignedInUser;
let deleter: SignedInUser;
beforeAll(async () => {
  app = await startTestApp();
  // Same group (the factory's defaults): a pickup of one matches a drop of the other on a shared date.
  [poster, deleter] = [await makeUser(app), await makeUser(app)];
});
afterAll(async () => {
  await app?.close();
});

const TRIES = 30;

/** Every match row of a request (none may outlive a deleted partner; the foreign key would refuse it anyway). */
const matchesOf = (requestId: number) =>
  sql(app.databaseUrl, 'select id from matches where request_id = $1 or matched_request_id = $1', [requestId]);

describe('a write that races the deletion of its match partner', () => {
  it('a create that would match a request being deleted never fails and leaves no match behind', async () => {
    const problems: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      // A date of its own per try: earlier tries' requests never take part.
      const date = inDays(10 + i);
      const partner = await deleter.client.post('/api/requests', requestBody({ type: 'drop', date }));
      expect(partner.status).toBe(201);
      const [created, deleted] = await Promise.all([
        poster.client.post('/api/requests', requestBody({ type: 'pickup', date })),
        deleter.client.delete(`/api/requests/${partner.body.id}`),
      ]);
      if (created.status !== 201 || deleted.status !== 200) problems.push(`try ${i}: create ${created.status}, delete ${deleted.status}`);
      else if ((await matchesOf(created.body.id)).length) problems.push(`try ${i}: a match outlived the deleted request`);
    }
    expect(problems).toEqual([]);
    // Every created request is there, with no match (its only partner is gone).
    const mine = (await poster.client.get('/api/requests')).body as { id: number }[];
    expect(mine).toHaveLength(TRIES);
  });

  it('an edit that would match a request being deleted never fails and leaves no match behind', async () => {
    const problems: string[] = [];
    for (let i = 0; i < TRIES / 2; i++) {
      const date = inDays(60 + i);
      const own = await poster.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(200 + i) }));
      const partner = await deleter.client.post('/api/requests', requestBody({ type: 'drop', date }));
      const [edited, deleted] = await Promise.all([
        poster.client.put(`/api/requests/${own.body.id}`, requestBody({ type: 'pickup', date })),
        deleter.client.delete(`/api/requests/${partner.body.id}`),
      ]);
      if (edited.status !== 200 || deleted.status !== 200) problems.push(`try ${i}: edit ${edited.status}, delete ${deleted.status}`);
      else if ((await matchesOf(own.body.id)).length) problems.push(`try ${i}: a match outlived the deleted request`);
    }
    expect(problems).toEqual([]);
  });
});
