// The yardstick of the two-instance fan-out budget (docs/ARCHITECTURE.md section 10): a bare Socket.IO
// server with the Redis adapter, nothing else (no sessions, no database, no framework). Run as two
// processes, like the app's two instances; every socket joins one room on connecting, and
// POST /emit?kind=upsert|remove&id=N&size=S on either process broadcasts one event to that room (a
// payload of S bytes of JSON for an upsert, `{"id":N}` for a remove), reaching the other process's
// sockets over Redis, as the app's board events do. Its own adapter key, so an app on the same Redis
// never hears it.
import http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 0);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOM = 'board:reference';

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'POST' || url.pathname !== '/emit') {
    res.writeHead(404).end();
    return;
  }
  req.resume();
  req.on('end', () => {
    const id = Number(url.searchParams.get('id'));
    if (url.searchParams.get('kind') === 'remove') {
      io.to(ROOM).emit('board:remove', { id });
    } else {
      // `{"id":N,"pad":"xxx"}` of S bytes: the size of the app's board:upsert payload.
      const bare = JSON.stringify({ id, pad: '' }).length;
      io.to(ROOM).emit('board:upsert', { id, pad: 'x'.repeat(Math.max(0, Number(url.searchParams.get('size')) - bare)) });
    }
    res.writeHead(204).end();
  });
});
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.adapter(createAdapter(new Redis(redisUrl), new Redis(redisUrl), { key: 'bench-fanout-reference' }));
io.on('connection', (socket) => void socket.join(ROOM));
server.listen(port, '127.0.0.1', () => {
  const addr = server.address();
  console.log(`READY ${typeof addr === 'object' && addr ? addr.port : port}`);
});
