import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { oldNodeMessage } from './node-version.ts';

describe('the Node version the server needs', () => {
  it('refuses an older Node with a sentence, before anything native loads', () => {
    expect(oldNodeMessage('v20.20.2')).toMatch(/^Crewtrade needs Node\.js 24\.11 or later; this is v20\.20\.2\./);
    expect(oldNodeMessage('v24.10.0')).toMatch(/^Crewtrade needs Node\.js 24\.11 or later/);
    expect(oldNodeMessage('v24.11.0')).toBeNull();
    expect(oldNodeMessage('v24.21.0')).toBeNull();
    expect(oldNodeMessage('v25.0.0')).toBeNull();
  });

  it('main.ts checks it first: its first import is the check', () => {
    const first = execFileSync('grep', ['-m1', '^import', 'server/main.ts'], { encoding: 'utf8' }).trim();
    expect(first).toBe("import './node-version.ts';");
    // And on this Node (24) the check lets the process go on.
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('./server/node-version.ts'); console.log('on')"], {
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe('on');
  });
});
