// server/main.ts in a process of its own, as production runs it: for the tests that stop it with a
// signal (SIGTERM, kill -9) and start it again on the same database.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Instance {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

/**
 * `server/main.ts` in a process of its own, against DATABASE_URL; `nodeArgs` go to node before the
 * script (a heap limit, --trace-gc). `via: 'build'` runs the build as the image does (dist/server,
 * from `npm run build`, which `npm test` runs first); `via: 'npm start'` starts it
 * as a newcomer does, through npm and the script's shell (on the last build: SKIP_BUILD), so the
 * signal a process manager sends reaches npm, not the server.
 */
export async function startMain(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  via: 'node' | 'build' | 'npm start' = 'node',
): Promise<Instance> {
  const [command, args] =
    via === 'node'
      ? [process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts']]
      : via === 'build'
        ? [process.execPath, [...nodeArgs, 'dist/server/main.js']]
        : ['npm', ['start', '--silent']];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ...(via === 'npm start' ? { SKIP_BUILD: '1' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 45_000;
  for (;;) {
    const port = /"port":(\d+),"msg":"Crewtrade listening/.exec(output)?.[1];
    if (port) return { child, url: `http://127.0.0.1:${port}`, exited, output: () => output };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server/main.ts did not start:\n${output}`);
    await sleep(50);
  }
}
