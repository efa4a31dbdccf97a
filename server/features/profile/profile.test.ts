import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { ScheduleImageItem } from '#protocol/shapes.ts';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { TINY_PNG } from '../../test/uploads.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const profile = (employeeNumber: string) => ({
  firstName: 'Sam',
  lastName: 'Lee',
  airline: 'United',
  position: 'first_officer',
  employeeNumber,
  base: 'ord',
  aircraftType: 'A320',
});

describe('PUT /api/profile', () => {
  it('completes the setup with the seven fields and keeps e-mail notifications on', async () => {
    const { client } = await makeUser(app, { profile: false });
    const res = await client.put('/api/profile', profile(`U${Date.now()}`));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      airline: 'United',
      position: 'first_officer',
      base: 'ORD',
      aircraftType: 'A320',
      emailNotifications: true,
    });
    expect((await client.get('/api/auth/user')).body.airline).toBe('United');
  });

  it('turns e-mail notifications off', async () => {
    const { client, user } = await makeUser(app);
    const res = await client.put('/api/profile', { ...profile(user.employeeNumber!), emailNotifications: false });
    expect(res.status).toBe(200);
    expect(res.body.emailNotifications).toBe(false);
  });

  it('refuses a taken employee number with the text the setup screen maps, and changes nothing', async () => {
    const a = await makeUser(app);
    const b = await makeUser(app, { firstName: 'Bea' });
    const res = await b.client.put('/api/profile', { ...profile(a.user.employeeNumber!), firstName: 'Changed' });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Employee number already exists');
    const me = await b.client.get('/api/auth/user');
    expect(me.body.firstName).toBe('Bea');
    expect(me.body.employeeNumber).toBe(b.user.employeeNumber);
  });

  it.each([
    [{ firstName: '' }, MSG.firstNameRequired],
    [{ lastName: '' }, MSG.lastNameRequired],
    [{ airline: 'Pan Am' }, MSG.airlineRequired],
    [{ position: 'pilot' }, MSG.positionRequired],
    [{ employeeNumber: ' ' }, MSG.employeeNumberRequired],
    [{ base: '' }, MSG.baseRequired],
    [{ aircraftType: 'Concorde' }, MSG.aircraftTypeRequired],
    [{ airline: undefined }, MSG.airlineRequired],
  ])('rejects %o with the spec message and keeps the profile', async (override, message) => {
    const { client, user } = await makeUser(app);
    const res = await client.put('/api/profile', { ...profile(user.employeeNumber!), ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await client.get('/api/auth/user')).body.airline).toBe(user.airline);
  });

  it.each([
    [{ firstName: 'A'.repeat(101) }, MSG.firstNameTooLong],
    [{ lastName: 'B'.repeat(101) }, MSG.lastNameTooLong],
    [{ employeeNumber: '9'.repeat(51) }, MSG.employeeNumberTooLong],
    [{ base: 'ATLANTA-HARTSFIELD' }, MSG.baseTooLong],
    [{ firstName: 'Sam\tLee' }, MSG.firstNameControl],
    [{ lastName: 'Lee\u202Eevil' }, MSG.lastNameControl],
    [{ employeeNumber: 'E1\n2' }, MSG.employeeNumberControl],
    [{ base: 'A\u0085B' }, MSG.baseControl],
  ])('refuses %o with a clear 400 (column lengths, control characters), never a 500', async (override, message) => {
    const { client, user } = await makeUser(app);
    const res = await client.put('/api/profile', { ...profile(user.employeeNumber!), ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a NUL byte in a name with a 400', async () => {
    const { client, user } = await makeUser(app);
    const res = await client.put('/api/profile', { ...profile(user.employeeNumber!), firstName: 'Sam\u0000' });
    expect(res.status).toBe(400);
  });

  it('counts length in characters as the column does: 100 characters beyond the BMP fit', async () => {
    const { client, user } = await makeUser(app);
    const res = await client.put('/api/profile', { ...profile(user.employeeNumber!), firstName: '𠀀'.repeat(100) });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('𠀀'.repeat(100));
  });

  it('is 401 signed out', async () => {
    expect((await app.client().put('/api/profile', profile('X1'))).status).toBe(401);
  });
});

describe('GET /api/profile/{userId}', () => {
  const group = { airline: 'Delta', base: 'BOS', position: 'captain', aircraftType: 'A320' } as const;
  const png = (name: string) => {
    const form = new FormData();
    form.append('schedule', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), name);
    return form;
  };

  it('shows a colleague of the same group: name, employee number, airline, position and schedule images newest first', async () => {
    const me = await makeUser(app, group);
    const colleague = await makeUser(app, { ...group, firstName: 'Cora' });
    const older = await colleague.client.post('/api/schedule-images', png('april.png'));
    const newer = await colleague.client.post('/api/schedule-images', png('may.png'));
    expect([older.status, newer.status]).toEqual([201, 201]);
    const res = await me.client.get(`/api/profile/${colleague.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: colleague.user.id,
      name: 'Cora Crew',
      employeeNumber: colleague.user.employeeNumber,
      airline: 'Delta',
      position: 'captain',
    });
    const image = ({ id, filename, originalName, uploadedAt }: ScheduleImageItem) => ({ id, filename, originalName, uploadedAt });
    expect(res.body.scheduleImages).toEqual([image(newer.body), image(older.body)]);
    expect(res.body).not.toHaveProperty('email');
    // The images are served to the colleague too.
    expect((await me.client.get(`/uploads/${newer.body.filename}`)).status).toBe(200);
  });

  it("shows one's own profile, with no images yet", async () => {
    const me = await makeUser(app, group);
    const res = await me.client.get(`/api/profile/${me.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me.user.id, scheduleImages: [] });
  });

  it.each([
    ['another airline', { airline: 'Spirit' }],
    ['another base', { base: 'JFK' }],
    ['another position', { position: 'first_officer' }],
    ['another aircraft type', { aircraftType: '737' }],
  ] as const)('is 404 for crew of %s, either way round', async (_label, override) => {
    const me = await makeUser(app, group);
    const other = await makeUser(app, { ...group, ...override });
    await other.client.post('/api/schedule-images', png('private.png'));
    for (const [viewer, target] of [
      [me, other],
      [other, me],
    ] as const) {
      const res = await viewer.client.get(`/api/profile/${target.user.id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.userNotFound);
    }
  });

  it('is 404 between two users who have not completed their profiles (no group is not a shared group)', async () => {
    const a = await makeUser(app, { profile: false });
    const b = await makeUser(app, { profile: false });
    const res = await a.client.get(`/api/profile/${b.user.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.userNotFound);
    expect((await a.client.get(`/api/profile/${a.user.id}`)).status).toBe(200);
  });

  it('an admin of another group may view any profile', async () => {
    const crew = await makeUser(app, group);
    await crew.client.post('/api/schedule-images', png('roster.png'));
    const boss = await makeUser(app, { airline: 'United', base: 'ORD' });
    expect((await boss.client.get(`/api/profile/${crew.user.id}`)).status).toBe(404);
    await sql(app.databaseUrl, 'update users set is_admin = true where id = $1', [boss.user.id]);
    // A fresh sign-in reads the flag (a session's user is cached for a few seconds).
    const admin = app.client();
    expect((await admin.post('/api/login', { email: boss.email, password: PASSWORD })).status).toBe(200);
    const res = await admin.get(`/api/profile/${crew.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: crew.user.id, scheduleImages: [{ originalName: 'roster.png' }] });
  });

  it('is 404 for a missing id or a malformed id', async () => {
    const me = await makeUser(app);
    for (const id of [999999, 'abc']) {
      const res = await me.client.get(`/api/profile/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.userNotFound);
    }
  });

  it('is 401 signed out', async () => {
    expect((await app.client().get('/api/profile/1')).status).toBe(401);
  });
});
