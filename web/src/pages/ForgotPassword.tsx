import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MSG } from '#protocol/messages.ts';
import { forgotPasswordSchema } from '#protocol/schemas/auth.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { FormAlert, TextField } from '../components/Field.tsx';
import { useSchemaForm } from '../lib/useSchemaForm.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { TEXT } from '../texts.ts';

export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { errors, serverError, pending, submit, reset } = useSchemaForm(forgotPasswordSchema, { email }, MSG.forgotFailed, async (data) => {
    await useSessionStore.getState().forgotPassword(data);
    setSent(true);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void submit(event);

  if (sent) {
    return (
      <AuthLayout title={TEXT.checkYourEmail}>
        {/* One text that never claims more than the server knows: it answers the same for any address. */}
        <p className="auth-text">
          {TEXT.forgotSentBefore} <strong className="ident">{email.trim()}</strong>
          {TEXT.forgotSentAfter}
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
            {TEXT.tryDifferentEmail}
          </button>
          <Link to="/login" className="button button-primary button-block">
            {TEXT.backToSignIn}
          </Link>
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
        <Link to="/login" className="text-link">
          {TEXT.backToSignIn}
        </Link>
      </p>
    </AuthLayout>
  );
}
