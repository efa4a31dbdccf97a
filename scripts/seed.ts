// npm run seed: a demo to click through. Starts the app in-process on the same database `npm start`
// uses (the embedded one in ./.data, or DATABASE_URL) and goes through the real API, so matching,
// chains, mail and activity logs happen as they would for real crew: crew in four groups with
// requests that match, a three-way chain, an offer, base chat, direct messages, a schedule image,
// a support request, and an administrator. Running it again adds nothing twice.
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import type { RunningServer } from '../server/server.ts';
import { NO_TRIP_ENTRY } from '#protocol/offerText.ts';
import { TestClient } from '../server/test/http-client.ts';
import { DEMO_ADMIN, DEMO_CHAT, DEMO_CREW, DEMO_MESSAGES, DEMO_PASSWORD, demoChain, demoRequests, demoRoster } from './seed-data.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The embedded database's server, when `npm start` holds it: postmaster.pid names a live process. */
function embeddedInUse(config: Config): number | undefined {
  if (config.databaseUrl) return undefined;
  const pidFile = path.join(config.dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function expectStatus(res: { status: number; text: string }, ok: number[], what: string) {
  if (!ok.includes(res.status)) throw new Error(`${what} failed: ${res.status} ${res.text}`);
}

let config: Config;
try {
  config = loadConfig({
    ...process.env,
    PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    RATE_LIMIT_OVERRIDES: 'register=100000,login=100000,messages=100000,chat=100000,offers=100000',
  });
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}
const holder = embeddedInUse(config);
if (holder) {
  fail(
    `Crewtrade's embedded database in ${config.dataDir} is in use (PostgreSQL, process ${holder}): \`npm start\` is probably running.\n` +
      'Stop it (Ctrl-C in its terminal), run `npm run seed` again, then `npm start`.',
  );
}

// Imported only now: loading the app takes seconds, which the check above need not wait for.
const { startServer } = await import('../server/server.ts');
const { kysely } = await import('../server/db/kysely.ts');
let server: RunningServer;
try {
  server = await startServer(config);
} catch (err) {
  fail(
    `The demo could not start the app: ${(err as Error).message}\n` +
      (config.databaseUrl ? 'Check DATABASE_URL.' : 'If `npm start` is running on the same data folder, stop it and try again.'),
  );
}

try {
  const clients: TestClient[] = [];
  let created = 0;
  for (const crew of DEMO_CREW) {
    const client = new TestClient(server.url);
    const reg = await client.post('/api/register', {
      firstName: crew.firstName,
      lastName: crew.lastName,
      email: crew.email,
      password: DEMO_PASSWORD,
    });
    clients.push(client);
    if (reg.status === 409) {
      expectStatus(await client.post('/api/login', { email: crew.email, password: DEMO_PASSWORD }), [200], `sign-in of ${crew.email}`);
      continue;
    }
    expectStatus(reg, [201], `sign-up of ${crew.email}`);
    expectStatus(await client.put('/api/profile', { ...crew, emailNotifications: true }), [200], `profile of ${crew.email}`);
    created++;
  }

  const admin = new TestClient(server.url);
  const adminReg = await admin.post('/api/register', { ...DEMO_ADMIN, password: DEMO_PASSWORD });
  expectStatus(adminReg, [201, 409], 'sign-up of the administrator');
  await kysely(server.deps.orm.em.fork()).updateTable('users').set({ is_admin: true }).where('email', '=', DEMO_ADMIN.email).execute();

  let posted = 0;
  if (created > 0) {
    const first: { id: number; date: string }[] = [];
    for (const { crewIndex, body } of [...demoRequests(new Date()), ...demoChain(new Date())]) {
      const res = await clients[crewIndex]!.post('/api/requests', body);
      expectStatus(res, [201], `request of ${DEMO_CREW[crewIndex]!.email}`);
      first[crewIndex] ??= { id: res.body.id as number, date: body.date };
      posted++;
    }
    const userId = async (i: number) => ((await clients[i]!.get('/api/auth/user')).body as { id: number }).id;

    for (const m of DEMO_MESSAGES) {
      expectStatus(
        await clients[m.from]!.post('/api/messages', { toUserId: await userId(m.to), content: m.content }),
        [201],
        'a direct message',
      );
    }
    // Liam's offer for Maya's drop, as the conversation says.
    expectStatus(
      await clients[1]!.post('/api/trade-requests', {
        toUserId: await userId(0),
        requestId: first[0]!.id,
        tradeDate: first[0]!.date,
        // A pickup gives nothing in exchange; "none" is how the offer dialog says so.
        offerRoute: NO_TRIP_ENTRY,
        requestType: 'pickup',
        message: 'I can take the whole trip.',
      }),
      [201],
      'an offer',
    );
    for (const c of DEMO_CHAT) {
      expectStatus(await clients[c.crewIndex]!.post('/api/base-chat', { chatType: c.chatType, content: c.content }), [201], 'a chat post');
    }
    // A schedule image (the app's own icon stands in for a roster screenshot), and one in the chat.
    const icon = await fs.readFile(path.join(here, '../web/public/icons/icon-512.png'));
    const schedule = new FormData();
    schedule.append('schedule', new Blob([new Uint8Array(icon)], { type: 'image/png' }), 'December roster.png');
    expectStatus(await clients[0]!.post('/api/schedule-images', schedule), [201], 'a schedule image');
    // Maya's roster: her duties on My Month, and the tradeboard's conflict lines.
    const roster = new FormData();
    roster.append('file', new Blob([demoRoster(new Date())], { type: 'text/calendar' }), 'roster.ics');
    expectStatus(await clients[0]!.post('/api/roster', roster), [200], 'a roster');
    const photo = new FormData();
    photo.append('chatType', 'lineholder');
    photo.append('content', 'The new crew room board is up!');
    photo.append('photos', new Blob([new Uint8Array(icon)], { type: 'image/png' }), 'board.png');
    expectStatus(await clients[3]!.post('/api/base-chat', photo), [201], 'a chat photo');
    expectStatus(
      await clients[5]!.post('/api/support-requests', {
        category: 'feature',
        subject: 'Filter the board by trip length',
        message: 'It would help to see only 1-day trips when I am building hours.',
      }),
      [201],
      'a support request',
    );
  }

  console.log(`Demo: ${created} crew created (${DEMO_CREW.length - created} already there), ${posted} requests posted.`);
  console.log(`Password for every demo account: ${DEMO_PASSWORD}`);
  console.log(`  Administrator:  ${DEMO_ADMIN.email}  (Admin area: users, activity, support)`);
  console.log(`  ${DEMO_CREW[0]!.email}  (a drop with a match, an offer, a roster, messages, chat, a schedule image)`);
  console.log(`  ${DEMO_CREW[6]!.email}  (a three-way trade chain)`);
  for (const c of DEMO_CREW.slice(1, 3)) console.log(`  ${c.email}  (${c.airline} ${c.position.replace('_', ' ')}, ${c.base})`);
} catch (err) {
  console.error(`The demo stopped: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await server.close();
}
