// The run lengths and the measured run, apart from run.ts: scenarios read them while run.ts, which
// imports the scenarios, is still being evaluated.
import type { ChildProcess } from 'node:child_process';
import { runLoad, type LoadOptions, type LoadResult } from './load.ts';
import { cpuMs, loopDelay } from './processes.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

/**
 * A warm-up, then the measured run, with the event-loop delay inside `server` (the process under
 * test) over the measured run alone.
 */
export async function measuredLoad(server: ChildProcess, opts: Omit<LoadOptions, 'seconds'>): Promise<LoadResult> {
  if (WARMUP_SECONDS > 0) await runLoad({ ...opts, seconds: WARMUP_SECONDS });
  await loopDelay(server);
  const cpuBefore = cpuMs(server.pid!);
  const r = await runLoad({ ...opts, seconds: SECONDS });
  const cpu = cpuMs(server.pid!) - cpuBefore;
  const calls = r.rps * SECONDS;
  return { ...r, loop: await loopDelay(server), cpuMsPerCall: calls > 0 ? Math.round((cpu / calls) * 100) / 100 : 0 };
}
