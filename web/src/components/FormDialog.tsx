// A dialog that holds one form: its fields in the scrolling body, Cancel and the submit button in
// the footer kept in view (the button names the form by its id).
import { useId, type FormEvent, type ReactNode } from 'react';
import { COMMON_TEXT } from '../texts/common.ts';
import { Modal } from './Modal.tsx';

interface FormDialogProps {
  title: string;
  onClose: () => void;
  /** The form's submit (useSchemaForm's). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>;
  pending: boolean;
  /** The submit button's label, and its label while the form is being sent. */
  label: string;
  pendingLabel: string;
  /** False keeps the submit button off (the form is not valid yet). */
  ready?: boolean;
  children: ReactNode;
}

export function FormDialog({ title, onClose, onSubmit, pending, label, pendingLabel, ready = true, children }: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className="button button-outline" onClick={onClose} disabled={pending}>
            {COMMON_TEXT.cancel}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={!ready || pending}>
            {pending ? pendingLabel : label}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate className="form">
        {children}
      </form>
    </Modal>
  );
}
