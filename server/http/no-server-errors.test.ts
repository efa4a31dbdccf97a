import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type SignedInUser } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let app: TestApp;
let crew: SignedInUser;
beforeAll(async () => {
  app = await startTestApp();
  crew = await makeUser(app);
});
afterAll(async () => {
  await app?.close();
});

const ENDPOINTS: [string, string][] = [
  ['POST', '/api/register'],
  ['POST', '/api/login'],
  ['POST', '/api/forgot-password'],
  ['POST', '/api/reset-password'],
  ['PUT', '/api/profile'],
  ['GET', '/api/profile/{id}'],
  ['GET', '/api/requests'],
  ['POST', '/api/requests'],
  ['PUT', '/api/requests/{id}'],
  ['DELETE', '/api/requests/{id}'],
  ['GET', '/api/all-trades'],
  ['GET', '/api/matches'],
  ['PUT', '/api/matches/{id}/status'],
  ['DELETE', '/api/matches/{id}'],
  ['GET', '/api/notifications'],
  ['POST', '/api/notifications/acknowledge'],
  ['GET', '/api/dashboard/stats'],
  ['GET', '/uploads/{id}'],
];

const IDS = ['1', '0', '-1', 'abc', '99999999999999999999', '1.5', '%00', '..%2F..%2Fetc%2Fpasswd'];
const long = 'x'.repeat(100_000);
const BODIES: unknown[] = [
  undefined,
  null,
  [],
  'text',
  42,
  {},
  { email: 123, password: ['a'], firstName: { a: 1 } },
  { type: 'drop', date: '9999-99-99', routeType: 'pairing', route: long },
  { type: 'trade', date: '2030-01-01', routeType: 'pairing', route: 'X', desiredDates: 'not json', additionalDates: [1, null, {}] },
  { tripDays: 'NaN', date: null, status: 'approved', matchId: 'x' },
  { status: ['trade_requested'], matchId: -5, token: long, newPassword: long },
  { airline: 'Delta', position: 'captain', aircraftType: '737', employeeNumber: long, base: long, firstName: long, lastName: 'x' },
];

describe('bad input never causes a server error', () => {
  it.each(ENDPOINTS)('%s %s answers every malformed request with less than 500', async (method, template) => {
    const problems: string[] = [];
    for (const client of [app.client(), crew.client]) {
      for (const id of IDS) {
        const path = template.replace('{id}', id);
        for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : BODIES) {
          const res = await client.request(method, path, body === undefined ? undefined : JSON.stringify(body), {
            'content-type': 'application/json',
          });
          if (res.status >= 500)
            problems.push(`${method} ${path} ${JSON.stringify(body)?.slice(0, 80)} → ${res.status} ${res.text.slice(0, 120)}`);
        }
        if (!template.includes('{id}')) break;
      }
    }
    expect(problems).toEqual([]);
  });

  it('a malformed multipart body is refused with a 4xx and stores nothing', async () => {
    const res = await crew.client.request('POST', '/api/requests', '--broken\r\nContent-Disposition: form-data; name="type"\r\n\r\ndrop', {
      'content-type': 'multipart/form-data; boundary=broken',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await crew.client.get('/api/requests')).body).toEqual([]);
  });
});
