import type { Scenario } from './scenarios.ts';
import { seedRequests } from './seed-requests.ts';
import { seedUsers } from './seed-users.ts';

let seq = 0;
const futureDate = () => new Date(Date.now() + (1 + (seq++ % 60)) * 86_400_000).toISOString().slice(0, 10);
/** A new request a few weeks ahead, each different (type, date, route). */
export const newRequestBody = () => {
  const type = (['drop', 'pickup', 'trade'] as const)[seq % 3]!;
  return JSON.stringify({
    type,
    date: futureDate(),
    routeType: 'pairing',
    route: `B${seq}`,
    tripDays: 2,
    ...(type === 'trade' ? { desiredDates: [futureDate()] } : {}),
  });
};

/** GET /api/all-trades and POST /api/requests (with matching) on 100k stored requests. */
export const requestsScenario: Scenario = {
  name: 'requests',
  description: 'tradeboard and request creation, 100k requests, 200 active in the group',
  async run(ctx) {
    const cookies = await seedUsers(ctx.db, 10_000, 1);
    await seedRequests(ctx.db, { active: 200, others: 100_000 - 200, users: 10_000 });
    const headers = { cookie: cookies[0]!, 'content-type': 'application/json' };
    await ctx.load('GET /api/all-trades', { path: '/api/all-trades', headers, rate: 200 });
    await ctx.load('GET /api/all-trades', { path: '/api/all-trades', headers });
    await ctx.load('POST /api/requests (matching)', { path: '/api/requests', method: 'POST', headers, rate: 100, body: newRequestBody });
  },
};

/** The cost of one create as the table grows: 10k, 100k, 1M stored requests, the group held at 200 active. */
export const growthScenario: Scenario = {
  name: 'growth',
  description: 'cost of POST /api/requests at 10k, 100k and 1M stored requests',
  async run(ctx) {
    const cookies = await seedUsers(ctx.db, 10_000, 1);
    const headers = { cookie: cookies[0]!, 'content-type': 'application/json' };
    let stored = 0;
    for (const size of [10_000, 100_000, 1_000_000]) {
      await seedRequests(ctx.db, { active: stored === 0 ? 200 : 0, others: size - stored - (stored === 0 ? 200 : 0), users: 10_000 });
      stored = size;
      const samples: number[] = [];
      for (let i = 0; i < 300; i++) {
        const t = performance.now();
        const res = await fetch(`${ctx.appUrl}/api/requests`, { method: 'POST', headers, body: newRequestBody() });
        await res.arrayBuffer();
        if (i >= 50) samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      const p99 = samples[Math.floor(samples.length * 0.99)]!;
      ctx.note(
        `POST /api/requests at ${size.toLocaleString('en-US')} stored requests: mean ${mean.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (250 sequential creates).`,
      );
    }
  },
};
