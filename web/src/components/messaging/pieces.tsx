// Pieces the Messages screen and the Base Chat card share: the growing text box with Enter to
// send, the attach button and previews, a message's images with the full-size viewer, times.
import { forwardRef, useLayoutEffect, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import { CHAT_BOX_MAX_PX, CHAT_BOX_MIN_PX, MAX_IMAGES } from '#protocol/limits.ts';
import type { AttachmentRef, ConversationSummary } from '#protocol/shapes.ts';
import { clockTime, isToday, isYesterday, monthDay, monthDayYear } from '../../lib/dates.ts';
import { initials } from '../../lib/format.ts';
import { CHAT_TEXT } from '../../texts/chat.ts';
import { Svg } from '../Icons.tsx';
import { Lightbox } from '../Lightbox.tsx';
import { PreviewPlaceholder } from '../PreviewPlaceholder.tsx';
import type { PickedImage } from '../../hooks/useAttachments.ts';
import { thumbnailUrl } from '#protocol/uploads.ts';

export const AttachIcon = () => (
  <Svg>
    <path d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
  </Svg>
);
export const SendIcon = () => (
  <Svg>
    <path d="M22 2 11 13" />
    <path d="M22 2 15 22l-4-9-9-4Z" />
  </Svg>
);
export const MoreIcon = () => (
  <Svg>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </Svg>
);
export const BackIcon = () => (
  <Svg>
    <path d="m15 18-6-6 6-6" />
  </Svg>
);

/** "3:04 PM" today, "Yesterday 3:04 PM", else "Jan 5, 3:04 PM" (with the year when not this one). */
export function messageTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (isToday(d)) return clockTime(d);
  if (isYesterday(d)) return `Yesterday ${clockTime(d)}`;
  return d.getFullYear() === new Date().getFullYear() ? `${monthDay(d)}, ${clockTime(d)}` : monthDayYear(d);
}

/** A message's text as shown: the single space stored for an image-only message shows as nothing. */
export const shownText = (content: string) => (content.trim() === '' ? '' : content);

/** A conversation's last message in one line, "You: " first when it is the user's own. */
export function lastMessagePreview(c: ConversationSummary, myId: number): string {
  const text = shownText(c.lastMessage.content).replace(/\s+/g, ' ').trim();
  const body = text || (c.lastMessage.attachments.length > 0 || c.lastMessage.content === ' ' ? CHAT_TEXT.sentAnImage : '');
  return c.lastMessage.fromUserId === myId ? `You: ${body}` : body;
}

type BoxProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  /** Enter (without Shift, and not while an input method composes). */
  onSubmit: () => void;
};

/** The text box: grows with its text from 40 to 120 px, then scrolls; Enter sends, Shift+Enter adds a line. */
export const MessageBox = forwardRef<HTMLTextAreaElement, BoxProps>(function MessageBox(
  { value, onChange, onSubmit, className, ...rest },
  outer,
) {
  const inner = useRef<HTMLTextAreaElement | null>(null);
  useLayoutEffect(() => {
    const el = inner.current;
    if (!el) return;
    el.style.height = `${CHAT_BOX_MIN_PX}px`;
    el.style.height = `${Math.min(CHAT_BOX_MAX_PX, Math.max(CHAT_BOX_MIN_PX, el.scrollHeight))}px`;
  }, [value]);
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  }
  return (
    <textarea
      {...rest}
      ref={(el) => {
        inner.current = el;
        if (typeof outer === 'function') outer(el);
        else if (outer) outer.current = el;
      }}
      rows={1}
      className={`message-box${className ? ` ${className}` : ''}`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
});

/** The attach button over a hidden file input; disabled once MAX_IMAGES are picked. */
export function AttachButton({ onFiles, disabled, label }: { onFiles: (files: File[]) => void; disabled: boolean; label: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="icon-button composer-attach"
        onClick={() => input.current?.click()}
        disabled={disabled}
        title={disabled ? `At most ${MAX_IMAGES} images per message` : label}
      >
        <AttachIcon />
        <span className="visually-hidden">{label}</span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*,.heic,.heif"
        multiple
        hidden
        aria-label={label}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          // The same file may be picked again after it was removed.
          e.target.value = '';
        }}
      />
    </>
  );
}

export function AttachmentPreviews({ images, onRemove }: { images: PickedImage[]; onRemove: (key: number) => void }) {
  if (images.length === 0) return null;
  return (
    <ul className="attachment-previews" aria-label="Attached images">
      {images.map((img) => (
        <li key={img.key} className="attachment-preview">
          {img.url ? <img src={img.url} alt={img.file.name} /> : <PreviewPlaceholder file={img.file} making={img.making} />}
          <button type="button" className="attachment-remove" onClick={() => onRemove(img.key)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Remove {img.file.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A message's images as thumbnails; a click opens the full-size viewer. Broken images hide. */
export function MessageImages({ attachments }: { attachments: AttachmentRef[] }) {
  const [open, setOpen] = useState<AttachmentRef | null>(null);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const shown = attachments.filter((a) => !broken.has(a.id));
  if (shown.length === 0) return null;
  return (
    <>
      <ul className="message-images">
        {shown.map((a) => (
          <li key={a.id}>
            <button type="button" className="message-image" onClick={() => setOpen(a)}>
              <img
                src={thumbnailUrl(a.filename)}
                alt={a.originalName || 'Image'}
                loading="lazy"
                onError={() => setBroken((s) => new Set(s).add(a.id))}
              />
            </button>
          </li>
        ))}
      </ul>
      {open && <Lightbox image={{ ...open, mimeType: '' }} onClose={() => setOpen(null)} />}
    </>
  );
}

export function Avatar({ user }: { user: { firstName: string | null; lastName: string | null } }) {
  return (
    <span className="msg-avatar" aria-hidden="true">
      {initials(user)}
    </span>
  );
}

/**
 * A message list's scroll: to the bottom when a newer message arrives (or on opening); where the
 * reader was when earlier messages are put in front (Load earlier). Gives the list's ref and onScroll.
 */
export function useListScroll(newestKey: string | undefined, oldestKey: string | undefined) {
  const ref = useRef<HTMLOListElement>(null);
  const last = useRef<{ newest?: string; oldest?: string; fromBottom: number }>({ fromBottom: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const prev = last.current;
    if (newestKey !== prev.newest) el.scrollTop = el.scrollHeight;
    else if (oldestKey !== prev.oldest) el.scrollTop = el.scrollHeight - prev.fromBottom;
    last.current = { newest: newestKey, oldest: oldestKey, fromBottom: el.scrollHeight - el.scrollTop };
  }, [newestKey, oldestKey]);
  const onScroll = () => {
    const el = ref.current;
    if (el) last.current.fromBottom = el.scrollHeight - el.scrollTop;
  };
  return { ref, onScroll };
}

/** The key a message keeps from its stand-in to its stored copy. */
export const messageKey = (m: { id: number; clientKey: string | null } | undefined) => (m ? (m.clientKey ?? String(m.id)) : undefined);
