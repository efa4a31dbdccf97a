// One conversation: the other person (name to their profile), Load earlier, the messages oldest
// first with read marks on one's own, the composer, and delete (for the caller only).
import { AppLink } from '../../app/AppLink.tsx';
import { MESSAGING_MSG } from '#protocol/messages/messaging.ts';
import type { DirectMessage, MessageUser } from '#protocol/shapes.ts';
import { fullName } from '../../lib/format.ts';
import { COMMON_TEXT } from '../../texts/common.ts';
import { MESSAGING_TEXT } from '../../texts/messaging.ts';
import { useMessagesStore, type Thread as ThreadState } from '../../stores/useMessagesStore.ts';
import { TrashIcon } from '../Icons.tsx';
import { Composer } from './Composer.tsx';
import { Avatar, BackIcon, MessageImages, messageKey, messageTime, shownText, useListScroll } from './pieces.tsx';

interface Props {
  user: MessageUser;
  thread: ThreadState | undefined;
  myId: number;
  onBack?: () => void;
  onDelete: () => void;
  onLoadEarlier: () => void;
}

function Bubble({ message, mine, showRead }: { message: DirectMessage; mine: boolean; showRead: boolean }) {
  const text = shownText(message.content);
  return (
    <li className={`bubble-row${mine ? ' is-mine' : ''}${message.id < 0 ? ' is-pending' : ''}`} data-message-id={message.id}>
      <div className="bubble">
        {text && <p className="bubble-text">{text}</p>}
        {/* An image-only send shows its images once the server has stored them. */}
        {!text && message.id < 0 && <p className="bubble-text">{COMMON_TEXT.sending}</p>}
        <MessageImages attachments={message.attachments} />
      </div>
      <span className="bubble-meta">
        <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
        {showRead && (
          <span className="read-mark">
            {message.id < 0 ? COMMON_TEXT.sending : message.isRead ? MESSAGING_TEXT.messageRead : MESSAGING_TEXT.messageSent}
          </span>
        )}
      </span>
    </li>
  );
}

export function Thread({ user, thread, myId, onBack, onDelete, onLoadEarlier }: Props) {
  const messages = thread?.messages ?? [];
  const lastMine = [...messages].reverse().find((m) => m.fromUserId === myId);
  const { ref: list, onScroll } = useListScroll(messageKey(messages.at(-1)), messageKey(messages[0]));

  const name = fullName(user);
  return (
    <section className="thread" aria-label={`Conversation with ${name}`}>
      <header className="thread-header">
        {onBack && (
          <button type="button" className="icon-button thread-back" onClick={onBack}>
            <BackIcon />
            <span className="visually-hidden">{MESSAGING_TEXT.backToConversations}</span>
          </button>
        )}
        <Avatar user={user} />
        <h2 className="thread-title">
          <AppLink to={`/profile/${user.id}?from=messages`} className="thread-name">
            {name}
          </AppLink>
        </h2>
        <button type="button" className="icon-button thread-delete" onClick={onDelete}>
          <TrashIcon />
          <span className="visually-hidden">{MESSAGING_TEXT.deleteConversation}</span>
        </button>
      </header>
      <ol className="thread-messages" ref={list} aria-label="Messages" tabIndex={0} onScroll={onScroll}>
        {thread?.nextBefore != null && (
          <li className="load-earlier">
            {/* Caught up on the newest only (too long away): the rest comes from here. */}
            {thread.behind && <p className="muted missed-note">{COMMON_TEXT.missedWhileAway}</p>}
            <button type="button" className="button button-outline button-sm" onClick={onLoadEarlier} disabled={thread.loadingEarlier}>
              {thread.loadingEarlier ? COMMON_TEXT.loading : thread.behind ? COMMON_TEXT.loadTheRest : COMMON_TEXT.loadEarlier}
            </button>
          </li>
        )}
        {!thread?.loaded && messages.length === 0 ? (
          <li className="muted thread-empty" role="status">
            {COMMON_TEXT.loading}
          </li>
        ) : messages.length === 0 ? (
          <li className="empty-text thread-empty">{MESSAGING_MSG.noMessages}</li>
        ) : (
          messages.map((m) => <Bubble key={m.clientKey ?? m.id} message={m} mine={m.fromUserId === myId} showRead={m === lastMine} />)
        )}
      </ol>
      <Composer
        send={(text, files, key) => useMessagesStore.getState().send(user, text, files, key)}
        overLimit="keep-first"
        attachLabel={MESSAGING_TEXT.attachImages}
        placeholder={MESSAGING_TEXT.typeMessage}
        label={`Message to ${fullName(user)}`}
      />
    </section>
  );
}
