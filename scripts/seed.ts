// npm run seed: a lively demo board. Starts the app in-process on the same database `npm start`
// uses (the embedded one in ./.data, or DATABASE_URL) and goes through the real API, so matching,
// mail and activity logs happen as they would for real crew. Stop `npm start` first when it uses
// the embedded database (one server per data folder).
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import { TestClient } from '../server/test/http-client.ts';
import { DEMO_CREW, DEMO_PASSWORD, demoRequests } from './seed-data.ts';

const config = loadConfig({
  ...process.env,
  PORT: '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  RATE_LIMIT_OVERRIDES: 'register=100000,login=100000',
});
const server = await startServer(config);
let created = 0;
let existing = 0;
try {
  const clients: TestClient[] = [];
  for (const crew of DEMO_CREW) {
    const client = new TestClient(server.url);
    const reg = await client.post('/api/register', {
      firstName: crew.firstName,
      lastName: crew.lastName,
      email: crew.email,
      password: DEMO_PASSWORD,
    });
    if (reg.status === 409) {
      existing++;
      await client.post('/api/login', { email: crew.email, password: DEMO_PASSWORD });
      clients.push(client);
      continue;
    }
    if (reg.status !== 201) throw new Error(`sign-up of ${crew.email} failed: ${reg.status} ${reg.text}`);
    const profile = await client.put('/api/profile', { ...crew, emailNotifications: true });
    if (profile.status !== 200) throw new Error(`profile of ${crew.email} failed: ${profile.status} ${profile.text}`);
    clients.push(client);
    created++;
  }
  let posted = 0;
  if (created > 0) {
    for (const { crewIndex, body } of demoRequests(new Date())) {
      const res = await clients[crewIndex]!.post('/api/requests', body);
      if (res.status !== 201) throw new Error(`request of ${DEMO_CREW[crewIndex]!.email} failed: ${res.status} ${res.text}`);
      posted++;
    }
  }
  console.log(`Demo crew: ${created} created, ${existing} already there; ${posted} requests posted.`);
  console.log(`Sign in as any of them with the password ${DEMO_PASSWORD}, for example:`);
  for (const c of DEMO_CREW.slice(0, 4))
    console.log(`  ${c.email}  (${c.airline} ${c.position.replace('_', ' ')}, ${c.base}, ${c.aircraftType})`);
} finally {
  await server.close();
}
