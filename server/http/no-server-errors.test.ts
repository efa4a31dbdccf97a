import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { featureRoutes } from '../features/routes.ts';
import { inDays, requestBody } from '../features/requests/requests.fixtures.ts';
import { makeUser, PASSWORD, type SignedInUser } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let app: TestApp;
let crew: SignedInUser;
/** Crew of crew's group, with a request on the board: what an offer or a message names. */
let mate: SignedInUser;
let mateRequestId: number;
beforeAll(async () => {
  app = await startTestApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1:9' });
  crew = await makeUser(app);
  mate = await makeUser(app);
  mateRequestId = (await mate.client.post('/api/requests', requestBody({ date: inDays(9) }))).body.id;
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
  ['GET', '/api/chains'],
  ['POST', '/api/chains/{id}/accept'],
  ['POST', '/api/chains/{id}/decline'],
  ['GET', '/api/dashboard/stats'],
  ['GET', '/uploads/{id}'],
];

const IDS = [
  '1',
  '0',
  '-1',
  'abc',
  '2147483647',
  '2147483648',
  '4294967296',
  '99999999999999999999',
  '1.5',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
];
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

/** Every route the app serves, as METHOD and path template (the routers app.ts mounts). */
function allRoutes(): string[] {
  const routers = featureRoutes(app.server.deps);
  return routers.flatMap((r) =>
    r.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${String(layer.path).replace(/:\w+/g, '{id}')}`)),
  );
}

/** A body each route accepts, so that the one field made bad is the only thing wrong with it. */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/register': () => ({
    firstName: 'Alex',
    lastName: 'Crew',
    email: `v${Date.now()}${Math.random()}@example.com`,
    password: PASSWORD,
  }),
  'POST /api/login': () => ({ email: crew.email, password: PASSWORD }),
  'POST /api/forgot-password': () => ({ email: crew.email }),
  'POST /api/reset-password': () => ({ token: 'a'.repeat(64), newPassword: PASSWORD }),
  'PUT /api/profile': () => ({
    firstName: 'Alex',
    lastName: 'Crew',
    airline: 'Delta',
    position: 'captain',
    employeeNumber: crew.user.employeeNumber,
    base: 'ATL',
    aircraftType: '737',
  }),
  'POST /api/requests': () => requestBody({ notes: 'n', additionalDates: [inDays(6)], desiredDates: [inDays(7)] }),
  'PUT /api/requests/{id}': () => requestBody({ notes: 'n', additionalDates: [inDays(6)], desiredDates: [inDays(7)] }),
  'PUT /api/matches/{id}/status': () => ({ status: 'trade_requested' }),
  'POST /api/notifications/acknowledge': () => ({ matchId: 1 }),
  'POST /api/trade-requests': () => ({
    toUserId: mate.user.id,
    requestId: mateRequestId,
    tradeDate: inDays(9),
    offerRoute: 'P-OFFER',
    requestType: 'pickup',
    message: 'I can take it',
  }),
  'POST /api/messages': () => ({ toUserId: mate.user.id, content: 'Hello' }),
  'POST /api/support-requests': () => ({ category: 'bug', subject: 'Subject', message: 'A message long enough', priority: 'high' }),
  'POST /api/push/subscriptions': () => ({ endpoint: PUSH_ENDPOINT, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }),
  'POST /api/push/subscriptions/remove': () => ({ endpoint: PUSH_ENDPOINT }),
};
/** A push service that refuses at once (the app allows only it): nothing leaves the machine. */
const PUSH_ENDPOINT = 'https://127.0.0.1:9/push/abc';
/** Routes that read no body: a field there is ignored, so only the NUL checks apply. */
const BODYLESS = new Set([
  // Never reached with the crew's session here: the NUL checks are refused before any route runs.
  'POST /api/logout',
  'POST /api/calendar-feed',
  'POST /api/push/test',
  'POST /api/chains/{id}/accept',
  'POST /api/chains/{id}/decline',
]);

/** Fields any route might read, for routes without a known body. */
const COMMON_FIELDS = ['email', 'password', 'token', 'newPassword', 'firstName', 'lastName', 'status', 'matchId'];

const NUL = 'a\u0000b';
/** An address past the 255 characters of users.email that still looks like one. */
const LONG_EMAIL = `a@${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.com`;
/** Past every text column (the widest is 500) and every limit on free text (messages: 5000). */
const LONG_TEXT = 'x'.repeat(5001);
/** Ids and counts past what the database holds or the rules allow, and numbers that are not numbers. */
const EDGE_NUMBERS: [string, unknown][] = [
  ['smallest safe integer', Number.MIN_SAFE_INTEGER],
  ['largest safe integer', Number.MAX_SAFE_INTEGER],
  ['-2^31 - 1', -(2 ** 31) - 1],
  ['2^31', 2 ** 31],
  ['2^31 as text', '2147483648'],
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['1e309', '1e309'],
  ['true', true],
];
/** Real calendar days outside 2000-01-01..2100-12-31 (protocol/limits.ts DATE_MIN, DATE_MAX). */
const EDGE_DATES = ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31'];
const DATE_FIELDS = new Set(['date', 'tradeDate', 'additionalDates', 'desiredDates']);
const badValues = (field: string, valid: unknown): [string, unknown][] => {
  if (typeof valid === 'number') return [['NUL', NUL], ...EDGE_NUMBERS];
  if (Array.isArray(valid))
    return [
      ['NUL', [NUL]],
      ['overlong', [LONG_TEXT]],
      ...(DATE_FIELDS.has(field) ? EDGE_DATES.map((d): [string, unknown] => [`year ${d.slice(0, 4)}`, [d]]) : []),
    ];
  if (field.toLowerCase().includes('email'))
    return [
      ['NUL', `a${NUL}@example.com`],
      ['overlong', LONG_EMAIL],
    ];
  if (DATE_FIELDS.has(field))
    return [
      ['NUL', `${String(valid)}\u0000`],
      ['overlong', LONG_TEXT],
      ...EDGE_DATES.map((d): [string, unknown] => [`year ${d.slice(0, 4)}`, d]),
    ];
  return [
    ['NUL', NUL],
    ['overlong', LONG_TEXT],
  ];
};

describe('a NUL byte, an overlong value, an edge number or an out-of-range date in any field', () => {
  it('the route list is known', () => {
    const routes = allRoutes();
    expect(routes).toContain('POST /api/requests');
    for (const route of Object.keys(VALID_BODIES)) expect(routes).toContain(route);
  });

  it('every route answers each bad field with a 4xx, signed in and out; a NUL is always the same 400', async () => {
    // The tests above delete request 1 among their ids: this one is made here.
    const ownRequestId = (await crew.client.post('/api/requests', requestBody())).body.id as number;
    const problems: string[] = [];
    const record = (what: string, res: { status: number; body: { message?: string } }, nul: boolean) => {
      if (res.status < 400 || res.status >= 500) problems.push(`${what} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 100)}`);
      else if (nul && (res.status !== 400 || res.body?.message !== MSG.controlCharacters))
        problems.push(`${what} → ${res.status} ${res.body?.message} (expected the control-character 400)`);
    };
    for (const route of allRoutes()) {
      const [method, template] = route.split(' ') as [string, string];
      const path = template.replace('{id}', template.startsWith('/api/requests/') ? String(ownRequestId) : '1');
      for (const [who, client] of [
        ['signed out', app.client()],
        ['signed in', crew.client],
      ] as const) {
        // Query strings reach every route; a NUL there is refused before any of them runs.
        record(`${who} ${method} ${path}?q=NUL`, await client.request(method, `${path}?q=a%00b`), true);
        if (method === 'GET' || method === 'DELETE') continue;
        const valid = VALID_BODIES[route]?.() ?? Object.fromEntries(COMMON_FIELDS.map((f) => [f, 'x']));
        const fields = BODYLESS.has(route)
          ? []
          : Object.entries(valid).filter(([, v]) => typeof v === 'string' || typeof v === 'number' || Array.isArray(v));
        for (const [field, value] of fields) {
          for (const [kind, bad] of badValues(field, value)) {
            const res = await client.request(method, path, JSON.stringify({ ...valid, [field]: bad }), {
              'content-type': 'application/json',
            });
            record(`${who} ${method} ${path} ${field}=${kind}`, res, kind === 'NUL');
          }
        }
        // A NUL in a key is refused too (nothing reads it, nothing stores it).
        record(`${who} ${method} ${path} key=NUL`, await client.request(method, path, JSON.stringify({ ...valid, [NUL]: 1 })), true);
      }
    }
    expect(problems).toEqual([]);
    // Nothing bad was stored on the way: the one request is as it was.
    const own = (await crew.client.get('/api/requests')).body as { id: number; notes: string | null }[];
    expect(own.map((r) => [r.id, r.notes])).toEqual([[ownRequestId, null]]);
  });
});
