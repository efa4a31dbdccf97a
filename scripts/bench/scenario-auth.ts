import { freePort, startProcess, stopProcess } from './processes.ts';
import type { Scenario } from './scenarios.ts';
import { runLoad } from './load.ts';
import { SECONDS, WARMUP_SECONDS } from './measure.ts';
import { seedUsers } from './seed-users.ts';

/** GET /api/auth/user with 10k users: p99 <= 10 ms at 1,000 req/s, and its ratio to the yardsticks. */
export const authScenario: Scenario = {
  name: 'auth',
  description: 'GET /api/auth/user, 10k users',
  async run(ctx) {
    const cookies = await seedUsers(ctx.db, 10_000, 1);
    const headers = { cookie: cookies[0]! };
    await ctx.load('GET /api/auth/user', { path: '/api/auth/user', headers, rate: 1000 });
    const app = await ctx.load('GET /api/auth/user', { path: '/api/auth/user', headers });

    const port = await freePort();
    const ref = await startProcess('scripts/bench/reference-server.ts', { DATABASE_URL: ctx.databaseUrl, PORT: String(port) }, /READY/);
    try {
      const measure = async (path: string) => {
        const url = `http://127.0.0.1:${port}${path}`;
        await runLoad({ url, label: path, seconds: WARMUP_SECONDS });
        return runLoad({ url, label: `reference ${path}`, seconds: SECONDS });
      };
      const bare = await measure('/bare');
      const oneSelect = await measure('/one-select');
      ctx.note(
        `Yardsticks: bare Koa route ${Math.round(bare.rps)} req/s; Koa + one primary-key select ${Math.round(oneSelect.rps)} req/s.`,
      );
      ctx.note(`GET /api/auth/user saturation is ${(app.rps / oneSelect.rps).toFixed(2)} of the one-select route (budget >= 0.8).`);
    } finally {
      await stopProcess(ref);
    }
  },
};
