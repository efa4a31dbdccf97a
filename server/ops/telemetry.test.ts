import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { makeUser } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The app's log lines, as JSON objects. */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let app: TestApp;
let bare: TestApp;
beforeAll(async () => {
  [app, bare] = await Promise.all([
    startTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: '127.0.0.1' }, undefined, { log: createLogger('info', sink) }),
    startTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), bare?.close()]);
});

const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);
/** The access line is written when the response has ended: moments after the client has it. */
async function accessLine(reqId: string) {
  for (let i = 0; i < 100; i++) {
    const line = linesOf(reqId).find((l) => l.msg === 'request');
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no access line for ${reqId}`);
}

describe('/metrics', () => {
  it('is refused without the token, and does not exist when no token is configured', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-wrong-token-wrong' } })).status).toBe(401);
    expect((await fetch(`${bare.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('serves the named series with the token', async () => {
    const { client } = await makeUser(app);
    expect((await client.get('/api/requests')).status).toBe(200);
    const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    for (const series of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      '# TYPE nodejs_gc_duration_seconds histogram',
      'crewtrade_connected_sockets 0',
      'crewtrade_outbox_pending 0',
      'crewtrade_outbox_oldest_age_seconds 0',
      'crewtrade_db_pool_in_use',
      'crewtrade_db_pool_waiting 0',
    ]) {
      expect(text).toContain(series);
    }
    // By route pattern, never by path.
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/requests",status="200"\} 1\b/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/register",status="201"\} \d+/);
  });
});

describe('request ids and the access log', () => {
  it('every response carries X-Request-Id, and the access line carries it with route, status, duration and user', async () => {
    const { client, user } = await makeUser(app);
    const res = await client.get('/api/requests');
    const reqId = res.headers.get('x-request-id')!;
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await accessLine(reqId);
    expect(line).toMatchObject({ method: 'GET', route: '/api/requests', status: 200, userId: user.id });
    expect(line.durationMs).toEqual(expect.any(Number));
    // Never the cookie, the session token or headers at all.
    const text = JSON.stringify(linesOf(reqId));
    expect(text).not.toMatch(/cookie|crewtrade\.sid/i);
    expect(text).not.toContain(client.cookieHeader.split('=')[1]!);
  });

  it('a valid incoming id from a trusted proxy is kept; an invalid one is replaced', async () => {
    const kept = await fetch(`${app.url}/api/auth/user`, { headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' } });
    expect(kept.headers.get('x-request-id')).toBe('0123456789abcdef0123456789abcdef');
    expect(await accessLine('0123456789abcdef0123456789abcdef')).toMatchObject({ status: 401, route: '/api/auth/user' });
    const replaced = await fetch(`${app.url}/api/auth/user`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Not a trusted proxy: its id is not taken.
    const untrusted = await fetch(`${bare.url}/api/auth/user`, { headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' } });
    expect(untrusted.headers.get('x-request-id')).not.toBe('0123456789abcdef0123456789abcdef');
  });

  it('error answers carry it too, and so does every line logged while the request was served', async () => {
    const { client } = await makeUser(app);
    // A 400 from the body parser, and a 404 under /api.
    for (const res of [await client.post('/api/requests', '{not json'), await client.get('/api/no-such-route')]) {
      const reqId = res.headers.get('x-request-id')!;
      expect(reqId).toBeTruthy();
      expect(await accessLine(reqId)).toMatchObject({ status: res.status });
    }
    // A line a service logs on the request's behalf (the mailer, as a sign-up sends its mail).
    const signUp = await app
      .client()
      .request(
        'POST',
        '/api/register',
        { firstName: 'Log', lastName: 'Line', email: 'log.line@example.com', password: 'Tarmac-Crew-88' },
        { 'x-request-id': 'trace-0000-1111-2222' },
      );
    expect(signUp.status).toBe(201);
    expect(signUp.headers.get('x-request-id')).toBe('trace-0000-1111-2222');
    await accessLine('trace-0000-1111-2222');
    for (let i = 0; i < 100 && !linesOf('trace-0000-1111-2222').some((l) => l.msg !== 'request'); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(linesOf('trace-0000-1111-2222').map((l) => l.msg)).toContain('mail stored in the local outbox');
  });
});
