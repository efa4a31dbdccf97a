import type { ChildProcess } from 'node:child_process';
import { freePort, startProcess, stopProcess } from './processes.ts';
import type { BenchContext } from './run.ts';

/**
 * Runs `measure` with the yardstick server (reference-server.ts) up on the scenario's database, a
 * process of its own like the app, so a figure and its yardstick come from the same sitting.
 */
export async function withReference<T>(
  ctx: BenchContext,
  measure: (url: (path: string) => string, server: ChildProcess) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const ref = await startProcess('scripts/bench/reference-server.ts', { DATABASE_URL: ctx.databaseUrl, PORT: String(port) }, /READY/);
  try {
    return await measure((path) => `http://127.0.0.1:${port}${path}`, ref);
  } finally {
    await stopProcess(ref);
  }
}
