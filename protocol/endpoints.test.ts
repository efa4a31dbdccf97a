// The endpoint map against the running server: every route the web is typed to call is one the
// server answers (signed out: 401 where a user is needed, 400 for the empty body of a sign-in form,
// 200 for a sign-out, which has nothing to end), never "no such route".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../server/test/test-app.ts';
import { ENDPOINT_ROUTES } from './endpoints.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Method and path of each route, its ":name" segments filled with an id. */
const routes = Object.keys(ENDPOINT_ROUTES).map((key) => {
  const [method = '', route = ''] = key.split(' ');
  return [method, route.replace(/:\w+/g, '1')] as const;
});

const answer = (method: string, path: string) =>
  app
    .client()
    .request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {})
    .then((res) => res.status);

describe('the endpoint map', () => {
  it('a route the server does not have is told apart (404)', async () => {
    expect(await answer('POST', '/api/request')).toBe(404);
    expect(await answer('GET', '/api/sent-trade-request')).toBe(404);
  });

  it.each(routes)('%s %s is served', async (method, path) => {
    expect(method === 'POST' && path === '/api/logout' ? [200] : [400, 401]).toContain(await answer(method, path));
  });
});
