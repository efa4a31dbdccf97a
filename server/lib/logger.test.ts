// stdout is written asynchronously and in batches (logger.ts): what is still buffered when the
// process exits must reach the pipe, as main.ts's stop ends in process.exit, and so does a crash's
// last word; and a quiet process's one line must not wait for a batch to fill.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Node's arguments to run `body` as a module after making the app's logger (`log`) on stdout. */
const withLogger = (body: string) => [
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  `const { createLogger } = await import('./server/lib/logger.ts');
   const log = createLogger('info');
   ${body}`,
];

const run = (exit: string) =>
  spawnSync(
    process.execPath,
    withLogger(`for (let i = 0; i < 20000; i++) log.info({ i }, 'line');
     log.info('last');
     ${exit}`),
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );

describe('the logger on stdout', () => {
  it.each([
    ['process.exit', 'process.exit(0);'],
    ['an uncaught exception', "setImmediate(() => { throw new Error('boom'); });"],
  ])('has written every line, the last one included, when the process ends by %s', (_, exit) => {
    const result = run(exit);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(20001);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ msg: 'last' });
  });
});

describe('a quiet instance’s log', () => {
  it('shows a lone line within about a second, while the process runs on', async () => {
    const child = spawn(
      process.execPath,
      withLogger(`process.stdin.once('data', () => { log.info('lone'); console.error('logged'); });
       setTimeout(() => process.exit(0), 20000);`),
      { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      // Asked to log once it has started (tsx's start can take longer than the batch's second).
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.stdin.write('go\n');
      const logged = await new Promise<number>((resolve) => child.stderr.once('data', () => resolve(performance.now())));
      // Well under the line's own batch of 4 KB: only the periodic flush can send it.
      expect(out).toBe('');
      while (!out.includes('lone') && performance.now() - logged < 3000) await new Promise((r) => setTimeout(r, 20));
      expect(JSON.parse(out.trim())).toMatchObject({ msg: 'lone' });
      expect(performance.now() - logged).toBeLessThan(1600);
    } finally {
      child.kill();
    }
  });
});
