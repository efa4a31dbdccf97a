// Property-based: random and hostile JSON bodies (fast-check) to every JSON write route, signed in
// as crew or as an admin: never a 500, and a refused request (4xx) leaves every table as it was.
// Values mix random data with the classics: SQL injection, script tags, NUL bytes, template
// placeholders, path traversal, impossible dates, huge and nested values.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshGroup } from '../features/offers/offers.fixtures.ts';
import { inDays, requestBody } from '../features/requests/requests.fixtures.ts';
import { makeAdmin, makeUser, PASSWORD, type SignedInUser } from '../test/factories.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let app: TestApp;
let crew: SignedInUser;
let admin: SignedInUser;
let ownRequestId: number;
let supportId: number;

beforeAll(async () => {
  app = await startTestApp({
    RATE_LIMIT_OVERRIDES:
      'register=100000,forgotPassword=100000,support=100000,login=100000,loginAddress=100000,loginAccount=100000,messages=100000',
  });
  crew = await makeUser(app, freshGroup());
  admin = await makeAdmin(app, freshGroup());
  ownRequestId = (await crew.client.post('/api/requests', requestBody({ date: inDays(30) }))).body.id;
  supportId = (await crew.client.post('/api/support-requests', { category: 'bug', subject: 'S', message: 'A message long enough' })).body
    .id;
});
afterAll(async () => {
  await app?.close();
});

/** Tables a refused request may still touch: a signed-in call slides its session; mail goes out after commits of earlier calls. */
const VOLATILE = new Set(['sessions', 'mail_outbox', 'mikro_orm_migrations']);

/** One query: every stable table's row count and content hash. */
async function fingerprint(): Promise<string> {
  const tables = (await sql(app.databaseUrl, "select tablename from pg_tables where schemaname = 'public' order by tablename"))
    .map((r) => r.tablename as string)
    .filter((t) => !VOLATILE.has(t));
  const query = tables
    .map(
      (t) => `select '${t}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${t}" x`,
    )
    .join(' union all ');
  return (await sql(app.databaseUrl, query)).map((r) => `${r.t}=${r.h}`).join(';');
}

const HOSTILE = [
  "' OR '1'='1",
  "'; drop table users; --",
  '1 union select password from users',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'a\u0000b',
  '{{password}}',
  '../../etc/passwd',
  '2099-13-45',
  '0000-00-00',
  // Real days outside the dates a field may carry (protocol/limits.ts DATE_MIN, DATE_MAX).
  '0000-01-01',
  '1899-12-31',
  '2101-01-01',
  '9999-12-31',
  '2147483648',
  'NaN',
  '-1',
  '1e309',
  'x'.repeat(20_000),
  '\u202e\u200b',
  '%00',
  '__proto__',
];

const FIELDS = [
  'email',
  'password',
  'newPassword',
  'token',
  'firstName',
  'lastName',
  'airline',
  'position',
  'base',
  'aircraftType',
  'employeeNumber',
  'type',
  'date',
  'routeType',
  'route',
  'reservePeriod',
  'tripDays',
  'notes',
  'additionalDates',
  'desiredDates',
  'status',
  'matchId',
  'toUserId',
  'requestId',
  'tradeDate',
  'offerRoute',
  'offerReservePeriod',
  'requestType',
  'message',
  'content',
  'chatType',
  'clientKey',
  'category',
  'subject',
  'priority',
  'response',
  'templateType',
  'templateName',
  'subjectTemplate',
  'htmlTemplate',
  '__proto__',
  'constructor',
];

/**
 * Integers over the whole safe range, the database's edges among them: fc.integer() alone stays
 * within 32 bits, where every id is one PostgreSQL's int4 can hold.
 */
const integer = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.constantFrom(0, -1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string(),
  integer,
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), integer, fc.constantFrom(...HOSTILE)), { maxLength: 8 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
const body: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }) },
  { weight: 1, arbitrary: fc.anything() },
);

const ROUTES: [string, string, () => SignedInUser | null][] = [
  ['POST', '/api/register', () => null],
  ['POST', '/api/login', () => null],
  ['POST', '/login', () => null],
  ['POST', '/signup', () => null],
  ['POST', '/api/forgot-password', () => null],
  ['POST', '/api/reset-password', () => null],
  ['PUT', '/api/profile', () => crew],
  ['POST', '/api/requests', () => crew],
  ['PUT', '/api/requests/{own}', () => crew],
  ['PUT', '/api/matches/1/status', () => crew],
  ['POST', '/api/notifications/acknowledge', () => crew],
  ['POST', '/api/trade-requests', () => crew],
  ['PUT', '/api/trade-requests/1', () => crew],
  ['POST', '/api/messages', () => crew],
  ['POST', '/api/base-chat', () => crew],
  ['POST', '/api/support-requests', () => crew],
  ['POST', '/api/admin/support-requests/{support}/respond', () => admin],
  ['PUT', '/api/admin/email-templates/match_notification', () => admin],
];

describe('random and hostile JSON bodies', () => {
  it.each(ROUTES)('%s %s: never a 500; a refusal changes no row', async (method, template, who) => {
    const path = template.replace('{own}', String(ownRequestId)).replace('{support}', String(supportId));
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const signedIn = who();
        const client = signedIn ? signedIn.client : app.client();
        const before = await fingerprint();
        const res = await client.request(method, path, JSON.stringify(b) ?? 'null', { 'content-type': 'application/json' });
        expect(res.status, `${method} ${path} ${JSON.stringify(b)?.slice(0, 200)} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(await fingerprint()).toBe(before);
        // A sign-in or sign-up here must not sign the shared crew client out.
        if (!signedIn && res.status < 300) await app.client().post('/api/login', { email: crew.email, password: PASSWORD });
      }),
      { numRuns: 40 },
    );
  });
});

describe('the fingerprint itself', () => {
  it('sees a write (so an unchanged fingerprint means nothing was written)', async () => {
    const before = await fingerprint();
    expect((await crew.client.post('/api/requests', requestBody({ date: inDays(31) }))).status).toBe(201);
    expect(await fingerprint()).not.toBe(before);
  });
});

describe('hostile search and paging parameters', () => {
  const QUERIES: [string, string][] = [
    ['/api/crew-members', 'search'],
    [`/api/messages/{other}`, 'before'],
    ['/api/base-chat/reserve', 'before'],
    ['/api/all-trades', 'type'],
  ];

  it.each(QUERIES)('%s?%s= never errs and never reaches outside the caller’s group', async (template, param) => {
    const stranger = await makeUser(app, { ...freshGroup(), airline: 'United', firstName: 'Zed', lastName: 'Outsider' });
    const mate = await makeUser(app, { base: crew.user.base!, airline: crew.user.airline!, firstName: 'Mia', lastName: 'Mate' });
    const path = template.replace('{other}', String(mate.user.id));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...HOSTILE), fc.string()), async (q) => {
        const res = await crew.client.get(`${path}?${param}=${encodeURIComponent(q)}`);
        expect(res.status, `${path}?${param}=${q.slice(0, 80)} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status === 200 && template === '/api/crew-members') {
          expect((res.body as { id: number }[]).some((m) => m.id === stranger.user.id)).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });
});
