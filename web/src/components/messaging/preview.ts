// A message's text as lists show it. Apart from pieces.tsx so the dashboard's Recent Messages list
// reads it without the composer, the image viewer and the rest of the messaging pieces.
import type { ConversationSummary } from '#protocol/shapes.ts';
import { TEXT } from '../../texts/firstScreen.ts';

/** A message's text as shown: the single space stored for an image-only message shows as nothing. */
export const shownText = (content: string) => (content.trim() === '' ? '' : content);

/** A conversation's last message in one line, "You: " first when it is the user's own. */
export function lastMessagePreview(c: ConversationSummary, myId: number): string {
  const text = shownText(c.lastMessage.content).replace(/\s+/g, ' ').trim();
  const body = text || (c.lastMessage.attachments.length > 0 || c.lastMessage.content === ' ' ? TEXT.sentAnImage : '');
  return c.lastMessage.fromUserId === myId ? `You: ${body}` : body;
}
