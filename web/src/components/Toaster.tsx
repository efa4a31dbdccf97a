// The single visible toast (spec: at most one at a time, auto-close after 5000 ms).
import { createPortal } from 'react-dom';
import { useToastStore } from '../stores/useToastStore.ts';
import { CloseIcon } from './Icons.tsx';

export function Toaster() {
  const toast = useToastStore((s) => s.toast);
  const dismiss = useToastStore((s) => s.dismiss);
  return createPortal(
    <div className="toast-region">
      {toast && (
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
      )}
    </div>,
    document.body,
  );
}
