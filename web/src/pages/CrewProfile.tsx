// /crew/{userId} and /profile/{userId} (docs/product-spec.md section 2): a crew member's name, employee number,
// airline and position, their schedule images (lightbox), and Request Trade (never on one's own
// profile). Back follows the spec's rules (lib/profileBack.ts); a profile that fails to load shows
// "Profile Not Found" with Go Back.
import { useEffect, useState } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { useLocation } from '../app/routerLocation.ts';
import { canGoBack, navigate } from '../lib/browserHistory.ts';
import { useParams } from 'wouter';
import { ACCOUNT_MSG } from '#protocol/messages/account.ts';
import type { ProfileView } from '#protocol/shapes.ts';
import { LoadingView } from '../app/LoadingView.tsx';
import { LazyOfferDialog } from '../components/LazyOfferDialog.tsx';
import type { OfferTarget } from '../components/OfferDialog.tsx';
import { ScheduleImageGrid } from '../components/ScheduleImageGrid.tsx';
import { BackIcon } from '../components/ScheduleIcons.tsx';
import { initials, POSITION_LABELS } from '../lib/format.ts';
import { profileBackPath } from '../lib/profileBack.ts';
import { useCrewProfileStore } from '../stores/useCrewProfileStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { PROFILE_TEXT } from '../texts/profile.ts';
import '../components/schedule-images.css';

/** "first_officer" → "First Officer" (the known labels first, any other value spelled out). */
function positionText(position: string | null): string {
  if (!position) return '—';
  return (
    POSITION_LABELS[position as keyof typeof POSITION_LABELS] ??
    position
      .split('_')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')
  );
}

const sameGroup = (a: Pick<ProfileView, 'airline' | 'base' | 'position' | 'aircraftType'>, b: typeof a) =>
  a.airline === b.airline && a.base === b.base && a.position === b.position && a.aircraftType === b.aircraftType;

function NotFoundView() {
  // The app numbers the entries it pushed (lib/browserHistory.ts): 0 is where this tab entered the app.
  const back = canGoBack();
  return (
    <div className="page-inner">
      <div className="card empty-state profile-missing">
        <h1>{ACCOUNT_MSG.profileNotFoundTitle}</h1>
        <p>{ACCOUNT_MSG.profileNotFound}</p>
        <button type="button" className="button button-primary" onClick={() => (back ? navigate(-1) : navigate('/'))}>
          {PROFILE_TEXT.goBack}
        </button>
      </div>
    </div>
  );
}

function ProfileCard({ profile, onRequestTrade }: { profile: ProfileView; onRequestTrade?: () => void }) {
  const name = profile.name || 'Crew member';
  const facts = [
    { label: PROFILE_TEXT.employeeNumber, value: profile.employeeNumber || '—' },
    { label: PROFILE_TEXT.airline, value: profile.airline || '—' },
    { label: PROFILE_TEXT.position, value: positionText(profile.position) },
  ];
  return (
    <section className="card profile-hero" aria-labelledby="crew-profile-name">
      <div className="profile-avatar" aria-hidden="true">
        {initials(profile)}
      </div>
      <h1 id="crew-profile-name" className="profile-name">
        {name}
      </h1>
      {onRequestTrade && (
        <div className="profile-hero-actions">
          <button type="button" className="button button-primary" onClick={onRequestTrade}>
            {PROFILE_TEXT.profileRequestTrade}
          </button>
        </div>
      )}
      <dl className="profile-facts">
        {facts.map((fact) => (
          <div key={fact.label} className="profile-fact">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function CrewProfile() {
  const params = useParams();
  const { pathname, search } = useLocation();
  const me = useSessionStore((s) => s.user);
  const status = useCrewProfileStore((s) => s.status);
  const profile = useCrewProfileStore((s) => s.profile);
  const loadedId = useCrewProfileStore((s) => s.userId);
  const [offer, setOffer] = useState<OfferTarget | null>(null);

  const raw = params.userId ?? '';
  const userId = /^\d{1,9}$/.test(raw) ? Number(raw) : null;

  useEffect(() => {
    if (userId !== null) void useCrewProfileStore.getState().load(userId);
  }, [userId]);

  if (!me) return null;
  if (userId === null || (loadedId === userId && status === 'failed')) return <NotFoundView />;
  if (loadedId !== userId || status === 'loading' || !profile) return <LoadingView />;

  const own = profile.id === me.id;
  // Trades happen within a group: an admin looking at crew elsewhere is offered none.
  const mayTrade = !own && sameGroup(profile, me);
  const name = profile.name || 'Crew member';

  return (
    <div className="page-inner">
      <div className="back-row">
        <AppLink to={profileBackPath(pathname, search, userId)} className="button button-ghost button-sm back-link">
          <BackIcon />
          {COMMON_TEXT.back}
        </AppLink>
      </div>
      <ProfileCard
        profile={profile}
        onRequestTrade={mayTrade ? () => setOffer({ toUserId: profile.id, toUserName: name, request: null }) : undefined}
      />
      <section className="card" aria-labelledby="crew-schedule-heading">
        <div className="card-header">
          <h2 id="crew-schedule-heading" className="card-title">
            {PROFILE_TEXT.profileScheduleHeading}
          </h2>
          {own && (
            <AppLink to="/schedule" className="text-link">
              {PROFILE_TEXT.profileManageSchedule}
            </AppLink>
          )}
        </div>
        {profile.scheduleImages.length === 0 ? (
          <p className="empty-text">{PROFILE_TEXT.profileNoSchedule}</p>
        ) : (
          <ScheduleImageGrid images={profile.scheduleImages} label={`${name}'s schedule images`} />
        )}
      </section>
      {/* A dialog opened on another profile (the URL changed under it) stays closed here. */}
      <LazyOfferDialog target={offer?.toUserId === profile.id ? offer : null} onClose={() => setOffer(null)} />
    </div>
  );
}
