import { CHAT_TYPES, type ChatType } from '#protocol/enums.ts';
import type { ChatRoom } from '../../events/domain-events.ts';
import { rooms } from '../../realtime/rooms.ts';
import { groupKeyOf, type GroupFields } from '../user-kernel/group.ts';

/**
 * A user's base chat room of one type: airline + base + position + chat type (docs/ARCHITECTURE.md
 * section 5; the aircraft type does not split it, unlike the board). Null until the profile is
 * complete: the same rule that admits a user to the board admits them to the chat.
 */
export function chatRoomOf(u: GroupFields, chatType: ChatType): ChatRoom | null {
  if (!groupKeyOf(u)) return null;
  return { airline: u.airline!, base: u.base!, position: u.position!, chatType };
}

export const chatRoomName = (room: ChatRoom) => rooms.chat(room.airline, room.base, room.position, room.chatType);

/** The socket rooms of both chat types a user listens to (none without a complete profile). */
export function chatRoomNamesOf(u: GroupFields): string[] {
  return CHAT_TYPES.flatMap((t) => {
    const room = chatRoomOf(u, t);
    return room ? [chatRoomName(room)] : [];
  });
}

/** Whether a stored message is in the user's rooms (either chat type). */
export const inRoomsOf = (u: GroupFields, m: { airline: string; base: string; position: string }) =>
  groupKeyOf(u) !== null && m.airline === u.airline && m.base === u.base && m.position === u.position;
