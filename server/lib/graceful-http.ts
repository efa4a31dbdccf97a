import http, { type RequestListener, type ServerResponse } from 'node:http';

export interface GracefulHttpServer {
  server: http.Server;
  /**
   * Shutdown has begun: every response from now on, in flight or new, closes its connection, so a
   * kept-alive connection does not hold the stopping server open once its request is answered.
   */
  drain(): void;
}

/** An HTTP server whose connections end with their last answer once it drains. */
export function createHttpServer(handler: RequestListener): GracefulHttpServer {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const server = http.createServer((req, res) => {
    if (draining) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      // A response that had sent its headers before the drain left its connection kept alive.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    handler(req, res);
  });
  return {
    server,
    drain() {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      server.closeIdleConnections();
    },
  };
}
