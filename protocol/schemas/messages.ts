import { z } from 'zod';
import { CHAT_TYPES, type ChatType } from '../enums.ts';
import { MESSAGE_MAX } from '../limits.ts';
import { MESSAGING_MSG } from '../messages/messaging.ts';
import { clientKeyField, idField } from './fields.ts';

export { clientKeyField };

/** Text of a message: untrimmed (line breaks are the sender's), held to MESSAGE_MAX characters. */
const content = z
  .string()
  .optional()
  .default('')
  .refine((v) => [...v].length <= MESSAGE_MAX, MESSAGING_MSG.messageTooLong);

/** POST /api/messages. Blank text needs at least one attachment (the route checks files). */
export const directMessageSchema = z.object({
  toUserId: idField(MESSAGING_MSG.messageRecipientInvalid),
  content,
  clientKey: clientKeyField,
});
export type DirectMessageBody = z.infer<typeof directMessageSchema>;
export interface DirectMessageInput {
  toUserId: number;
  content: string;
  clientKey?: string;
}

export const chatTypeSchema = z.enum(CHAT_TYPES, { error: MESSAGING_MSG.chatTypeInvalid });

/** POST /api/base-chat. Blank text needs at least one photo (the route checks files). */
export const chatMessageSchema = z.object({
  chatType: chatTypeSchema,
  content,
  clientKey: clientKeyField,
});
export type ChatMessageBody = z.infer<typeof chatMessageSchema>;
export interface ChatInput {
  chatType: ChatType;
  content: string;
  clientKey?: string;
}

/** Empty text with files is stored as a single space (docs/product-spec.md section 5). */
export const storedContent = (text: string, files: number) => (text.trim() === '' && files > 0 ? ' ' : text);
