// The route table of docs/product-spec.md section 2, one per sign-in state. This table and the router
// are a chunk of their own (app/RoutedApp.tsx), which the prerendered landing page does not load
// (web/src/landing.ts); every screen is split into its own chunk again, so a visitor downloads only the
// screen shown; a chunk a deploy replaced reloads the page once (lib/lazyScreen.ts).
import { Suspense, useCallback } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { UpdatePrompt } from '../components/UpdatePrompt.tsx';
import { UploadProgress } from '../components/UploadProgress.tsx';
import { lazyScreen } from '../lib/lazyScreen.ts';
import { useNotificationNavigation } from './serviceWorker.ts';
import { Landing } from '../pages/Landing.tsx';
import { NotFound } from '../pages/NotFound.tsx';
import { useSessionStore } from '../stores/useSessionStore.ts';
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
const Messages = lazyScreen(() => import('../pages/Messages.tsx'));
const CrewProfile = lazyScreen(() => import('../pages/CrewProfile.tsx'));
const ContactSupport = lazyScreen(() => import('../pages/ContactSupport.tsx'));
const AdminSettings = lazyScreen(() => import('../pages/AdminSettings.tsx'));

function LoadingRoutes() {
  return (
    <Routes>
      <Route path="/reset-password" element={<ResetPassword />} />
      <Route path="*" element={<LoadingView />} />
    </Routes>
  );
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Landing />} />
      <Route path="/login" element={<Login />} />
      <Route path="/signup" element={<Signup />} />
      <Route path="/forgot-password" element={<ForgotPassword />} />
      <Route path="/reset-password" element={<ResetPassword />} />
      {SIGNED_IN_PATHS.map((path) => (
        <Route key={path} path={path} element={<Navigate to="/login" replace />} />
      ))}
      <Route path="*" element={<NotFound standalone />} />
    </Routes>
  );
}

function SignedInRoutes() {
  return (
    <Routes>
      <Route path="/reset-password" element={<ResetPassword />} />
      {SIGNED_OUT_PATHS.map((path) => (
        <Route key={path} path={path} element={<Navigate to="/" replace />} />
      ))}
      <Route element={<AppShell />}>
        <Route index element={<Dashboard />} />
        <Route path="/profile" element={<ProfileSettings />} />
        <Route path="/profile/:userId" element={<CrewProfile />} />
        <Route path="/crew/:userId" element={<CrewProfile />} />
        <Route path="/all-trades" element={<Tradeboard />} />
        <Route path="/trades" element={<Trades />} />
        <Route path="/matches" element={<Matches />} />
        <Route path="/messages" element={<Messages />} />
        <Route path="/schedule" element={<Schedule />} />
        <Route path="/contact-support" element={<ContactSupport />} />
        {['/admin', '/admin-panel', '/admin/users', '/admin/support', '/admin/logs'].map((path) => (
          <Route key={path} path={path} element={<AdminSettings />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

export function App() {
  const loading = useSessionStore((s) => s.loading);
  const signedIn = useSessionStore((s) => s.user !== null);
  const routerNavigate = useNavigate();
  const navigate = useCallback((to: string) => void routerNavigate(to), [routerNavigate]);
  useNotificationNavigation(navigate);
  return (
    <NavigateContext value={navigate}>
      <OfflineBanner />
      <Suspense fallback={<LoadingView />}>{loading ? <LoadingRoutes /> : signedIn ? <SignedInRoutes /> : <SignedOutRoutes />}</Suspense>
      <UpdatePrompt />
      <UploadProgress />
      <Toaster />
    </NavigateContext>
  );
}
