// The soak's load balancer, in a process of its own as nginx is in docker-compose: each connection
// goes to the next target in turn (HTTP keep-alive and WebSockets alike). ROUTES lists
// "port>target,target;port>target": one listening port per balancer, all in this process, so the
// app's and the yardstick's calls cross the same kind of hop, and neither shares a loop with the
// client that times them.
import net from 'node:net';

function roundRobin(port: number, targets: number[]): Promise<void> {
  let next = 0;
  const server = net.createServer((client) => {
    const target = targets[next++ % targets.length]!;
    const upstream = net.connect(target, '127.0.0.1');
    // As nginx does (tcp_nodelay): without it, Nagle and delayed ACKs hold a response's last packet for 40 ms.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

const routes = (process.env.ROUTES ?? '').split(';').filter(Boolean);
await Promise.all(
  routes.map((route) => {
    const [port, targets] = route.split('>');
    return roundRobin(Number(port), targets!.split(',').map(Number));
  }),
);
console.log('READY');
