// routeByPrefix answers every request as the routers mounted one after another did: the same
// handler, the same 405 with its Allow header, the same 404, case-insensitive as @koa/router is.
import Router from '@koa/router';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from './context.ts';
import { routeByPrefix } from './route-prefixes.ts';

function routers(): Router<AppState>[] {
  const a = new Router<AppState>();
  a.get('/api/auth/user', (ctx) => void (ctx.body = 'a:user'));
  a.post('/api/login', (ctx) => void (ctx.body = 'a:login'));
  a.get('/signup/', (ctx) => void (ctx.body = 'a:signup'));
  const b = new Router<AppState>();
  b.get('/api/requests/mine', (ctx) => void (ctx.body = 'b:mine'));
  b.put('/api/requests/:id', (ctx) => void (ctx.body = `b:put ${ctx.params.id}`));
  b.get('/uploads/thumbs/:name', (ctx) => void (ctx.body = `b:thumb ${ctx.params.name}`));
  const c = new Router<AppState>();
  c.get('/api/requests/:id', (ctx) => void (ctx.body = `c:get ${ctx.params.id}`));
  c.get('/uploads/:filename', (ctx) => void (ctx.body = `c:file ${ctx.params.filename}`));
  c.delete('/api/login', (ctx) => void (ctx.body = 'c:logout'));
  return [a, b, c];
}

async function serve(mount: (app: Koa<AppState>) => void) {
  const app = new Koa<AppState>();
  mount(app);
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

let inTurn: Awaited<ReturnType<typeof serve>>;
let byPrefix: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  inTurn = await serve((app) => {
    for (const r of routers()) {
      app.use(r.routes());
      app.use(r.allowedMethods());
    }
  });
  byPrefix = await serve((app) => void app.use(routeByPrefix(routers())));
});
afterAll(() => {
  inTurn.close();
  byPrefix.close();
});

const answer = async (base: string, method: string, path: string) => {
  const res = await fetch(`${base}${path}`, { method });
  return { status: res.status, allow: res.headers.get('allow'), body: await res.text() };
};

describe('routeByPrefix', () => {
  it.each([
    ['GET', '/api/auth/user'],
    ['GET', '/API/Auth/User'],
    ['POST', '/api/login'],
    ['DELETE', '/api/login'],
    ['PATCH', '/api/login'],
    ['GET', '/api/login'],
    ['GET', '/signup'],
    ['GET', '/signup/'],
    ['GET', '/api/requests/mine'],
    ['GET', '/api/requests/12'],
    ['PUT', '/api/requests/12'],
    ['DELETE', '/api/requests/12'],
    ['GET', '/uploads/thumbs/x.jpg'],
    ['GET', '/uploads/photo.jpg'],
    ['GET', '/uploads/thumbs'],
    ['GET', '/api/nothing'],
    ['GET', '/api'],
    ['GET', '/'],
    ['OPTIONS', '/api/requests/12'],
  ])('%s %s as the routers in turn', async (method, path) => {
    const expected = await answer(inTurn.url, method, path);
    expect(await answer(byPrefix.url, method, path)).toEqual(expected);
  });

  it('gives a handler the answers of the router that matched first', async () => {
    expect((await answer(byPrefix.url, 'GET', '/api/requests/mine')).body).toBe('b:mine');
    expect((await answer(byPrefix.url, 'GET', '/uploads/thumbs/x.jpg')).body).toBe('b:thumb x.jpg');
    expect((await answer(byPrefix.url, 'DELETE', '/api/login')).body).toBe('c:logout');
  });
});
