import { randomBytes } from 'node:crypto';
import type { CurrentUser } from '#protocol/shapes.ts';
import type { ProfileBody } from '#protocol/schemas/profile.ts';
import type { TestClient } from './http-client.ts';
import { sql } from './outbox.ts';
import type { TestApp } from './test-app.ts';

export const PASSWORD = 'Tarmac-Crew-88';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface SignedInUser {
  client: TestClient;
  user: CurrentUser;
  email: string;
}

/** Signs up a new crew member over the API and completes the profile; overrides pick the group. */
export async function makeUser(
  app: TestApp,
  overrides: Partial<ProfileBody> & { email?: string; profile?: boolean } = {},
): Promise<SignedInUser> {
  const client = app.client();
  const id = unique();
  const email = overrides.email ?? `crew-${id}@example.com`;
  const reg = await client.post('/api/register', {
    firstName: overrides.firstName ?? 'Alex',
    lastName: overrides.lastName ?? 'Crew',
    email,
    password: PASSWORD,
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  if (overrides.profile === false) return { client, user: reg.body, email };
  const profile: ProfileBody = {
    firstName: overrides.firstName ?? 'Alex',
    lastName: overrides.lastName ?? 'Crew',
    airline: overrides.airline ?? 'Delta',
    position: overrides.position ?? 'captain',
    employeeNumber: overrides.employeeNumber ?? `E${id}`,
    base: overrides.base ?? 'ATL',
    aircraftType: overrides.aircraftType ?? '737',
    emailNotifications: overrides.emailNotifications ?? true,
  };
  const res = await client.put('/api/profile', profile);
  if (res.status !== 200) throw new Error(`profile failed: ${res.status} ${res.text}`);
  return { client, user: res.body, email };
}

/**
 * A crew member with the stored admin flag, signed in afresh after it is set (a session's user is
 * cached for a few seconds, so the first client would still read the old flag).
 */
export async function makeAdmin(app: TestApp, overrides: Parameters<typeof makeUser>[1] = {}): Promise<SignedInUser> {
  const made = await makeUser(app, overrides);
  await sql(app.databaseUrl, 'update users set is_admin = true where id = $1', [made.user.id]);
  const client = app.client();
  const res = await client.post('/api/login', { email: made.email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${res.text}`);
  return { client, user: res.body, email: made.email };
}
