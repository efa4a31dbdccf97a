// One client process of the soak (scenario-soak.ts): its share of the crew's sockets, through the
// balancer as browsers connect, counting the live events they hear once told the measured part
// has begun. In a process of its own so that decoding hundreds of events a second never delays
// the timing of the REST calls, which the scenario's own process makes.
import { io, type Socket } from 'socket.io-client';

type Message = { type: 'start'; url: string; cookies: string[] } | { type: 'measure' } | { type: 'stop' };

const sockets: Socket[] = [];
let counting = false;
let events = 0;

process.on('message', (msg: Message) => {
  if (msg.type === 'start') {
    for (const cookie of msg.cookies) {
      const socket = io(msg.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: true });
      socket.onAny(() => {
        if (counting) events++;
      });
      sockets.push(socket);
    }
    const ready = () => sockets.every((s) => s.connected);
    const poll = setInterval(() => {
      if (!ready()) return;
      clearInterval(poll);
      process.send!({ type: 'ready' });
    }, 100);
  } else if (msg.type === 'measure') {
    counting = true;
  } else {
    const connected = sockets.filter((s) => s.connected).length;
    for (const s of sockets) s.close();
    process.send!({ type: 'results', events, connected }, () => process.exit(0));
  }
});
