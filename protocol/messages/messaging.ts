// Direct messages and base chat.
// Part of MSG (protocol/messages.ts); the web imports this file alone for these texts.
export const MESSAGING_MSG = {
  messageEmpty: 'Type a message or attach an image',
  messageTooLong: 'Messages must be 5000 characters or fewer',
  messageRecipientInvalid: 'Choose a crew member to message',
  messageRecipientNotAllowed: 'You can only message crew of your airline, base, position and aircraft',
  messageToSelf: 'You cannot message yourself',
  clientKeyInvalid: 'Invalid message key',
  invalidFileTypeTitle: 'Invalid file type',
  messageSendFailed: 'Failed to send message. Please try again.',
  conversationDeleted: 'Conversation deleted',
  conversationDeleteFailed: 'Failed to delete conversation. Please try again.',
  noConversations: 'No conversations yet',
  noMessages: 'No messages yet',
  noCrewMembers: 'No crew members found',
  chatTypeInvalid: 'Chat type must be reserve or lineholder',
  chatTooManyImages: 'You can upload a maximum of 6 images per message.',
  chatMessageNotFound: 'Message not found',
  chatDeleteOwnOnly: 'You can only delete your own messages',
  chatSendFailed: 'Failed to send message. Please try again.',
  chatDeleteFailed: 'Failed to delete message. Please try again.',
  chatMessageDeleted: 'Message deleted successfully.',
} as const;
