import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../test/factories.ts';
import { TestClient } from '../test/http-client.ts';
import { startMain, type Instance } from '../test/main-process.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A POST whose body arrives in two parts: in flight, on the server, until `finish` is called. */
function slowPost(url: string, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  let finish!: () => void;
  const response = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': bytes.length } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as unknown }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(bytes.subarray(0, half));
    finish = () => req.end(bytes.subarray(half));
  });
  return { response, finish: () => finish() };
}

const refused = (url: string) =>
  fetch(`${url}/api/auth/user`).then(
    () => false,
    () => true,
  );

let db: TestDatabase;
let uploadDir: string;
let instance: Instance | undefined;
beforeAll(async () => {
  db = await createTestDatabase();
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-shutdown-'));
});
afterAll(async () => {
  if (instance && instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
  await db?.drop();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

/** GET over a kept-alive connection; resolves to the status and the Connection header, or the error's code. */
function get(agent: http.Agent, url: string, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<{ status: number; connection: string | undefined } | { error: string }>((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

/**
 * A WebSocket client that connects, then stops reading and never answers the server's close (a
 * phone that lost its network). Resolves `closed` when the server cuts the connection.
 */
async function stalledWebSocket(url: string) {
  const { port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () =>
      socket.write(
        'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      ),
    );
    socket.once('data', (d: Buffer) => (d.toString().startsWith('HTTP/1.1 101') ? resolve() : reject(new Error(d.toString()))));
  });
  socket.pause();
  return { closed, resume: () => socket.resume() };
}

/** Busy loops on every core, as a saturated machine (or a noisy neighbour) gives the server. */
function saturateCpu(): () => void {
  const burners: ChildProcess[] = Array.from({ length: os.availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return () => burners.forEach((b) => b.kill('SIGKILL'));
}

describe('SIGTERM', () => {
  // Starting server/main.ts in a process of its own takes seconds of CPU: generous on busy CI cores.
  it(
    'reports not ready and still serves while draining, then stops accepting, answers the request in flight, closes sockets, and exits 0',
    { timeout: 60_000 },
    async () => {
      instance = await startMain({ DATABASE_URL: db.url, UPLOAD_DIR: uploadDir, DRAIN_SECONDS: '1' });
      const { url } = instance;
      const signedIn = new TestClient(url);
      const first = await signedIn.post('/api/register', {
        firstName: 'Ada',
        lastName: 'Crew',
        email: 'ada@example.com',
        password: PASSWORD,
      });
      expect(first.status).toBe(201);
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: signedIn.cookieHeader },
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

      const account = { firstName: 'Bea', lastName: 'Crew', email: 'bea@example.com', password: PASSWORD };
      const inFlight = slowPost(`${url}/api/register`, account);
      await sleep(100);
      const signalled = Date.now();
      instance.child.kill('SIGTERM');

      // The drain: not ready for the balancer, yet still answering, each answer closing its connection.
      const agent = new http.Agent({ keepAlive: true });
      for (let tries = 0; ; tries++) {
        const readyz = await get(agent, `${url}/readyz`);
        if ('status' in readyz && readyz.status === 503) break;
        if (tries > 40) throw new Error(`/readyz still ready after SIGTERM:\n${instance.output()}`);
        await sleep(25);
      }
      expect(await get(agent, `${url}/api/auth/user`, { cookie: signedIn.cookieHeader })).toEqual({ status: 200, connection: 'close' });
      agent.destroy();

      // Then new connections are refused while the request in flight is still being read...
      for (let tries = 0; !(await refused(url)); tries++) {
        if (tries > 40) throw new Error(`still accepting after SIGTERM:\n${instance.output()}`);
        await sleep(50);
      }
      expect(instance.child.exitCode).toBeNull();
      // ...which then gets its full answer, its write committed.
      inFlight.finish();
      const answer = await inFlight.response;
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ email: account.email, firstName: 'Bea' });
      // The socket's connection is closed, not refused by the server: a client reconnects elsewhere.
      expect(await socketClosed).toBe('transport close');

      expect(await instance.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(11_000);
      expect(await refused(url)).toBe(true);
      expect(instance.output()).toContain('"reason":"SIGTERM"');
    },
  );

  it(
    'under load, with the CPU saturated and a WebSocket client that never answers: no request sent is reset, and it exits 0',
    { timeout: 90_000 },
    async () => {
      instance = await startMain({ DATABASE_URL: db.url, UPLOAD_DIR: uploadDir, DRAIN_SECONDS: '3' });
      const { url } = instance;
      const signedIn = new TestClient(url);
      const account = { firstName: 'Cy', lastName: 'Crew', email: 'cy@example.com', password: PASSWORD };
      expect((await signedIn.post('/api/register', account)).status).toBe(201);
      const stalled = await stalledWebSocket(url);

      // Crew keep calling over kept-alive connections, through the drain's first second (a balancer
      // takes a probe or two to see /readyz fail and move away; the drain lasts 3 s); a request that
      // was sent gets an answer, never a reset.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
      const failures: string[] = [];
      let answered = 0;
      let afterSignal = 0;
      let signalled = false;
      let balancerMovedAway = false;
      const worker = async () => {
        while (!balancerMovedAway) {
          const res = await get(agent, `${url}/api/auth/user`, { cookie: signedIn.cookieHeader });
          if ('error' in res) {
            if (res.error === 'ECONNREFUSED') return;
            failures.push(res.error);
          } else {
            answered++;
            if (signalled) afterSignal++;
            if (res.status !== 200) failures.push(`status ${res.status}`);
          }
        }
      };
      const workers = Promise.all(Array.from({ length: 16 }, worker));
      await sleep(300);
      const stopCpu = saturateCpu();
      try {
        await sleep(200);
        signalled = true;
        instance.child.kill('SIGTERM');
        await sleep(1_000);
        balancerMovedAway = true;
        await workers;
        expect(await instance.exited).toEqual({ code: 0, signal: null });
      } finally {
        stopCpu();
        agent.destroy();
      }
      // Cut by the server (it never read the close): reading again, the client sees its end.
      stalled.resume();
      await stalled.closed;
      expect(failures).toEqual([]);
      // The drain served them meanwhile.
      expect(afterSignal).toBeGreaterThan(0);
      expect(answered).toBeGreaterThan(afterSignal);
      expect(instance.output()).not.toContain('shutdown took too long');
    },
  );
});
