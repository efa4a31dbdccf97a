import type { ChatType } from '#protocol/enums.ts';
import type { ChatMessage } from '#protocol/shapes.ts';
import type { ChatMessageRow } from './base-chat.queries.ts';

/** A stored chat message as the client sees it; the client key only for its poster (viewerId null: nobody's). */
export function presentChatMessage(row: ChatMessageRow, viewerId: number | null): ChatMessage {
  return {
    id: row.id,
    userId: row.userId,
    // The column holds what chatTypeSchema let in.
    chatType: row.chatType as ChatType,
    content: row.content,
    attachments: row.attachments.map((a) => ({ id: a.id, filename: a.filename, originalName: a.originalName })),
    createdAt: new Date(row.createdAt).toISOString(),
    user: { firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl, employeeNumber: row.employeeNumber },
    clientKey: viewerId !== null && row.userId === viewerId ? row.clientKey : null,
  };
}
