// The single visible toast (spec: at most one at a time, auto-close after 5000 ms), shown in the place
// kept for it (stores/useStatusHostStore.ts): the band under the navigation, or above the buttons of
// the open dialog, inside it, so it is read out, reachable by keyboard and clickable there (the
// dialog hides and locks the page behind it). Never over a control or a heading.
import { createPortal } from 'react-dom';
import { useHasStatusHost } from '../stores/useStatusHostStore.ts';
import { useToastStore } from '../stores/useToastStore.ts';
import { CloseIcon } from './Icons.tsx';

export function ToastView() {
  const toast = useToastStore((s) => s.toast);
  const dismiss = useToastStore((s) => s.dismiss);
  if (!toast) return null;
  return (
    <div
      key={toast.id}
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      aria-live={toast.variant === 'destructive' ? 'assertive' : 'polite'}
      className={`toast${toast.variant === 'destructive' ? ' toast-destructive' : ''}`}
    >
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        {toast.description && <p className="toast-description">{toast.description}</p>}
      </div>
      <button type="button" className="icon-button toast-close" aria-label="Close notification" onClick={dismiss}>
        <CloseIcon />
      </button>
    </div>
  );
}

/** Signed out there is no band: the toast floats at the foot of the window (the forms there are short). */
export function Toaster() {
  const hosted = useHasStatusHost();
  if (hosted) return null;
  return createPortal(
    <div className="toast-region">
      <ToastView />
    </div>,
    document.body,
  );
}
