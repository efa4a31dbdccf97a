import { spawn, type ChildProcess } from 'node:child_process';
export { freePort } from '../../server/lib/free-port.ts';

/**
 * Node flags of the measured processes: those of `npm start` unless BENCH_NODE_FLAGS says otherwise
 * (to weigh a flag's cost in memory against its gain in throughput).
 */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=32 --max-old-space-size=160').split(' ').filter(Boolean);

/** Starts a TypeScript entry in its own Node process (so load and server don't share a core's loop). */
export async function startProcess(entry: string, env: Record<string, string>, readyPattern: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start in 60 s`)), 60_000);
    const onData = (buf: Buffer) => {
      if (readyPattern.test(buf.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (b: Buffer) => process.stderr.write(b));
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  return child;
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
