// The route table of docs/product-spec.md section 2, one per sign-in state. This table and the router
// are a chunk of their own (app/RoutedApp.tsx), which the prerendered landing page does not load
// (web/src/landing.ts); every screen is split into its own chunk again, so a visitor downloads only the
// screen shown; a chunk a deploy replaced reloads the page once (lib/lazyScreen.ts).
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { UpdatePrompt } from '../components/UpdatePrompt.tsx';
import { useHasStatusBand } from '../stores/useStatusHostStore.ts';
import { lazyScreen } from '../lib/lazyScreen.ts';
import { useNotificationNavigation } from './serviceWorker.ts';
import { Landing } from '../pages/Landing.tsx';
import { NotFound } from '../pages/NotFound.tsx';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { navigate } from '../lib/browserHistory.ts';
import { NavigateContext } from './AppLink.tsx';
import { LoadingView } from './LoadingView.tsx';
import { SIGNED_IN_PATHS, SIGNED_OUT_PATHS } from './paths.ts';

const AppShell = lazyScreen(() => import('./AppShell.tsx'));
const Login = lazyScreen(() => import('../pages/Login.tsx'));
const Signup = lazyScreen(() => import('../pages/Signup.tsx'));
const ForgotPassword = lazyScreen(() => import('../pages/ForgotPassword.tsx'));
const ResetPassword = lazyScreen(() => import('../pages/ResetPassword.tsx'));
const Dashboard = lazyScreen(() => import('../pages/Dashboard.tsx'));
const ProfileSettings = lazyScreen(() => import('../pages/ProfileSettings.tsx'));
const Tradeboard = lazyScreen(() => import('../pages/Tradeboard.tsx'));
const Matches = lazyScreen(() => import('../pages/Matches.tsx'));
const Trades = lazyScreen(() => import('../pages/Trades.tsx'));
const Schedule = lazyScreen(() => import('../pages/Schedule.tsx'));
const MyMonth = lazyScreen(() => import('../pages/MyMonth.tsx'));
const Messages = lazyScreen(() => import('../pages/Messages.tsx'));
const CrewProfile = lazyScreen(() => import('../pages/CrewProfile.tsx'));
const ContactSupport = lazyScreen(() => import('../pages/ContactSupport.tsx'));
const AdminSettings = lazyScreen(() => import('../pages/AdminSettings.tsx'));

function LoadingRoutes() {
  return (
    <Switch>
      <Route path="/reset-password">
        <ResetPassword />
      </Route>
      <Route>
        <LoadingView />
      </Route>
    </Switch>
  );
}

function SignedOutRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Landing />
      </Route>
      <Route path="/login">
        <Login />
      </Route>
      <Route path="/signup">
        <Signup />
      </Route>
      <Route path="/forgot-password">
        <ForgotPassword />
      </Route>
      <Route path="/reset-password">
        <ResetPassword />
      </Route>
      {SIGNED_IN_PATHS.map((path) => (
        <Route key={path} path={path}>
          <Redirect to="/login" replace />
        </Route>
      ))}
      <Route>
        <NotFound standalone />
      </Route>
    </Switch>
  );
}

/** The admin console's paths, one route (as one screen it stays mounted from one path to another). */
const ADMIN_PATHS = new RegExp(`^(?:${['/admin', '/admin-panel', '/admin/users', '/admin/support', '/admin/logs'].join('|')})/?$`, 'i');

function SignedInRoutes() {
  return (
    <Switch>
      <Route path="/reset-password">
        <ResetPassword />
      </Route>
      {SIGNED_OUT_PATHS.map((path) => (
        <Route key={path} path={path}>
          <Redirect to="/" replace />
        </Route>
      ))}
      <Route>
        <AppShell>
          <Switch>
            <Route path="/">
              <Dashboard />
            </Route>
            <Route path="/profile">
              <ProfileSettings />
            </Route>
            <Route path="/profile/:userId">
              <CrewProfile />
            </Route>
            <Route path="/crew/:userId">
              <CrewProfile />
            </Route>
            <Route path="/all-trades">
              <Tradeboard />
            </Route>
            <Route path="/trades">
              <Trades />
            </Route>
            <Route path="/matches">
              <Matches />
            </Route>
            <Route path="/messages">
              <Messages />
            </Route>
            <Route path="/schedule">
              <Schedule />
            </Route>
            <Route path="/calendar">
              <MyMonth />
            </Route>
            <Route path="/contact-support">
              <ContactSupport />
            </Route>
            <Route path={ADMIN_PATHS}>
              <AdminSettings />
            </Route>
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </AppShell>
      </Route>
    </Switch>
  );
}

export function App() {
  const loading = useSessionStore((s) => s.loading);
  const signedIn = useSessionStore((s) => s.user !== null);
  useNotificationNavigation(navigate);
  // Signed in, the band under the navigation shows the offline line, the new version's prompt, the
  // uploads and the toasts (components/StatusBand.tsx); until it is there, the top of the page does.
  const banded = useHasStatusBand();
  return (
    <NavigateContext.Provider value={navigate}>
      {!banded && <OfflineBanner />}
      {!banded && <UpdatePrompt />}
      <Suspense fallback={<LoadingView />}>{loading ? <LoadingRoutes /> : signedIn ? <SignedInRoutes /> : <SignedOutRoutes />}</Suspense>
      <Toaster />
    </NavigateContext.Provider>
  );
}
