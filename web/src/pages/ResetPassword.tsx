// Reachable signed in or out. Without ?token= the link is invalid; with it, the new-password form.
import { useState, type FormEvent } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { useSearchParams } from '../hooks/useSearchParams.ts';
import { ACCOUNT_MSG } from '#protocol/messages/account.ts';
import { resetFormSchema } from '#protocol/schemas/auth.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { FormAlert, TextField } from '../components/Field.tsx';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { AUTH_TEXT } from '../texts/auth.ts';
import { PUBLIC_TEXT } from '../texts/public.ts';

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  const { errors, serverError, pending, submit } = useSchemaForm(resetFormSchema, values, ACCOUNT_MSG.resetFailed, async (data) => {
    await useSessionStore.getState().resetPassword({ token, newPassword: data.newPassword });
    setDone(true);
  });

  if (!token) {
    return (
      <AuthLayout title={AUTH_TEXT.invalidResetLink}>
        <p className="auth-text">
          {ACCOUNT_MSG.resetTokenMissing}. This password reset link is invalid or incomplete; please request a new one.
        </p>
        <AppLink to="/forgot-password" className="button button-primary button-block">
          {AUTH_TEXT.requestNewLink}
        </AppLink>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title={AUTH_TEXT.passwordResetSuccessful}>
        <p className="auth-text">Your password has been updated. You can now sign in with your new password.</p>
        <AppLink to="/login" className="button button-primary button-block">
          {PUBLIC_TEXT.signIn}
        </AppLink>
      </AuthLayout>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => void submit(event);

  return (
    <AuthLayout title="Reset Password" subtitle="Choose a new password for your account.">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <form onSubmit={onSubmit} noValidate className="form">
        <TextField
          label="New Password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number"
          value={values.newPassword}
          onChange={(e) => setValues((v) => ({ ...v, newPassword: e.target.value }))}
          error={errors.newPassword}
        />
        <TextField
          label="Confirm Password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => setValues((v) => ({ ...v, confirmPassword: e.target.value }))}
          error={errors.confirmPassword}
        />
        <button type="submit" className="button button-primary button-block" disabled={pending}>
          {pending ? 'Resetting...' : 'Reset Password'}
        </button>
      </form>
    </AuthLayout>
  );
}
