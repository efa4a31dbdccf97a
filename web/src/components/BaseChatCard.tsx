// The dashboard's Base Chat card (docs/product-spec.md section 2): Reserve Chat and Line Holder Chat tabs over the
// caller's rooms, the messages (name, time, text, images with the full-size viewer), the growing
// text box (Enter sends, Shift+Enter a new line), image attach (at most 6, images only) and the
// two-click delete of one's own messages. Live through chat:new / chat:deleted (socket.ts).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_TYPES, type ChatType } from '#protocol/enums.ts';
import { MESSAGING_MSG } from '#protocol/messages/messaging.ts';
import type { ChatMessage } from '#protocol/shapes.ts';
import { serverMessage } from '../api/client.ts';
import { fullName } from '../lib/format.ts';
import { useChatStore } from '../stores/useChatStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { CHAT_TEXT } from '../texts/chat.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { TrashIcon } from './Icons.tsx';
import { Composer } from './messaging/Composer.tsx';
import { Avatar, MessageImages, MoreIcon, messageKey, messageTime, shownText, useListScroll } from './messaging/pieces.tsx';
import './messaging/messaging.css';
import './offers.css';
import './tabs.css';

const TAB_LABELS: Record<ChatType, string> = { reserve: CHAT_TEXT.reserveChat, lineholder: CHAT_TEXT.lineHolderChat };

function ChatLine({ message, mine }: { message: ChatMessage; mine: boolean }) {
  // The first click on the options icon shows the delete icon; the second click (on it) deletes.
  const [armed, setArmed] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const text = shownText(message.content);
  const name = fullName(message.user);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // The options button is replaced by the delete button: the focus moves along with the user.
  useEffect(() => {
    if (armed) deleteButton.current?.focus();
  }, [armed]);

  async function remove() {
    setDeleting(true);
    try {
      await useChatStore.getState().deleteMessage(message);
      toast({ title: MESSAGING_MSG.chatMessageDeleted });
    } catch (err) {
      setDeleting(false);
      setArmed(false);
      toast({ title: COMMON_TEXT.errorTitle, description: serverMessage(err) ?? MESSAGING_MSG.chatDeleteFailed, variant: 'destructive' });
    }
  }

  return (
    <li className={`chat-line${mine ? ' is-mine' : ''}${message.id < 0 ? ' is-pending' : ''}`} data-message-id={message.id}>
      <Avatar user={message.user} />
      <div className="chat-body">
        <div className="chat-head">
          <span className="chat-name">{name}</span>
          <time className="chat-time" dateTime={message.createdAt}>
            {messageTime(message.createdAt)}
          </time>
          {mine && message.id > 0 && (
            <span className="chat-actions">
              {armed ? (
                <button
                  type="button"
                  className="icon-button chat-delete"
                  onClick={() => void remove()}
                  disabled={deleting}
                  ref={deleteButton}
                >
                  <TrashIcon />
                  <span className="visually-hidden">{CHAT_TEXT.deleteMessage}</span>
                </button>
              ) : (
                <button type="button" className="icon-button chat-options" onClick={() => setArmed(true)}>
                  <MoreIcon />
                  <span className="visually-hidden">{CHAT_TEXT.messageOptions}</span>
                </button>
              )}
            </span>
          )}
        </div>
        {text && <p className="chat-text">{text}</p>}
        {/* A photos-only send shows its photos once the server has stored them. */}
        {!text && message.id < 0 && <p className="chat-text muted">{COMMON_TEXT.sending}</p>}
        <MessageImages attachments={message.attachments} />
      </div>
    </li>
  );
}

function ChatRoomView({ chatType }: { chatType: ChatType }) {
  const room = useChatStore((s) => s.rooms[chatType]);
  const myId = useSessionStore((s) => s.user?.id ?? 0);
  const { ref: list, onScroll } = useListScroll(messageKey(room.messages.at(-1)), messageKey(room.messages[0]));

  useEffect(() => {
    void useChatStore.getState().fetch(chatType);
  }, [chatType]);

  return (
    <>
      <ol className="chat-messages" ref={list} aria-label={`${TAB_LABELS[chatType]} messages`} tabIndex={0} onScroll={onScroll}>
        {room.nextBefore !== null && (
          <li className="load-earlier">
            {/* Caught up on the newest only (too long away): the rest comes from here. */}
            {room.behind && <p className="muted missed-note">{COMMON_TEXT.missedWhileAway}</p>}
            <button
              type="button"
              className="button button-outline button-sm"
              onClick={() => void useChatStore.getState().loadEarlier(chatType)}
              disabled={room.loadingEarlier}
            >
              {room.loadingEarlier ? COMMON_TEXT.loading : room.behind ? COMMON_TEXT.loadTheRest : COMMON_TEXT.loadEarlier}
            </button>
          </li>
        )}
        {!room.loaded && room.messages.length === 0 ? (
          <li className="muted chat-empty" role="status">
            {COMMON_TEXT.loading}
          </li>
        ) : room.error && room.messages.length === 0 ? (
          <li className="empty-text chat-empty">{CHAT_TEXT.chatLoadFailed}</li>
        ) : room.messages.length === 0 ? (
          <li className="empty-text chat-empty">{MESSAGING_MSG.noMessages}</li>
        ) : (
          room.messages.map((m) => <ChatLine key={m.clientKey ?? m.id} message={m} mine={m.userId === myId} />)
        )}
      </ol>
      <Composer
        className="chat-composer"
        send={(text, files, key) => useChatStore.getState().send(chatType, text, files, key)}
        overLimit="refuse"
        attachLabel={CHAT_TEXT.attachPhotos}
        placeholder={CHAT_TEXT.messageYourBase}
        label={`Message to ${TAB_LABELS[chatType]}`}
        failText={MESSAGING_MSG.chatSendFailed}
      />
    </>
  );
}

export function BaseChatCard() {
  const [tab, setTab] = useState<ChatType>('reserve');
  const baseId = useId();

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next =
      event.key === 'Home' ? CHAT_TYPES[0] : event.key === 'End' ? CHAT_TYPES[CHAT_TYPES.length - 1] : CHAT_TYPES.find((t) => t !== tab);
    if (!next) return;
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  }

  return (
    <section className="card base-chat-card" aria-labelledby={`${baseId}-heading`}>
      <div className="card-header">
        <h2 id={`${baseId}-heading`} className="card-title">
          {CHAT_TEXT.baseChat}
        </h2>
      </div>
      <div role="tablist" aria-label={CHAT_TEXT.baseChat} className="tabs chat-tabs">
        {CHAT_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${baseId}-tab-${t}`}
            aria-selected={t === tab}
            aria-controls={`${baseId}-panel`}
            tabIndex={t === tab ? 0 : -1}
            className="tab"
            onClick={() => setTab(t)}
            onKeyDown={onTabKey}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`} className="chat-panel">
        <ChatRoomView key={tab} chatType={tab} />
      </div>
    </section>
  );
}
