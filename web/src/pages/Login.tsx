import { useState, type FormEvent } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { navigate } from '../lib/browserHistory.ts';
import { useSearchParams } from '../hooks/useSearchParams.ts';
import { ACCOUNT_MSG } from '#protocol/messages/account.ts';
import { loginSchema } from '#protocol/schemas/auth.ts';
import { AuthLayout, Divider, SocialButtons } from '../components/AuthLayout.tsx';
import { FormAlert, TextField } from '../components/Field.tsx';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { signIn } from '../app/authActions.ts';
import { signInReturnText } from '#protocol/sign-in-returns.ts';
import { AUTH_TEXT } from '../texts/auth.ts';
import { PUBLIC_TEXT } from '../texts/public.ts';

/** The button's text while the form is sent; the prerendered page's script reads it too (src/authEntry.ts). */
const PENDING = 'Signing in...';

export default function Login() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A social sign-in or a confirmation link that came back here says why, until the next attempt.
  const socialError = signInReturnText(params.get('error'));
  const { errors, serverError, pending, submit } = useSchemaForm(
    loginSchema,
    { email, password },
    ACCOUNT_MSG.loginFailed,
    async (data) => {
      await signIn(data);
      navigate('/', { replace: true });
    },
    socialError,
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void submit(event);

  return (
    <AuthLayout title={PUBLIC_TEXT.signIn} subtitle="Access your Crewtrade account">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <form onSubmit={onSubmit} method="post" noValidate className="form">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <div className="form-row-end">
          <AppLink to="/forgot-password" className="text-link">
            {AUTH_TEXT.forgotPassword}
          </AppLink>
        </div>
        <button type="submit" className="button button-primary button-block" disabled={pending} data-pending-label={PENDING}>
          {pending ? PENDING : PUBLIC_TEXT.signIn}
        </button>
      </form>
      <Divider />
      <SocialButtons />
      <p className="auth-footer">
        Don&apos;t have an account?{' '}
        <AppLink to="/signup" className="text-link">
          Sign up
        </AppLink>
      </p>
    </AuthLayout>
  );
}
