import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileBody } from '#protocol/schemas/profile.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays, requestBody } from '../requests/requests.fixtures.ts';

let app: TestApp;
let mover: SignedInUser;
/** One crew member in each of the two groups the mover goes back and forth between. */
const posters: Record<'ATL' | 'JFK', SignedInUser> = {} as never;
beforeAll(async () => {
  app = await startTestApp();
  mover = await makeUser(app, { base: 'ATL' });
  posters.ATL = await makeUser(app, { base: 'ATL' });
  posters.JFK = await makeUser(app, { base: 'JFK' });
});
afterAll(async () => {
  await app?.close();
});

const TRIES = 20;

const profileAt = (base: 'ATL' | 'JFK', employeeNumber = mover.user.employeeNumber!): ProfileBody => ({
  firstName: 'Alex',
  lastName: 'Crew',
  airline: mover.user.airline!,
  position: mover.user.position!,
  employeeNumber,
  base,
  aircraftType: mover.user.aircraftType!,
});

const matchesBetween = (a: number, b: number) =>
  sql(app.databaseUrl, 'select id from matches where request_id = $1 and matched_request_id = $2', [Math.min(a, b), Math.max(a, b)]);

describe('a profile change that moves requests to another group, racing a create there', () => {
  it('never fails, and the moved request and the new one match exactly once, whichever commits first', async () => {
    const problems: string[] = [];
    let from: 'ATL' | 'JFK' = 'ATL';
    for (let i = 0; i < TRIES; i++) {
      const to: 'ATL' | 'JFK' = from === 'ATL' ? 'JFK' : 'ATL';
      // A date of its own per try: earlier tries' requests (which move along) never take part.
      const date = inDays(20 + i);
      const own = await mover.client.post('/api/requests', requestBody({ type: 'drop', date }));
      expect(own.status).toBe(201);
      const [moved, created] = await Promise.all([
        mover.client.put('/api/profile', profileAt(to)),
        posters[to].client.post('/api/requests', requestBody({ type: 'pickup', date })),
      ]);
      if (moved.status !== 200 || created.status !== 201) problems.push(`try ${i}: profile ${moved.status}, create ${created.status}`);
      else {
        const found = (await matchesBetween(own.body.id, created.body.id)).length;
        if (found !== 1) problems.push(`try ${i}: ${found} matches between the moved request and the new one`);
      }
      from = to;
    }
    expect(problems).toEqual([]);
    // The mover's requests all followed them: each is on the board of the group they are in now.
    const board = (await posters[from].client.get('/api/all-trades')).body as { user: { id: number } }[];
    expect(board.filter((r) => r.user.id === mover.user.id)).toHaveLength(TRIES);
  });

  it('never fails when a create in the group being left matches a leaving request while the employee number changes too', async () => {
    // Matching in the old group refers to the mover's users row (its activity log); a new employee
    // number locks that row hard. Taken in the wrong order, the two transactions wait for each other.
    const problems: string[] = [];
    let from: 'ATL' | 'JFK' = (await mover.client.get('/api/auth/user')).body.base;
    for (let i = 0; i < TRIES; i++) {
      const to: 'ATL' | 'JFK' = from === 'ATL' ? 'JFK' : 'ATL';
      const date = inDays(60 + i);
      const own = await mover.client.post('/api/requests', requestBody({ type: 'drop', date }));
      expect(own.status).toBe(201);
      const [moved, created] = await Promise.all([
        mover.client.put('/api/profile', profileAt(to, `M${Date.now().toString(36)}${i}`)),
        posters[from].client.post('/api/requests', requestBody({ type: 'pickup', date })),
      ]);
      if (moved.status !== 200 || created.status !== 201) problems.push(`try ${i}: profile ${moved.status}, create ${created.status}`);
      from = to;
    }
    expect(problems).toEqual([]);
  });
});
