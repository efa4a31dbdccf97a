// Administrator Settings (docs/product-spec.md section 2) at /admin, /admin-panel, /admin/users, /admin/support and
// /admin/logs: four summary cards that select a tab, and seven tabs (?tab=, default users; the tab
// routes preselect theirs; the sixth, Roster Rules, is docs/decisions/0023's, the seventh, Insights,
// docs/decisions/0044's). Non-admins see a "Not authorised" screen and nothing is fetched for
// them (the server refuses them too).
import { Suspense, useEffect, useId } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { useLocation } from '../app/routerLocation.ts';
import { useSearchParams } from '../hooks/useSearchParams.ts';
import { ADMIN_MSG } from '#protocol/messages/admin.ts';
import { TabBar, tabId } from '../components/TabBar.tsx';
import { lazyScreen } from '../lib/lazyScreen.ts';
import {
  useAdminActivityStore,
  useAdminLogsStore,
  useAdminSupportStore,
  useAdminTemplatesStore,
  useAdminUsersStore,
} from '../stores/useAdminStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { ADMIN_TEXT } from '../texts/admin.ts';
import { EmailTemplatesTab } from './admin/EmailTemplatesTab.tsx';
import { LogsTab } from './admin/LogsTab.tsx';
import { RosterRulesTab } from './admin/RosterRulesTab.tsx';
import { SupportTab } from './admin/SupportTab.tsx';
import { UserActivityTab } from './admin/UserActivityTab.tsx';
import { UsersTab } from './admin/UsersTab.tsx';
import './admin/admin.css';

// Insights' charts load with their tab: the rest of the console never pays for them.
const InsightsTab = lazyScreen(() => import('./admin/InsightsTab.tsx'));

const TABS = ['email-templates', 'users', 'support', 'user-activity', 'logs', 'roster-rules', 'insights'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, string> = {
  'email-templates': ADMIN_TEXT.tabEmailTemplates,
  users: ADMIN_TEXT.tabUsers,
  support: ADMIN_TEXT.tabSupport,
  'user-activity': ADMIN_TEXT.tabUserActivity,
  logs: ADMIN_TEXT.tabLogs,
  'roster-rules': ADMIN_TEXT.tabRosterRules,
  insights: ADMIN_TEXT.tabInsights,
};
const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');
/** /admin/users, /admin/support, /admin/logs name their tab when ?tab= does not. */
const TAB_OF_PATH: Record<string, Tab> = { '/admin/users': 'users', '/admin/support': 'support', '/admin/logs': 'logs' };

function NotAuthorised() {
  return (
    <div className="page-inner">
      <section className="card empty-state not-authorised" role="alert">
        <h1>{ADMIN_MSG.notAuthorisedTitle}</h1>
        <p>{ADMIN_MSG.notAuthorisedText}</p>
        <AppLink to="/" className="button button-primary">
          {ADMIN_TEXT.backToDashboard}
        </AppLink>
      </section>
    </div>
  );
}

function SummaryCards({ select }: { select: (tab: Tab) => void }) {
  const templates = useAdminTemplatesStore((s) => s.items.length);
  // The server's count of each whole list where it gives one (the lists come a page at a time).
  const users = useAdminUsersStore((s) => s.total ?? s.items.length);
  const support = useAdminSupportStore((s) => s.total ?? s.items.length);
  const logs = useAdminLogsStore((s) => s.total ?? s.items.length);
  const cards: [Tab, string, number, string][] = [
    ['email-templates', ADMIN_TEXT.cardTemplates, templates, ADMIN_TEXT.templatesCount],
    ['users', ADMIN_TEXT.cardUsers, users, ADMIN_TEXT.usersCount],
    ['support', ADMIN_TEXT.cardSupport, support, ADMIN_TEXT.supportCount],
    ['logs', ADMIN_TEXT.cardActivity, logs, ADMIN_TEXT.activityCount],
  ];
  return (
    <div className="stat-grid admin-cards">
      {cards.map(([tab, label, count, unit]) => (
        <button key={tab} type="button" className="stat-card admin-card" onClick={() => select(tab)}>
          <span className="stat-label">{label}</span>
          <span className="stat-value">{count}</span>
          <span className="muted">{unit}</span>
        </button>
      ))}
    </div>
  );
}

function AdminConsole() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : (TAB_OF_PATH[pathname] ?? 'users');
  const baseId = useId();

  useEffect(() => {
    // The cards count all four lists, so all four load with the screen; activity loads with its tab.
    void useAdminTemplatesStore.getState().fetch();
    void useAdminUsersStore.getState().fetch();
    void useAdminSupportStore.getState().fetch();
    void useAdminLogsStore.getState().fetch();
    return () => useAdminActivityStore.getState().reset();
  }, []);

  useEffect(() => {
    // A tab shows its list as it is now (another admin may have acted since the screen loaded).
    const refresh: Partial<Record<Tab, () => Promise<void>>> = {
      'email-templates': useAdminTemplatesStore.getState().fetch,
      users: useAdminUsersStore.getState().fetch,
      support: useAdminSupportStore.getState().fetch,
      logs: useAdminLogsStore.getState().fetch,
    };
    void refresh[tab]?.();
  }, [tab]);

  const select = (next: Tab) => setParams({ tab: next }, { replace: true });

  return (
    <div className="page-inner admin-page">
      <div className="page-header">
        <div>
          <h1>{ADMIN_TEXT.adminSettings}</h1>
          <p className="page-subtitle">{ADMIN_TEXT.adminSettingsSubtitle}</p>
        </div>
        <div className="page-actions">
          <AppLink to="/" className="button button-outline">
            {ADMIN_TEXT.backToDashboard}
          </AppLink>
        </div>
      </div>
      <SummaryCards select={select} />
      <TabBar
        tabs={TABS}
        selected={tab}
        onSelect={select}
        label={ADMIN_TEXT.adminSettings}
        baseId={baseId}
        panelId={`${baseId}-panel`}
        className="tabs admin-tabs"
        render={(t) => LABELS[t]}
      />
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={tabId(baseId, tab)} tabIndex={0} className="tab-panel">
        {tab === 'email-templates' && <EmailTemplatesTab />}
        {tab === 'users' && <UsersTab />}
        {tab === 'support' && <SupportTab />}
        {tab === 'user-activity' && <UserActivityTab />}
        {tab === 'logs' && <LogsTab />}
        {tab === 'roster-rules' && <RosterRulesTab />}
        {tab === 'insights' && (
          <Suspense fallback={null}>
            <InsightsTab />
          </Suspense>
        )}
      </div>
    </div>
  );
}

export default function AdminSettings() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  return user.isAdmin ? <AdminConsole /> : <NotAuthorised />;
}
