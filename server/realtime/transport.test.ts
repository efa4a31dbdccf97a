import type { IncomingMessage } from 'node:http';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBody } from '../features/requests/requests.fixtures.ts';
import { makeUser } from '../test/factories.ts';
import { connectSocket, nextEvent, type TestSocket } from '../test/socket-client.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  // Sockets are checked against their sessions every 100 ms here (a minute in production).
  app = await startTestApp({}, undefined, { sessionSweepMs: 100 });
});
afterAll(async () => {
  await app?.close();
});

interface SocketOptions {
  transport: 'websocket' | 'polling';
  cookie: string;
  origin?: string;
}

/** A socket on exactly one transport, as a browser whose network allows only that one. */
function openSocket(url: string, { transport, cookie, origin }: SocketOptions): Promise<TestSocket> {
  const socket: TestSocket = io(url, {
    path: '/socket.io',
    transports: [transport],
    extraHeaders: { cookie, ...(origin ? { origin } : {}) },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

describe('Socket.IO over HTTP long-polling (networks that block WebSockets)', () => {
  it('a signed-in user receives a live event over polling alone', async () => {
    const { client, user } = await makeUser(app);
    const socket = await openSocket(app.url, { transport: 'polling', cookie: client.cookieHeader });
    try {
      expect(socket.io.engine.transport.name).toBe('polling');
      const upsert = nextEvent(socket, 'board:upsert');
      const created = await client.post('/api/requests', requestBody());
      expect(created.status).toBe(201);
      expect((await upsert)[0]).toMatchObject({ id: created.body.id, user: { id: user.id } });
    } finally {
      socket.close();
    }
  });

  it('a polling handshake then a CONNECT packet gets one answer each, and the server keeps serving', async () => {
    const handshake = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`);
    const opened = await handshake.text();
    expect(handshake.status).toBe(200);
    expect(opened).toMatch(/^0\{/);
    const sid = (JSON.parse(opened.slice(1)) as { sid: string }).sid;
    // The packet that used to be answered by Koa as well, which ended the process.
    const post = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: '40',
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toBe('ok');
    // Engine.io alone answered: the refusal of this cookie-less socket arrives on the next poll.
    const poll = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    expect(await poll.text()).toContain('44{"message":"unauthorized"}');
    expect((await app.client().get('/api/auth/user')).status).toBe(401);
  });
});

describe('Socket.IO handshake origin', () => {
  for (const transport of ['websocket', 'polling'] as const) {
    it(`over ${transport}: a page of another site is refused, the app's own page is admitted`, async () => {
      const { client } = await makeUser(app);
      const cookie = client.cookieHeader;
      await expect(openSocket(app.url, { transport, cookie, origin: 'https://evil.example' })).rejects.toThrow();
      const own = await openSocket(app.url, { transport, cookie, origin: app.url });
      own.close();
      // A client that names no origin is no browser page (the CSRF check's rule too).
      const plain = await openSocket(app.url, { transport, cookie });
      plain.close();
    });
  }

  it('with APP_ORIGIN set, only that origin is admitted', async () => {
    const appOrigin = 'https://crewtrade.example';
    const second = await startTestApp({ APP_ORIGIN: appOrigin }, app.databaseUrl);
    try {
      const { client } = await makeUser(second);
      const cookie = client.cookieHeader;
      const admitted = await openSocket(second.url, { transport: 'websocket', cookie, origin: appOrigin });
      admitted.close();
      await expect(openSocket(second.url, { transport: 'websocket', cookie, origin: second.url })).rejects.toThrow();
      await expect(openSocket(second.url, { transport: 'polling', cookie, origin: 'https://evil.example' })).rejects.toThrow();
    } finally {
      await second.close();
    }
  });
});

describe('sockets of ended sessions', () => {
  it('a socket whose session expires is told and dropped; other sockets stay', async () => {
    const ending = await makeUser(app);
    const staying = await makeUser(app);
    const socket = await openSocket(app.url, { transport: 'websocket', cookie: ending.client.cookieHeader });
    const other = await openSocket(app.url, { transport: 'websocket', cookie: staying.client.cookieHeader });
    try {
      const told = nextEvent(socket, 'session:ended', 3000);
      const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const db = new pg.Client({ connectionString: app.databaseUrl });
      await db.connect();
      try {
        await db.query(`update sessions set expire = now() - interval '1 minute' where user_id = $1`, [ending.user.id]);
      } finally {
        await db.end();
      }
      await told;
      expect(await dropped).toBe('io server disconnect');
      // A few more sweeps: the live session's socket is left alone.
      await new Promise((r) => setTimeout(r, 300));
      expect(other.connected).toBe(true);
    } finally {
      socket.close();
      other.close();
    }
  });
});

describe('what a socket keeps of its handshake (docs/decisions/0034)', () => {
  /** A full collection, from a context where the flag exposes it (vitest's workers run without it). */
  const collect = (() => {
    v8.setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  })();

  it("a WebSocket's upgrade request is let go once the socket is connected, while the socket stays", async () => {
    const { client } = await makeUser(app);
    let upgrade: WeakRef<IncomingMessage> | undefined;
    const onConnection = (conn: { request: IncomingMessage }) => (upgrade = new WeakRef(conn.request));
    app.server.deps.io.engine.once('connection', onConnection);
    const socket = await connectSocket(app.url, client.cookieHeader);
    try {
      expect(upgrade?.deref()).toBeDefined();
      for (let i = 0; i < 3 && upgrade?.deref(); i++) {
        // A WeakRef holds its target to the end of the task that read it: collect in the next one.
        await new Promise((r) => setTimeout(r, 10));
        collect();
      }
      expect(upgrade?.deref()).toBeUndefined();
      // The socket still works: a live event reaches it.
      const upsert = nextEvent(socket, 'board:upsert');
      const created = await client.post('/api/requests', requestBody());
      expect(created.status).toBe(201);
      expect((await upsert)[0]).toMatchObject({ id: created.body.id });
    } finally {
      socket.close();
    }
  });
});
