// stdout is written asynchronously (logger.ts): what is still buffered when the process exits must
// reach the pipe, as main.ts's stop ends in process.exit, and so does a crash's last word.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const run = (exit: string) =>
  spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { createLogger } = await import('./server/lib/logger.ts');
       const log = createLogger('info');
       for (let i = 0; i < 20000; i++) log.info({ i }, 'line');
       log.info('last');
       ${exit}`,
    ],
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
