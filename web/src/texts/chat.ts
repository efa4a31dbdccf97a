// Base chat, and what every conversation shows (the composer, a message's preview).
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const CHAT_TEXT = {
  baseChat: 'Base Chat',
  reserveChat: 'Reserve Chat',
  lineHolderChat: 'Line Holder Chat',
  messageYourBase: 'Message your base...',
  chatLoadFailed: 'Could not load the chat.',
  messageOptions: 'Message options',
  deleteMessage: 'Delete message',
  attachPhotos: 'Attach photos',
  send: 'Send',
  sentAnImage: 'Sent an image',
} as const;
