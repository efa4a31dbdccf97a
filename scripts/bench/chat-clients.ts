// One client process of the chat fan-out bench (scenario-chat.ts): opens its share of the room's
// sockets, and times each chat:new from the send time written in the message to its arrival here.
//
// Each socket is a bare WebSocket speaking the Engine.IO 4 / Socket.IO 5 wire format (open, connect
// to the main namespace, answer pings, read event frames), not socket.io-client: 1,000 receivers
// share the two cores with the app, and the full client's decoding of 20,000 frames a second
// measured the receivers' queue more than the server's fan-out. The server side is unchanged: the
// same upgrade with the session cookie, the same rooms, the same frames.
import WebSocket from 'ws';

interface Start {
  url: string;
  cookies: string[];
}

const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
/** Per message (its send time as the key), the delays of every socket here that heard it, in ms. */
const heard = new Map<string, number[]>();
const BENCH_CONTENT = /"content":"bench:(\d+(?:\.\d+)?)"/;

function open(url: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    headers: { cookie },
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      const at = now();
      const text = data.toString();
      if (text === '2')
        ws.send('3'); // Engine.IO ping → pong
      else if (text.startsWith('42["chat:new"')) {
        const key = BENCH_CONTENT.exec(text)?.[1];
        if (key === undefined) return;
        const list = heard.get(key) ?? [];
        list.push(at - Number(key));
        heard.set(key, list);
      } else if (text.startsWith('0'))
        ws.send('40'); // Engine.IO open → Socket.IO connect
      else if (text.startsWith('40')) resolve(ws);
      else if (text.startsWith('44')) reject(new Error(`refused: ${text}`));
    });
    ws.once('error', reject);
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
