// The footer of a dialog that holds one form: Cancel, and the submit button of the form by its id
// (the form sits in the dialog's body, the buttons in its footer).
import { COMMON_TEXT } from '../texts/common.ts';

interface FormFooterProps {
  formId: string;
  onCancel: () => void;
  pending: boolean;
  /** The submit button's label, and its label while the form is being sent. */
  label: string;
  pendingLabel: string;
  /** False keeps the submit button off (the form is not valid yet). */
  ready?: boolean;
}

export function FormFooter({ formId, onCancel, pending, label, pendingLabel, ready = true }: FormFooterProps) {
  return (
    <>
      <button type="button" className="button button-outline" onClick={onCancel} disabled={pending}>
        {COMMON_TEXT.cancel}
      </button>
      <button type="submit" form={formId} className="button button-primary" disabled={!ready || pending}>
        {pending ? pendingLabel : label}
      </button>
    </>
  );
}
