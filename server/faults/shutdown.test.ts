import fs from 'node:fs/promises';
import http from 'node:http';
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

describe('SIGTERM', () => {
  // Starting server/main.ts in a process of its own takes seconds of CPU: generous on busy CI cores.
  it('stops accepting, answers the request in flight, closes sockets, and exits 0', { timeout: 60_000 }, async () => {
    instance = await startMain({ DATABASE_URL: db.url, UPLOAD_DIR: uploadDir });
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

    // New connections are refused while the request in flight is still being read...
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
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(await refused(url)).toBe(true);
    expect(instance.output()).toContain('"reason":"SIGTERM"');
  });
});
