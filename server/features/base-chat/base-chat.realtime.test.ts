// Base chat over Socket.IO with two instances sharing Redis, as behind a load balancer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '#protocol/shapes.ts';
import { rooms } from '../../realtime/rooms.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { connectSocket, nextEvent, type TestSocket } from '../../test/socket-client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startTwoInstances, type TwoInstances } from '../../test/two-instances.ts';

let pair: TwoInstances | undefined;
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  pair = await startTwoInstances();
  ({ one, two } = pair);
});
afterAll(async () => {
  await pair?.close();
});

/** A socket on the polling fallback only (no WebSocket upgrade). */
const pollingSocket = (url: string, cookie: string) => connectSocket(url, cookie, undefined, { transports: ['polling'] });

/** Every chat event a socket hears from now on. */
function chatLog(socket: TestSocket) {
  const got: { event: string; payload: unknown }[] = [];
  socket.on('chat:new', (m) => got.push({ event: 'chat:new', payload: m }));
  socket.on('chat:deleted', (d) => got.push({ event: 'chat:deleted', payload: d }));
  return got;
}

let bases = 0;
const freshBase = () => `RT${(bases++).toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(0, 10);
const settle = () => new Promise((r) => setTimeout(r, 400));
const post = (crew: SignedInUser, content: string, chatType = 'reserve', clientKey?: string) =>
  crew.client.post<ChatMessage>('/api/base-chat', { chatType, content, clientKey });

const sockets: TestSocket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));
const keep = (s: TestSocket) => (sockets.push(s), s);

describe('base chat live', () => {
  it('reaches exactly the sockets of the room on both instances, over WebSocket and polling; another base hears nothing', async () => {
    const base = freshBase();
    const poster = await makeUser(one, { base });
    const mate = await makeUser(one, { base, aircraftType: 'A320' });
    const mate2 = await makeUser(one, { base });
    const stranger = await makeUser(one, { base: freshBase() });
    const otherPosition = await makeUser(one, { base, position: 'flight_attendant' });
    const posterOnTwo = keep(await connectSocket(two.url, poster.client.cookieHeader));
    const mateOnOne = keep(await connectSocket(one.url, mate.client.cookieHeader));
    const mateOnTwoPolling = keep(await pollingSocket(two.url, mate2.client.cookieHeader));
    const strangerOnOne = keep(await connectSocket(one.url, stranger.client.cookieHeader));
    const positionOnTwo = keep(await connectSocket(two.url, otherPosition.client.cookieHeader));
    const logs = [posterOnTwo, mateOnOne, mateOnTwoPolling, strangerOnOne, positionOnTwo].map(chatLog);

    const sent = await post(poster, 'swap anyone?', 'reserve', 'rt-key-000001');
    expect(sent.status).toBe(201);
    await settle();
    const others = { ...sent.body, clientKey: null };
    expect(logs[0]).toEqual([{ event: 'chat:new', payload: sent.body }]);
    expect(logs[1]).toEqual([{ event: 'chat:new', payload: others }]);
    expect(logs[2]).toEqual([{ event: 'chat:new', payload: others }]);
    expect(logs[3]).toEqual([]);
    expect(logs[4]).toEqual([]);

    // The deletion reaches the same sockets, through the other instance.
    expect((await fetchDelete(two.url, poster, sent.body.id)).status).toBe(200);
    await settle();
    for (const log of logs.slice(0, 3))
      expect(log.at(-1)).toEqual({ event: 'chat:deleted', payload: { id: sent.body.id, chatType: 'reserve' } });
    expect(logs[3]).toEqual([]);
    expect(logs[4]).toEqual([]);
  });

  it('the other chat type’s room hears nothing', async () => {
    const base = freshBase();
    const poster = await makeUser(one, { base });
    const listener = await makeUser(one, { base });
    const socket = keep(await connectSocket(two.url, listener.client.cookieHeader));
    // Leave the reserve room: the socket is now in the lineholder room only.
    two.server.deps.io.local.in(socket.id!).socketsLeave(rooms.chat('Delta', base, 'captain', 'reserve'));
    const log = chatLog(socket);
    await post(poster, 'reserve only', 'reserve');
    await settle();
    expect(log).toEqual([]);
    const heard = nextEvent(socket, 'chat:new');
    const line = await post(poster, 'line holders', 'lineholder');
    expect((await heard)[0]).toEqual({ ...line.body, clientKey: null });
    expect(log).toHaveLength(1);
  });

  it('after a profile change to another base the socket hears the new room and not the old one', async () => {
    const oldBase = freshBase();
    const newBase = freshBase();
    const mover = await makeUser(one, { base: oldBase });
    const oldMate = await makeUser(one, { base: oldBase });
    const newMate = await makeUser(one, { base: newBase });
    const onTwo = keep(await connectSocket(two.url, mover.client.cookieHeader));
    const polling = keep(await pollingSocket(one.url, mover.client.cookieHeader));
    const res = await mover.client.put('/api/profile', {
      firstName: 'Alex',
      lastName: 'Crew',
      airline: 'Delta',
      position: 'captain',
      employeeNumber: mover.user.employeeNumber,
      base: newBase,
      aircraftType: '737',
      emailNotifications: true,
    });
    expect(res.status).toBe(200);
    await settle();
    const logs = [onTwo, polling].map(chatLog);
    await post(oldMate, 'old room', 'reserve');
    const fresh = await post(newMate, 'new room', 'lineholder');
    await settle();
    for (const log of logs) expect(log).toEqual([{ event: 'chat:new', payload: { ...fresh.body, clientKey: null } }]);
  });
});

/** DELETE through a given instance with the user's session cookie. */
async function fetchDelete(url: string, crew: SignedInUser, id: number) {
  return fetch(`${url}/api/base-chat/${id}`, { method: 'DELETE', headers: { cookie: crew.client.cookieHeader } });
}
