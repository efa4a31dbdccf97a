// A deploy played for the browser tests (web/e2e/after-deploy.test.ts, overlays.test.ts): the app
// behind a pass-through proxy whose /sw.js changes on deploy(), so the running service worker finds
// a new version waiting.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

/**
 * The app behind a pass-through proxy that can play a deploy: after deploy(), /sw.js comes back
 * changed (a worker's update check is the browser's own request, which page routes do not see).
 * Cookies ignore ports, so the signed-in session carries over.
 */
export async function deployProxy(target: string) {
  const upstream = new URL(target);
  let deployed = false;
  const server = http.createServer((req, res) => {
    const rewrite = deployed && (req.url ?? '').startsWith('/sw.js');
    const headers = { ...req.headers, ...(rewrite && { 'accept-encoding': 'identity' }) };
    const up = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
      if (!rewrite) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from('\n// the next deploy\n')]);
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-length': String(body.length), etag: '"next"' });
        res.end(body);
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  const upgraded = new Set<net.Socket>();
  server.on('upgrade', (req, socket: net.Socket, head) => {
    const up = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`)];
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      up.write(head);
      socket.pipe(up).pipe(socket);
    });
    upgraded.add(socket).add(up);
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deploy: () => {
      deployed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
