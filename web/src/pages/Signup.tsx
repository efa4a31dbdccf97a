import { useState, type FormEvent } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { navigate } from '../lib/browserHistory.ts';
import { ACCOUNT_MSG } from '#protocol/messages/account.ts';
import { signupFormSchema } from '#protocol/schemas/auth.ts';
import { AuthLayout, Divider, SocialButtons } from '../components/AuthLayout.tsx';
import { FormAlert, TextField } from '../components/Field.tsx';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { signUp } from '../app/authActions.ts';

/** The button's text while the form is sent; the prerendered page's script reads it too (src/authEntry.ts). */
const PENDING = 'Creating account...';

const EMPTY = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export default function Signup() {
  const [values, setValues] = useState(EMPTY);
  const { errors, serverError, pending, submit } = useSchemaForm(signupFormSchema, values, ACCOUNT_MSG.registrationFailed, async (data) => {
    await signUp(data);
    navigate('/', { replace: true });
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void submit(event);

  const bind = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
  });

  return (
    <AuthLayout title="Create Account" subtitle="Join Crewtrade to start trading trips">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <form onSubmit={onSubmit} method="post" noValidate className="form">
        <div className="form-grid-2">
          <TextField label="First Name" autoComplete="given-name" {...bind('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...bind('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint="At least 8 characters" {...bind('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...bind('confirmPassword')} />
        <button type="submit" className="button button-primary button-block" disabled={pending} data-pending-label={PENDING}>
          {pending ? PENDING : 'Create Account'}
        </button>
      </form>
      <Divider />
      <SocialButtons />
      <p className="auth-footer">
        Already have an account?{' '}
        <AppLink to="/login" className="text-link">
          Sign in
        </AppLink>
      </p>
    </AuthLayout>
  );
}
