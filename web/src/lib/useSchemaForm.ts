// The submit path every account form shares: validate with the protocol schema (messages under the
// fields), then run the call with a pending flag, and show the server's message, or the form's
// fallback text, in the form's alert when it fails.
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { serverMessage } from '../api/client.ts';
import { fieldErrors, type FieldErrors } from './forms.ts';

export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  fallbackError: string,
  action: (data: z.output<S>) => Promise<void>,
  initialError: string | null = null,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>, values: unknown) {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
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

  return { errors, serverError, pending, submit };
}
