// Reachable signed in or out. Without ?token= the link is invalid; with it, the new-password form.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../../protocol/messages.ts';
import { resetFormSchema } from '../../../protocol/schemas/auth.ts';
import { api, serverMessage } from '../api/client.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { FormAlert, TextField } from '../components/Field.tsx';
import { fieldErrors, type FieldErrors } from '../lib/forms.ts';
import { TEXT } from '../texts.ts';

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <AuthLayout title={TEXT.invalidResetLink}>
        <p className="auth-text">{MSG.resetTokenMissing}. This password reset link is invalid or incomplete; please request a new one.</p>
        <Link to="/forgot-password" className="button button-primary button-block">
          {TEXT.requestNewLink}
        </Link>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title={TEXT.passwordResetSuccessful}>
        <p className="auth-text">Your password has been updated. You can now sign in with your new password.</p>
        <Link to="/login" className="button button-primary button-block">
          {TEXT.signIn}
        </Link>
      </AuthLayout>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setServerError(null);
    setPending(true);
    try {
      await api.post('/api/reset-password', { token, newPassword: parsed.data.newPassword });
      setDone(true);
    } catch (err) {
      setServerError(serverMessage(err) ?? MSG.resetFailed);
    } finally {
      setPending(false);
    }
  }

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
