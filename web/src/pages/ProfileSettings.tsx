// /profile: the profile form, Activity Summary and Account Actions (docs/product-spec.md section 2).
import { useState, type FormEvent } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { CalendarFeedCard } from '../components/CalendarFeedCard.tsx';
import { PushCard } from '../components/PushCard.tsx';
import { RosterCard } from '../components/roster/RosterCard.tsx';
import { SwitchRow } from '../components/SwitchRow.tsx';
import { ThemeCard } from '../components/ThemeCard.tsx';
import { SelectField } from '../components/Field.tsx';
import { SETTINGS_TEXT } from '../texts/settings.ts';
import { ACCOUNT_MSG } from '#protocol/messages/account.ts';
import { profileSchema, type ProfileBody } from '#protocol/schemas/profile.ts';
import type { CurrentUser } from '#protocol/shapes.ts';
import { serverMessage } from '../api/client.ts';
import { ProfileFields, profileFieldsOf, profileValuesOf, type ProfileValues } from '../components/ProfileFields.tsx';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { logout } from '../stores/clientState.ts';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { toast } from '../stores/useToastStore.ts';

/** Saves all eight fields (the session store applies the saved user); says how it went in a toast. */
async function saveProfile(body: ProfileBody & { emailNotifications: boolean }): Promise<boolean> {
  try {
    await useSessionStore.getState().saveProfile(body);
    toast({ title: ACCOUNT_MSG.profileUpdated });
    return true;
  } catch (err) {
    toast({
      title: ACCOUNT_MSG.profileUpdateFailedTitle,
      description: serverMessage(err) ?? ACCOUNT_MSG.profileUpdateFailed,
      variant: 'destructive',
    });
    return false;
  }
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(user));
  // saveProfile toasts its own failure: the form has no alert of its own.
  const { errors, pending, submit } = useSchemaForm(profileSchema, values, ACCOUNT_MSG.profileUpdateFailed, async (data) => {
    await saveProfile({ ...profileFieldsOf(data), emailNotifications: user.emailNotifications });
  });

  return (
    <section className="card" aria-labelledby="profile-info-heading">
      <h2 id="profile-info-heading" className="card-title">
        Profile Information
      </h2>
      <p className="card-subtitle">{user.email}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="form">
        <ProfileFields values={values} errors={errors} onChange={setValues} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </section>
  );
}

function ActivitySummary() {
  const stats = useBadgeStore((s) => s.stats);
  const items = [
    { label: 'Active Requests', value: stats?.activeRequests },
    // Each label says what it counts (docs/decisions/0025): new matches; trades done apart from declined offers.
    { label: 'New Matches', value: stats?.pendingMatches },
    { label: 'Completed Trades', value: stats?.acceptedTrades },
    { label: 'Declined Offers', value: stats?.declinedTrades },
  ];
  return (
    <section className="card" aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="card-title">
        Activity Summary
      </h2>
      <dl className="summary-list">
        {items.map((item) => (
          <div key={item.label} className="summary-row">
            <dt>{item.label}</dt>
            <dd>{item.value ?? 0}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The saved profile as a PUT body, with `change` applied (a setting saved on its own). */
function savedProfile(user: CurrentUser, change: Partial<ProfileBody & { emailNotifications: boolean }>) {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    employeeNumber: user.employeeNumber ?? '',
    base: user.base ?? '',
    airline: user.airline ?? 'Delta',
    position: user.position ?? 'captain',
    aircraftType: user.aircraftType ?? '717',
    emailNotifications: user.emailNotifications,
    ...change,
  };
}

/** A setting saved on its own (the rest of the profile as saved), busy while it saves. */
function useSettingSave(user: CurrentUser) {
  const [pending, setPending] = useState(false);
  async function save(change: Partial<ProfileBody & { emailNotifications: boolean }>) {
    setPending(true);
    await saveProfile(savedProfile(user, change));
    setPending(false);
  }
  return { pending, save };
}

/**
 * Whose "today" the app goes by: the base's time zone from the airport table, or, for a base the
 * table does not know, the zone the crew member picks here (UTC until then). docs/decisions/0024.
 */
function YourDay({ user }: { user: CurrentUser }) {
  const [choice, setChoice] = useState(user.timeZoneChoice ?? 'UTC');
  const { pending, save: saveSetting } = useSettingSave(user);
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  if (user.timeZoneChoice && !zones.includes(user.timeZoneChoice)) zones.push(user.timeZoneChoice);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await saveSetting({ timeZone: choice === 'UTC' ? null : choice });
  }

  return (
    <section className="card" aria-labelledby="your-day-heading">
      <h2 id="your-day-heading" className="card-title">
        {SETTINGS_TEXT.yourDayTitle}
      </h2>
      {user.baseTimeZone ? (
        <p className="card-subtitle">{SETTINGS_TEXT.yourDayFromBase(user.base ?? '', user.baseTimeZone)}</p>
      ) : (
        <form onSubmit={(e) => void save(e)} className="form">
          <p className="card-subtitle">{SETTINGS_TEXT.yourDayUnknownBase(user.base ?? '')}</p>
          <SelectField label={SETTINGS_TEXT.timeZoneLabel} name="timeZone" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </SelectField>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={pending}>
              {pending ? 'Saving...' : SETTINGS_TEXT.saveTimeZone}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function AccountActions({ user }: { user: CurrentUser }) {
  const { pending, save } = useSettingSave(user);
  const on = user.emailNotifications;

  return (
    <section className="card" aria-labelledby="account-actions-heading">
      <h2 id="account-actions-heading" className="card-title">
        Account Actions
      </h2>
      <SwitchRow
        label="Email Notifications"
        hint="Get an email when a match is found or a trade request arrives."
        checked={on}
        disabled={pending}
        onToggle={() => void save({ emailNotifications: !on })}
      />
      <div className="stack">
        <AppLink to="/" className="button button-outline button-block">
          Back to Dashboard
        </AppLink>
        <button type="button" className="button button-danger-outline button-block" onClick={logout}>
          Logout
        </button>
      </div>
    </section>
  );
}

export default function ProfileSettings() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return (
    <div className="page-inner">
      <div className="page-header">
        <div>
          <h1>Profile Settings</h1>
          <p className="page-subtitle">Manage your crew details and preferences</p>
        </div>
      </div>
      <div className="profile-layout">
        <ProfileForm user={user} />
        <div className="stack-lg">
          <ActivitySummary />
          <YourDay user={user} />
          <AccountActions user={user} />
          <ThemeCard />
          <PushCard />
          <CalendarFeedCard />
          <RosterCard />
        </div>
      </div>
    </div>
  );
}
