// The app's dialog: Radix Dialog gives it the focus trap, Escape, the return of focus, the
// backdrop click, the hidden background and the roles. Its header (title, close button) and footer
// (actions) stay put while a long body scrolls between them, so on a short screen the title and
// buttons never scroll away; a toast or the upload bar takes a strip of its own above the footer.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../hooks/useReturnFocus.ts';
import { DialogStatus } from './DialogStatus.tsx';
import { CloseIcon } from './Icons.tsx';

interface ModalProps {
  title: string;
  /** Leave out to force the dialog open: no close button, Escape and the backdrop do nothing. */
  onClose?: () => void;
  children: ReactNode;
  description?: ReactNode;
  /** The actions row, kept in view under the scrolling body. */
  footer?: ReactNode;
  size?: 'md' | 'lg' | 'full';
  /** Hide the title visually (it still names the dialog). */
  hideTitle?: boolean;
  className?: string;
}

const keepOpen = (event: Event) => event.preventDefault();

/** A control marked data-autofocus gets the focus when the dialog opens (else the first one does). */
function focusMarked(event: Event) {
  const marked = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) {
    event.preventDefault();
    marked.focus();
  }
}

export function Modal({ title, onClose, children, description, footer, size = 'md', hideTitle, className }: ModalProps) {
  const forced = !onClose;
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose?.()}>
      <Dialog.Portal>
        <Dialog.Overlay className={`modal-backdrop modal-backdrop-${size}`}>
          <Dialog.Content
            className={`modal modal-${size}${className ? ` ${className}` : ''}`}
            // Radix warns when there is no description; a dialog without one names none.
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={focusMarked}
            onCloseAutoFocus={returnFocus}
            onEscapeKeyDown={forced ? keepOpen : undefined}
            onPointerDownOutside={forced ? keepOpen : undefined}
            onInteractOutside={forced ? keepOpen : undefined}
          >
            <div className={`modal-header${hideTitle ? ' modal-header-bare' : ''}`}>
              <div className="modal-heading">
                <Dialog.Title className={hideTitle ? 'visually-hidden' : 'modal-title'}>{title}</Dialog.Title>
                {description && <Dialog.Description className="modal-description">{description}</Dialog.Description>}
              </div>
              {!forced && (
                <Dialog.Close className="icon-button">
                  <CloseIcon />
                  <span className="visually-hidden">Close</span>
                </Dialog.Close>
              )}
            </div>
            <div className="modal-body">{children}</div>
            {/* A toast or the upload bar, above the buttons and never over them (DialogStatus.tsx). */}
            <DialogStatus />
            {footer && <div className="modal-footer">{footer}</div>}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
