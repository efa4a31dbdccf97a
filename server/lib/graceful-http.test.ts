// The listener closes in a quiet moment (issue 40, part 5): connections that keep arriving during a
// stop are accepted and answered with Connection: close, never reset from the accept queue.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpServer } from './graceful-http.ts';

function get(port: number): Promise<{ status: number; connection: string | undefined } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get({ port, host: '127.0.0.1', path: '/', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

describe('a graceful stop', () => {
  it('waits for the connections to stop coming before it closes the listener: every one answered', async () => {
    const server = createHttpServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.server.listen(0, '127.0.0.1', r));
    const { port } = server.server.address() as AddressInfo;
    // A balancer's last requests: one every 20 ms for 400 ms.
    const answers: Promise<Awaited<ReturnType<typeof get>>>[] = [];
    const sending = (async () => {
      for (let i = 0; i < 20; i++) {
        answers.push(get(port));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await new Promise((r) => setTimeout(r, 60));
    const started = Date.now();
    const stopped = server.stop({ graceMs: 5_000, upgradeGraceMs: 1_000, settleMs: 50, quietMs: 150 });
    await sending;
    await stopped;
    // It waited past the last arrival.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    const results = await Promise.all(answers);
    expect(results.filter((r) => 'error' in r)).toEqual([]);
    expect(results.every((r) => 'status' in r && r.status === 200)).toBe(true);
    // Those that came during the stop were told to close their connection.
    expect(results.slice(-5).every((r) => 'connection' in r && r.connection === 'close')).toBe(true);
  });

  it('without quietMs it stops accepting at once', async () => {
    const server = createHttpServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.server.listen(0, '127.0.0.1', r));
    const { port } = server.server.address() as AddressInfo;
    await server.stop({ graceMs: 1_000, upgradeGraceMs: 100, settleMs: 0 });
    expect(await get(port)).toEqual({ error: 'ECONNREFUSED' });
  });
});
