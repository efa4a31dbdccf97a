// The one validation and submit path of every form: the protocol schema checks the values as they
// are now, so a field's message shows once the user has tried to submit (or left the field, where
// the form asks for that with touch) and clears the moment the field is valid, without waiting for
// the next submit (docs/decisions/0025). The call runs with a pending flag; the server's message, or the
// form's fallback text, goes to the form's alert when it fails (a form that toasts its own failures
// catches them in its action).
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { serverMessage } from '../api/client.ts';
import { fieldErrors, type FieldErrors } from '../lib/forms.ts';

export interface SchemaForm {
  /** The messages to show: every field's after a submit was tried, else those of the fields left (touch). */
  errors: FieldErrors;
  /** Whether the values pass the schema now (a form may keep its submit button disabled until then). */
  valid: boolean;
  serverError: string | null;
  pending: boolean;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The user left a field: its message shows from now on. */
  touch: (field: string) => void;
  /** Back to a fresh form (no messages shown), e.g. "Submit Another Request". */
  reset: () => void;
}

export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  fallbackError: string,
  action: (data: z.output<S>) => Promise<void>,
  initialError: string | null = null,
): SchemaForm {
  const [tried, setTried] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverError, setServerError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);

  // Checked on every render: the values are a handful of fields, and a message must follow each keystroke.
  const parsed = schema.safeParse(values);
  const current = parsed.success ? {} : fieldErrors(parsed.error);
  const errors = tried ? current : Object.fromEntries(Object.entries(current).filter(([field]) => touched.has(field)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (!parsed.success || pending) return;
    setServerError(null);
    setPending(true);
    try {
      await action(parsed.data);
    } catch (err) {
      setServerError(serverMessage(err) ?? fallbackError);
    } finally {
      setPending(false);
    }
  }

  return {
    errors,
    valid: parsed.success,
    serverError,
    pending,
    submit,
    touch: (field) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field))),
    reset: () => {
      setTried(false);
      setTouched(new Set());
      setServerError(null);
    },
  };
}
