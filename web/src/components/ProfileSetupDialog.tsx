// The welcome dialog for a signed-in user without airline or position: forced open (no close
// button; Escape and the backdrop do nothing) until the profile is saved, then a success view and
// a reload at / after 500 ms.
import { useState } from 'react';
import { ACCOUNT_MSG } from '#protocol/messages/account.ts';
import { ONBOARDING_RELOAD_MS } from '#protocol/limits.ts';
import { profileSchema } from '#protocol/schemas/profile.ts';
import type { CurrentUser } from '#protocol/shapes.ts';
import { serverMessage } from '../api/client.ts';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { AUTH_TEXT } from '../texts/auth.ts';
import { Modal } from './Modal.tsx';
import { ProfileFields, profileFieldsOf, profileValuesOf, type ProfileValues } from './ProfileFields.tsx';

function setupFailureText(err: unknown): string {
  const message = serverMessage(err);
  if (message?.includes(ACCOUNT_MSG.employeeNumberTaken)) return ACCOUNT_MSG.employeeNumberTakenFriendly;
  return message ?? ACCOUNT_MSG.setupFailed;
}

export function ProfileSetupDialog({ user, onSubmitted }: { user: CurrentUser; onSubmitted: () => void }) {
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(user));
  const [done, setDone] = useState(false);
  // Failures are told in the spec's "Setup Failed" toast: the action catches them.
  const { errors, pending, submit } = useSchemaForm(profileSchema, values, ACCOUNT_MSG.setupFailed, async (data) => {
    try {
      await useSessionStore.getState().saveProfile(profileFieldsOf(data));
      onSubmitted();
      setDone(true);
      toast({ title: AUTH_TEXT.welcomeTitle, description: ACCOUNT_MSG.setupDone });
      setTimeout(() => {
        window.location.href = '/';
      }, ONBOARDING_RELOAD_MS);
    } catch (err) {
      toast({ title: ACCOUNT_MSG.setupFailedTitle, description: setupFailureText(err), variant: 'destructive' });
    }
  });

  return (
    <Modal
      title={done ? "You're All Set!" : 'Complete Your Profile'}
      description={done ? undefined : 'Tell us about your role so we can show you trades from crew like you.'}
      size="lg"
    >
      {done ? (
        <div className="setup-success">
          <span className="success-mark" aria-hidden="true">
            ✓
          </span>
          <p>Your crew profile is ready. Taking you to your dashboard...</p>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="form">
          <ProfileFields values={values} errors={errors} onChange={setValues} disabled={pending} />
          <button type="submit" className="button button-primary button-block" disabled={pending}>
            {pending ? 'Saving...' : 'Complete Setup'}
          </button>
        </form>
      )}
    </Modal>
  );
}
