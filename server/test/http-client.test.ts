// The test client holds every 2xx JSON answer to its entry's schema (protocol/schemas/responses.ts),
// so the API tests check the wire without saying so. Here against a stand-in server whose answers
// are chosen per path: a wrong one fails the call that got it, and what has no schema passes as is.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '#protocol/shapes.ts';
import { TestClient } from './http-client.ts';

const stats: DashboardStats = {
  activeRequests: 1,
  pendingMatches: 0,
  pendingTrades: 0,
  completedTrades: 0,
  acceptedTrades: 0,
  declinedTrades: 0,
  unacknowledgedNotifications: 0,
  unreadMessages: 2,
};

/** Path (query included) → status and JSON body. */
const answers: Record<string, [number, unknown]> = {
  '/api/dashboard/stats': [200, stats],
  '/api/dashboard/stats?wrong=type': [200, { ...stats, unreadMessages: '2' }],
  '/api/dashboard/stats?wrong=extra': [200, { ...stats, unreadTrades: 0 }],
  '/api/requests/7': [200, { message: 'Request deleted' }],
  '/api/requests/8': [200, { message: 'Request deleted', id: 8 }],
  '/api/all-trades': [200, [{ id: 1 }]],
  '/api/all-trades?error': [400, { message: 'Choose a valid date.' }],
  '/api/crew-members': [200, [{ anything: true }]],
};

let server: http.Server;
let client: TestClient;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const [status, body] = answers[req.url ?? ''] ?? [404, { message: 'Not found' }];
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("the test client's check of every answer against the contract", () => {
  it('passes an answer of the right shape', async () => {
    expect((await client.get('/api/dashboard/stats')).body).toEqual(stats);
    expect((await client.delete('/api/requests/7')).status).toBe(200);
  });

  it('fails the call that got a field of the wrong type, a field the shape does not name, or a list of wrong items', async () => {
    await expect(client.get('/api/dashboard/stats?wrong=type')).rejects.toThrow(
      /GET \/api\/dashboard\/stats\?wrong=type answered 200 .*unreadMessages/s,
    );
    await expect(client.get('/api/dashboard/stats?wrong=extra')).rejects.toThrow(/unreadTrades/);
    await expect(client.delete('/api/requests/8')).rejects.toThrow(/DELETE \/api\/requests\/:id's answer/);
    await expect(client.get('/api/all-trades')).rejects.toThrow(/GET \/api\/all-trades's answer/);
  });

  it('leaves errors, other methods and entries without a schema alone', async () => {
    expect((await client.get('/api/all-trades?error')).status).toBe(400);
    expect((await client.get('/api/crew-members')).status).toBe(200);
    // The answer DELETE /api/requests/:id may not give, to a GET, which is no entry of the contract.
    expect((await client.get('/api/requests/8')).body).toEqual({ message: 'Request deleted', id: 8 });
  });
});
