import { defineEntity, p } from '@mikro-orm/core';
import { insertTime, serialId, storedFileColumns, updateTime } from './columns.ts';
import { Match } from './request.entity.ts';
import { User } from './user.entity.ts';

export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  indexes: [
    { name: 'messages_unread_index', properties: ['toUser', 'isRead'] },
    { name: 'messages_pair_index', properties: ['fromUser', 'toUser', 'createdAt'] },
    { name: 'messages_recipient_sender_index', properties: ['toUser', 'fromUser', 'id'] },
  ],
  // A send retried with the same client key is stored once (per sender).
  uniques: [{ name: 'messages_sender_client_key_unique', properties: ['fromUser', 'clientKey'] }],
  properties: {
    id: serialId(),
    fromUser: p.manyToOne(User).deleteRule('cascade').fieldName('from_user_id'),
    toUser: p.manyToOne(User).deleteRule('cascade').fieldName('to_user_id'),
    content: p.text(),
    match: p.manyToOne(Match).deleteRule('set null').nullable().fieldName('match_id'),
    isRead: p.boolean().default(false),
    clientKey: p.string().length(64).nullable(),
    createdAt: insertTime(),
  },
});

/**
 * A conversation deleted by one of its two people: messages of the pair up to and including
 * `clearedThroughId` are hidden for `user` only; the other person keeps them.
 */
export const ConversationCleared = defineEntity({
  name: 'ConversationCleared',
  tableName: 'conversation_cleared',
  properties: {
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id').primary(),
    otherUser: p.manyToOne(User).deleteRule('cascade').fieldName('other_user_id').primary().index(),
    clearedThroughId: p.integer(),
    clearedAt: insertTime(),
  },
});

export const MessageAttachment = defineEntity({
  name: 'MessageAttachment',
  tableName: 'message_attachments',
  properties: {
    id: serialId(),
    message: p.manyToOne(Message).deleteRule('cascade').fieldName('message_id').index(),
    ...storedFileColumns(),
  },
});

export const BaseChatMessage = defineEntity({
  name: 'BaseChatMessage',
  tableName: 'base_chat_messages',
  indexes: [{ name: 'base_chat_room_index', properties: ['airline', 'base', 'position', 'chatType', 'createdAt'] }],
  uniques: [{ name: 'base_chat_messages_sender_client_key_unique', properties: ['user', 'clientKey'] }],
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id').index(),
    airline: p.string().length(30),
    base: p.string().length(10),
    position: p.string().length(30),
    chatType: p.string().length(20),
    content: p.text().default(''),
    clientKey: p.string().length(64).nullable(),
    createdAt: insertTime(),
    updatedAt: updateTime(),
  },
});

export const BaseChatMessageAttachment = defineEntity({
  name: 'BaseChatMessageAttachment',
  tableName: 'base_chat_message_attachments',
  properties: {
    id: serialId(),
    message: p.manyToOne(BaseChatMessage).deleteRule('cascade').fieldName('message_id').index(),
    ...storedFileColumns(),
  },
});

export const ScheduleImage = defineEntity({
  name: 'ScheduleImage',
  tableName: 'schedule_images',
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id').index(),
    ...storedFileColumns(),
  },
});
