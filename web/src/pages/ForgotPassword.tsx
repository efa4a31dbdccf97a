import { useState, type FormEvent } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { ACCOUNT_MSG } from '#protocol/messages/account.ts';
import { forgotPasswordSchema } from '#protocol/schemas/auth.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { FormAlert, TextField } from '../components/Field.tsx';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { AUTH_TEXT } from '../texts/auth.ts';

/**
 * The address the link went to, on a line of its own: it never breaks inside its name or its
 * domain; a phone too narrow for both breaks it after the "@" (each part is cut with an ellipsis
 * only if even it is too wide).
 */
function Address({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  if (at < 1) return <strong className="ident auth-address">{value}</strong>;
  return (
    <strong className="auth-address">
      <span className="ident">{value.slice(0, at + 1)}</span>
      <wbr />
      <span className="ident">{value.slice(at + 1)}</span>
    </strong>
  );
}

export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { errors, serverError, pending, submit, reset } = useSchemaForm(
    forgotPasswordSchema,
    { email },
    ACCOUNT_MSG.forgotFailed,
    async (data) => {
      await useSessionStore.getState().forgotPassword(data);
      setSent(true);
    },
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void submit(event);

  if (sent) {
    return (
      <AuthLayout title={AUTH_TEXT.checkYourEmail}>
        {/* One text that never claims more than the server knows: it answers the same for any address. */}
        <p className="auth-text">
          {AUTH_TEXT.forgotSentBefore} <Address value={email.trim()} /> {AUTH_TEXT.forgotSentAfter}
        </p>
        <div className="stack">
          <button
            type="button"
            className="button button-outline button-block"
            onClick={() => {
              reset();
              setSent(false);
            }}
          >
            {AUTH_TEXT.tryDifferentEmail}
          </button>
          <AppLink to="/login" className="button button-primary button-block">
            {AUTH_TEXT.backToSignIn}
          </AppLink>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot Password" subtitle="Enter your email and we'll send you a link to reset your password.">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <form onSubmit={onSubmit} noValidate className="form">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <button type="submit" className="button button-primary button-block" disabled={pending}>
          {pending ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
      <p className="auth-footer">
        <AppLink to="/login" className="text-link">
          {AUTH_TEXT.backToSignIn}
        </AppLink>
      </p>
    </AuthLayout>
  );
}
