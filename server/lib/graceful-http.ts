import http, { type RequestListener, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

export interface GracefulHttpServer {
  server: http.Server;
  /**
   * Shutdown has begun (the drain period): the server still accepts and answers, but every response
   * from now on, in flight or new, closes its connection, so each client's next request opens a new
   * one, which the load balancer sends elsewhere. No connection is closed under a client here: an
   * idle kept-alive connection may already carry its next request, unread (a busy CPU reads late).
   */
  drain(): void;
  /**
   * Stops accepting and resolves once every connection has ended: requests in flight are answered
   * (with `Connection: close`), idle connections are closed after `settleMs`, upgraded ones
   * (WebSockets, told to close by Socket.IO meanwhile) that have not closed after `upgradeGraceMs`
   * are destroyed, and whatever is still open after `graceMs` is cut.
   *
   * `settleMs`: a connection whose request the server has not read yet looks idle (on a busy CPU the
   * read comes late), and closing it resets a request the client has sent. Node's server.close()
   * closes idle connections at once; here they get this long to be read first.
   *
   * `quietMs`: the listener closes only once no connection has arrived for this long (at most
   * `quietMaxMs` of waiting). Closing a listening socket resets the connections still in the
   * kernel's accept queue, which a balancer's last requests to a draining instance can be in: after
   * the drain, a quiet moment is the only time closing resets nothing.
   */
  stop(options: { graceMs: number; upgradeGraceMs: number; settleMs: number; quietMs?: number; quietMaxMs?: number }): Promise<void>;
}

/** An HTTP server whose connections end with their last answer once it drains. */
export function createHttpServer(handler: RequestListener): GracefulHttpServer {
  const inFlight = new Set<ServerResponse>();
  const upgraded = new Set<Duplex>();
  let draining = false;
  let lastConnection = 0;
  const server = http.createServer((req, res) => {
    if (draining) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    handler(req, res);
  });
  server.on('connection', () => {
    lastConnection = Date.now();
  });
  // Upgraded connections leave the HTTP server's bookkeeping but still hold its close open.
  server.on('upgrade', (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  const destroyUpgraded = () => {
    for (const socket of upgraded) socket.destroy();
  };
  return {
    server,
    drain() {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
    async stop({ graceMs, upgradeGraceMs, settleMs, quietMs = 0, quietMaxMs = 2_000 }) {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      // Still accepting (and answering with Connection: close) until the connections stop coming.
      const giveUpAt = Date.now() + quietMaxMs;
      while (quietMs > 0 && Date.now() - lastConnection < quietMs && Date.now() < giveUpAt) {
        await new Promise((r) => setTimeout(r, Math.min(quietMs - (Date.now() - lastConnection), giveUpAt - Date.now()) + 1));
      }
      return new Promise<void>((resolve) => {
        let settled = false;
        // A response sent before the drain kept its connection alive: it ends once idle.
        const closeIdle = () => setImmediate(() => settled && server.closeIdleConnections());
        for (const res of inFlight) if (res.headersSent) res.once('close', closeIdle);
        const settle = setTimeout(() => {
          settled = true;
          // After the drain there are few: a client that sent anything since was told to close.
          server.closeIdleConnections();
        }, settleMs);
        const unanswered = setTimeout(destroyUpgraded, upgradeGraceMs);
        const cut = setTimeout(() => {
          server.closeAllConnections();
          destroyUpgraded();
        }, graceMs);
        // Stops accepting only: http.Server.close() would also close the idle connections now.
        net.Server.prototype.close.call(server, () => {
          for (const timer of [settle, unanswered, cut]) clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
