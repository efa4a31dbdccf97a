import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '#protocol/events.ts';

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents>;
type EventName = keyof ServerToClientEvents;

/** What services use to reach sockets, on this instance and (through the Redis adapter) all others. */
export interface Publisher {
  publish<E extends EventName>(room: string | string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  disconnect(room: string): void;
}

export function createPublisher(io: IoServer): Publisher {
  return {
    publish(room, event, ...args) {
      io.to(room).emit(event, ...args);
    },
    disconnect(room) {
      // This instance's sockets at once, even while Redis is down (the adapter acts on its own
      // message coming back); the other instances' through the adapter.
      io.local.in(room).disconnectSockets(true);
      io.in(room).disconnectSockets(true);
    },
  };
}
