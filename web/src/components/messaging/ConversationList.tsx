// The conversation list: the other person, the last message, its time and the unread count.
import type { ConversationSummary } from '#protocol/shapes.ts';
import { MESSAGING_MSG } from '#protocol/messages/messaging.ts';
import { fullName } from '../../lib/format.ts';
import { MESSAGING_TEXT } from '../../texts/messaging.ts';
import { Avatar, lastMessagePreview, messageTime } from './pieces.tsx';

interface Props {
  conversations: ConversationSummary[];
  selectedId: number | null;
  myId: number;
  onSelect: (userId: number) => void;
}

export function ConversationList({ conversations, selectedId, myId, onSelect }: Props) {
  if (conversations.length === 0) return <p className="empty-text list-slot">{MESSAGING_MSG.noConversations}</p>;
  return (
    <ul className="conversation-list" aria-label={MESSAGING_TEXT.conversations}>
      {conversations.map((c) => {
        const unread = c.unreadCount;
        return (
          <li key={c.user.id}>
            <button
              type="button"
              className={`conversation-item${c.user.id === selectedId ? ' is-selected' : ''}${unread > 0 ? ' is-unread' : ''}`}
              aria-current={c.user.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(c.user.id)}
            >
              <Avatar user={c.user} />
              <span className="conversation-main">
                <span className="conversation-top">
                  <span className="conversation-name">{fullName(c.user)}</span>
                  <time className="conversation-time" dateTime={c.lastMessage.createdAt}>
                    {messageTime(c.lastMessage.createdAt)}
                  </time>
                </span>
                <span className="conversation-bottom">
                  <span className="conversation-preview">{lastMessagePreview(c, myId)}</span>
                  {unread > 0 && (
                    <span className="unread-count">
                      {unread > 99 ? '99+' : unread}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
