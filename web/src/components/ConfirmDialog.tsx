// A yes/no question over the page (Radix AlertDialog: focus starts on Cancel, Escape cancels,
// focus returns to the control that asked). Fixed header and footer like every dialog, and the strip
// for a toast above the footer (DialogStatus.tsx).
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../hooks/useReturnFocus.ts';
import { DialogStatus } from './DialogStatus.tsx';

export interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  details?: ReactNode;
  onAnswer: (ok: boolean) => void;
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive,
  details,
  onAnswer,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onAnswer(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="modal-backdrop modal-backdrop-confirm">
          <AlertDialog.Content className="modal modal-md modal-confirm" onCloseAutoFocus={returnFocus}>
            <div className="modal-header">
              <AlertDialog.Title className="modal-title">{title}</AlertDialog.Title>
            </div>
            <div className="modal-body">
              <AlertDialog.Description>{description}</AlertDialog.Description>
              {details}
            </div>
            <DialogStatus />
            <div className="modal-footer">
              <AlertDialog.Cancel className="button button-outline">{cancelLabel}</AlertDialog.Cancel>
              <AlertDialog.Action className={`button ${destructive ? 'button-danger' : 'button-primary'}`} onClick={() => onAnswer(true)}>
                {confirmLabel}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Overlay>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
