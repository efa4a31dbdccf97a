import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#protocol/events.ts';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A browser-like socket: the session cookie at the handshake, websocket transport. `before` runs
 * before the connection opens, for listeners that must not miss what the server sends at once.
 */
export function connectSocket(
  url: string,
  cookie: string,
  before?: (socket: TestSocket) => void,
  options: { transports?: ('websocket' | 'polling')[] } = {},
): Promise<TestSocket> {
  const socket: TestSocket = io(url, {
    path: '/socket.io',
    // Polling only: the fallback a proxy that blocks WebSocket leaves, never upgraded.
    transports: options.transports ?? ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
  before?.(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The next event of that name, or a rejection after timeoutMs. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${timeoutMs} ms`)), timeoutMs);
    // socket.io-client's typed once() can't express a generic listener here; the cast is only for that.
    (socket as unknown as { once: (e: string, l: (...a: unknown[]) => void) => void }).once(event as string, (...args: unknown[]) => {
      clearTimeout(timer);
      resolve(args as Parameters<ServerToClientEvents[E]>);
    });
  });
}

/**
 * The next event of that name whose payload meets `check`: an earlier change's events may still be
 * on the way when a test starts listening, so it waits for the one it expects.
 */
export function nextEventWhere<E extends 'badges' | 'chain:update' | 'match:update'>(
  socket: TestSocket,
  event: E,
  check: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  type Payload = Parameters<ServerToClientEvents[E]>[0];
  // As in nextEvent: the typed on()/off() can't take a listener generic over the event name.
  const s = socket as unknown as { on: (e: string, l: (p: Payload) => void) => void; off: (e: string, l: (p: Payload) => void) => void };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, listener);
      reject(new Error(`no ${event} meeting the check within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: Payload) => {
      if (!check(payload)) return;
      clearTimeout(timer);
      s.off(event, listener);
      resolve(payload);
    };
    s.on(event, listener);
  });
}
