// One client process of the two-instance fan-out bench (scenario-fanout.ts): opens its share of the
// group's sockets (each to the instance it is given), and notes when each board event arrives.
//
// As in chat-clients.ts, each socket is a bare WebSocket speaking the Engine.IO 4 / Socket.IO 5
// wire format, not socket.io-client: 5,000 receivers share the two cores with the servers. A frame
// is read only as far as its event name and the request id that leads its payload
// (`42["board:upsert",{"id":123,...`); nothing is JSON-parsed. The arrival times go back to the
// bench, which holds the send times (a create's id is known only once it has answered).
import WebSocket from 'ws';

export interface FanoutStart {
  /** The servers, in order (the app's two instances, or the reference's two processes). */
  urls: string[];
  /** One entry per socket: the server to open it on (an index into urls), and the session cookie (none for the reference). */
  targets: { server: number; cookie: string }[];
}

export interface FanoutResults {
  /**
   * Per server and event (`<server> upsert:<id>` or `<server> remove:<id>`), the arrival time at
   * every socket here on that server that heard it (epoch ms).
   */
  heard: [string, number[]][];
  /** Sockets the server closed or lost during the run. */
  closed: number;
}

const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
const heard = new Map<string, number[]>();
let closed = 0;
let arrivals = 0;
let stopping = false;
const BOARD_EVENT = /^42\["board:(upsert|remove)",\{"id":(\d+)/;

function open(url: string, server: number, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    headers: cookie ? { cookie } : {},
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      const at = now();
      // An event frame starting 42["b (board events, and the badge counts a sender hears): its first 40 bytes only.
      if (data[0] === 0x34 && data[1] === 0x32 && data[4] === 0x62) {
        const m = BOARD_EVENT.exec(data.toString('latin1', 0, 40));
        if (!m) return;
        const key = `${server} ${m[1]}:${m[2]}`;
        arrivals++;
        const list = heard.get(key);
        if (list) list.push(at);
        else heard.set(key, [at]);
        return;
      }
      const text = data.toString();
      if (text === '2')
        ws.send('3'); // Engine.IO ping → pong
      else if (text.startsWith('0'))
        ws.send('40'); // Engine.IO open → Socket.IO connect
      else if (text.startsWith('40')) resolve(ws);
      else if (text.startsWith('44')) reject(new Error(`refused: ${text}`));
    });
    ws.once('error', reject);
    ws.once('close', () => {
      if (!stopping) closed++;
    });
  });
}

process.on('message', (msg: { type: 'start'; start: FanoutStart } | { type: 'progress' } | { type: 'stop' }) => {
  void (async () => {
    if (msg.type === 'start') {
      const { urls, targets } = msg.start;
      // A few at a time, as browsers arrive: the app's handshake reads each session.
      for (let i = 0; i < targets.length; i += 20) {
        sockets.push(...(await Promise.all(targets.slice(i, i + 20).map((t) => open(urls[t.server]!, t.server, t.cookie)))));
      }
      process.send!({ type: 'ready', sockets: sockets.length });
    } else if (msg.type === 'progress') {
      // How many board events have arrived so far: the bench waits for the count to settle after the last send.
      process.send!({ type: 'progress', arrivals });
    } else {
      stopping = true;
      for (const s of sockets) s.close();
      const results: FanoutResults = { heard: [...heard], closed };
      process.send!({ type: 'results', results }, () => process.exit(0));
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});
