// Direct messages: the Messages screen, a conversation and the New Message dialog.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const MESSAGING_TEXT = {
  messagesTitle: 'Messages',
  messagesSubtitle: 'Talk with crew in your group',
  newMessage: 'New Message',
  conversations: 'Conversations',
  selectConversation: 'Select a conversation or start a new one.',
  conversationLoadFailed: 'Could not open this conversation.',
  deleteConversation: 'Delete conversation',
  deleteConversationTitle: 'Delete Conversation',
  deleteConversationConfirm: 'Delete your conversation with {name}? It is removed for you only.',
  backToConversations: 'Back to conversations',
  typeMessage: 'Type a message...',
  attachImages: 'Attach images',
  messageRead: 'Read',
  messageSent: 'Sent',
  searchCrew: 'Search crew',
  searchCrewPlaceholder: 'Search name, airline, position, employee #',
  crewLoadFailed: 'Could not load crew members.',
} as const;
