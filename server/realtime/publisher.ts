import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../protocol/events.ts';

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
      io.in(room).disconnectSockets(true);
    },
  };
}
