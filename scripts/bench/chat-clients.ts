// One client process of the chat fan-out bench (scenario-chat.ts): opens its share of the room's
// sockets, and times each chat:new from the send time written in the message to its arrival here.
import { io, type Socket } from 'socket.io-client';

interface Start {
  url: string;
  cookies: string[];
}

const now = () => performance.timeOrigin + performance.now();
const sockets: Socket[] = [];
/** Per message (its send time as the key), the delays of every socket here that heard it, in ms. */
const heard = new Map<string, number[]>();

function open(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  socket.on('chat:new', (m: { content: string }) => {
    const at = now();
    const match = /^bench:(\d+(?:\.\d+)?)$/.exec(m.content);
    if (!match) return;
    const list = heard.get(match[1]!) ?? [];
    list.push(at - Number(match[1]));
    heard.set(match[1]!, list);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

process.on('message', (msg: { type: 'start'; start: Start } | { type: 'stop' }) => {
  void (async () => {
    if (msg.type === 'start') {
      const { url, cookies } = msg.start;
      // A few at a time, as browsers arrive: the handshake reads each session.
      for (let i = 0; i < cookies.length; i += 20) sockets.push(...(await Promise.all(cookies.slice(i, i + 20).map((c) => open(url, c)))));
      process.send!({ type: 'ready', sockets: sockets.length });
    } else {
      for (const s of sockets) s.close();
      process.send!({ type: 'results', heard: [...heard] }, () => process.exit(0));
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});
