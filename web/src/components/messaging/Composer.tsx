// The composer of a direct message and of a base-chat post: text box (Enter sends, Shift+Enter a
// new line), attach button (images only, at most 6, disabled at 6), removable previews. Sends need
// text or an image; the text and images leave at once and come back if the send fails.
import { useState } from 'react';
import { MESSAGE_MAX } from '#protocol/limits.ts';
import { CHAT_TEXT } from '../../texts/chat.ts';
import { AttachButton, AttachmentPreviews, MessageBox, SendIcon } from './pieces.tsx';
import { useAttachments } from '../../hooks/useAttachments.ts';
import { useSendDraft } from '../../hooks/useSendDraft.ts';

export interface ComposerProps {
  /** Stores the message; `key` is the draft's client key (the same on a retry of the same draft). */
  send: (text: string, files: File[], key: string) => Promise<unknown>;
  /** What a pick past the limit does (useAttachments). */
  overLimit: 'keep-first' | 'refuse';
  attachLabel: string;
  placeholder: string;
  /** The text box's accessible name. */
  label: string;
  /** The error toast's text when a send fails (the direct-message text by default). */
  failText?: string;
  className?: string;
}

export function Composer({ send, overLimit, attachLabel, placeholder, label, failText, className }: ComposerProps) {
  const [text, setText] = useState('');
  const attachments = useAttachments(overLimit);
  const draft = useSendDraft();
  const canSend = text.trim() !== '' || attachments.images.length > 0;

  function submit() {
    if (!canSend) return;
    const sentText = text;
    const files = attachments.take();
    setText('');
    void draft.run(
      sentText,
      files,
      (key) => send(sentText, files, key),
      (back, backFiles) => {
        setText((now) => (now === '' ? back : now));
        attachments.add(backFiles);
      },
      failText,
    );
  }

  return (
    <form
      className={className ? `composer ${className}` : 'composer'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <AttachmentPreviews images={attachments.images} onRemove={attachments.remove} />
      <div className="composer-row">
        <AttachButton onFiles={attachments.add} disabled={attachments.full} label={attachLabel} />
        <MessageBox
          value={text}
          onChange={setText}
          onSubmit={submit}
          placeholder={placeholder}
          aria-label={label}
          maxLength={MESSAGE_MAX}
        />
        <button type="submit" className="button button-primary composer-send" disabled={!canSend}>
          <SendIcon />
          <span className="visually-hidden">{CHAT_TEXT.send}</span>
        </button>
      </div>
    </form>
  );
}
