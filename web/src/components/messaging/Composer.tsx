// The direct-message composer: text box (Enter sends, Shift+Enter a new line), attach button
// (images only, at most 6 kept, disabled at 6), removable previews. Sends need text or an image.
import { useState } from 'react';
import { MESSAGE_MAX } from '#protocol/limits.ts';
import type { MessageUser } from '#protocol/shapes.ts';
import { useMessagesStore } from '../../stores/useMessagesStore.ts';
import { fullName } from '../../lib/format.ts';
import { TEXT } from '../../texts.ts';
import { AttachButton, AttachmentPreviews, MessageBox, SendIcon } from './pieces.tsx';
import { useAttachments } from './useAttachments.ts';
import { useSendDraft } from './useSendDraft.ts';

export function Composer({ to }: { to: MessageUser }) {
  const [text, setText] = useState('');
  const attachments = useAttachments('keep-first');
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
      (key) => useMessagesStore.getState().send(to, sentText, files, key),
      (back, backFiles) => {
        setText((now) => (now === '' ? back : now));
        attachments.add(backFiles);
      },
    );
  }

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <AttachmentPreviews images={attachments.images} onRemove={attachments.remove} />
      <div className="composer-row">
        <AttachButton onFiles={attachments.add} disabled={attachments.full} label={TEXT.attachImages} />
        <MessageBox
          value={text}
          onChange={setText}
          onSubmit={submit}
          placeholder={TEXT.typeMessage}
          aria-label={`Message to ${fullName(to)}`}
          maxLength={MESSAGE_MAX}
        />
        <button type="submit" className="button button-primary composer-send" disabled={!canSend}>
          <SendIcon />
          <span className="visually-hidden">{TEXT.send}</span>
        </button>
      </div>
    </form>
  );
}
