// /messages (docs/product-spec.md section 2): the conversation list and the open thread, side by side; below
// 768 px one at a time (the list, then the thread with a back control). ?user={id} opens that
// conversation and the URL goes back to /messages. Opening a conversation with unread messages
// marks them read. Live through message:new / message:read / conversation:deleted (socket.ts).
import { useEffect, useState } from 'react';
import { navigate } from '../lib/browserHistory.ts';
import { useSearchParams } from '../hooks/useSearchParams.ts';
import { MESSAGING_MSG } from '#protocol/messages/messaging.ts';
import type { MessageUser } from '#protocol/shapes.ts';
import { PlusIcon } from '../components/Icons.tsx';
import { ConversationList } from '../components/messaging/ConversationList.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NewMessageDialog } from '../components/messaging/NewMessageDialog.tsx';
import { Thread } from '../components/messaging/Thread.tsx';
import { fullName } from '../lib/format.ts';
import { useMediaQuery } from '../hooks/useMediaQuery.ts';
import { confirmThenAct } from '../hooks/useConfirmAction.ts';
import { useMessagesStore } from '../stores/useMessagesStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { MESSAGING_TEXT } from '../texts/messaging.ts';
import '../components/messaging/messaging.css';

export default function Messages() {
  const myId = useSessionStore((s) => s.user?.id ?? 0);
  const conversations = useMessagesStore((s) => s.conversations);
  const conversationsNext = useMessagesStore((s) => s.conversationsNext);
  const loadingMoreConversations = useMessagesStore((s) => s.loadingMoreConversations);
  const loaded = useMessagesStore((s) => s.loaded);
  const threads = useMessagesStore((s) => s.threads);
  const [params] = useSearchParams();
  const narrow = useMediaQuery('(max-width: 767px)');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  /** Who the open thread is with, for a person not (yet) in the list: a new conversation. */
  const [picked, setPicked] = useState<MessageUser | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    void useMessagesStore.getState().fetchConversations();
    return () => useMessagesStore.getState().setActive(null);
  }, []);

  // ?user={id}: open that conversation (set while rendering, so the first paint shows it), then
  // reset the URL.
  const userParam = Number(params.get('user'));
  const validParam = Number.isInteger(userParam) && userParam > 0 ? userParam : null;
  const [handledParam, setHandledParam] = useState<number | null>(null);
  if (validParam !== handledParam) {
    setHandledParam(validParam);
    if (validParam !== null) {
      setSelectedId(validParam);
      setPicked(null);
    }
  }
  // The open conversation was deleted (here or in another tab): back to the list.
  const lastRemoved = useMessagesStore((s) => s.lastRemoved);
  const [seenRemoval, setSeenRemoval] = useState(lastRemoved?.seq ?? 0);
  if (lastRemoved && lastRemoved.seq !== seenRemoval) {
    setSeenRemoval(lastRemoved.seq);
    if (lastRemoved.userId === selectedId) setSelectedId(null);
  }
  useEffect(() => {
    if (validParam !== null) navigate('/messages', { replace: true });
  }, [validParam]);

  // Opening a conversation: its thread (again, to catch up) and the read marks.
  useEffect(() => {
    useMessagesStore.getState().setActive(selectedId);
    if (selectedId === null) return;
    void useMessagesStore.getState().openThread(selectedId);
  }, [selectedId]);

  const conversation = conversations.find((c) => c.user.id === selectedId);
  const thread = selectedId === null ? undefined : threads[selectedId];
  const unreadHere =
    (conversation?.unreadCount ?? 0) > 0 || (thread?.messages.some((m) => m.fromUserId === selectedId && !m.isRead) ?? false);
  useEffect(() => {
    if (selectedId !== null && unreadHere)
      void useMessagesStore
        .getState()
        .markRead(selectedId)
        .catch(() => undefined);
  }, [selectedId, unreadHere]);

  const otherUser: MessageUser | null = conversation?.user ?? thread?.user ?? (picked?.id === selectedId ? picked : null);

  function deleteConversation(user: MessageUser): Promise<void> {
    return confirmThenAct({
      ask: {
        title: MESSAGING_TEXT.deleteConversationTitle,
        description: MESSAGING_TEXT.deleteConversationConfirm.replace('{name}', fullName(user)),
        confirmLabel: COMMON_TEXT.delete,
        destructive: true,
      },
      act: async () => {
        await useMessagesStore.getState().deleteConversation(user.id);
        return { title: MESSAGING_MSG.conversationDeleted };
      },
      failed: MESSAGING_MSG.conversationDeleteFailed,
    });
  }

  const showList = !narrow || selectedId === null;
  const showThread = !narrow || selectedId !== null;

  return (
    <div className="page-inner messages-page">
      <div className="page-header">
        <div>
          <h1>{MESSAGING_TEXT.messagesTitle}</h1>
          <p className="page-subtitle">{MESSAGING_TEXT.messagesSubtitle}</p>
        </div>
        <div className="page-actions">
          <button type="button" className="button button-primary" onClick={() => setDialogOpen(true)}>
            <PlusIcon />
            {MESSAGING_TEXT.newMessage}
          </button>
        </div>
      </div>

      <div className={`messages-layout${narrow ? ' is-narrow' : ''}`}>
        {showList && (
          <section className="card conversations-pane" aria-labelledby="conversations-heading">
            <h2 id="conversations-heading" className="card-title conversations-heading">
              {MESSAGING_TEXT.conversations}
            </h2>
            {!loaded ? (
              <p className="muted list-slot" role="status">
                {COMMON_TEXT.loading}
              </p>
            ) : (
              <>
                <ConversationList conversations={conversations} selectedId={selectedId} myId={myId} onSelect={setSelectedId} />
                <LoadMore
                  next={conversationsNext}
                  loading={loadingMoreConversations}
                  onMore={() => void useMessagesStore.getState().loadMoreConversations()}
                />
              </>
            )}
          </section>
        )}
        {showThread && (
          <div className="card thread-pane">
            {selectedId !== null && otherUser ? (
              <Thread
                key={selectedId}
                user={otherUser}
                thread={thread}
                myId={myId}
                onBack={narrow ? () => setSelectedId(null) : undefined}
                onDelete={() => void deleteConversation(otherUser)}
                onLoadEarlier={() =>
                  void useMessagesStore
                    .getState()
                    .loadEarlier(selectedId)
                    .catch(() => undefined)
                }
              />
            ) : selectedId !== null && thread?.error ? (
              <div className="thread-placeholder">
                <p className="empty-text">{MESSAGING_TEXT.conversationLoadFailed}</p>
                <button type="button" className="button button-outline" onClick={() => setSelectedId(null)}>
                  {COMMON_TEXT.back}
                </button>
              </div>
            ) : selectedId !== null ? (
              <p className="muted thread-placeholder" role="status">
                {COMMON_TEXT.loading}
              </p>
            ) : (
              <div className="thread-placeholder">
                <p className="empty-text">{MESSAGING_TEXT.selectConversation}</p>
              </div>
            )}
          </div>
        )}
      </div>

      {dialogOpen && (
        <NewMessageDialog
          onClose={() => setDialogOpen(false)}
          onPick={(member) => {
            setDialogOpen(false);
            setPicked({
              id: member.id,
              firstName: member.firstName,
              lastName: member.lastName,
              profileImageUrl: member.profileImageUrl,
              employeeNumber: member.employeeNumber,
            });
            setSelectedId(member.id);
          }}
        />
      )}
    </div>
  );
}
