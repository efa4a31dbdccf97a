// Everything past the landing page: the router and the route table, loaded as one chunk by the entry
// (main.tsx) for any other path, for a signed-in crew member, or when a visitor leaves the landing.
import { App } from './App.tsx';
import { AppRouter } from './AppRouter.tsx';

export default function RoutedApp() {
  return (
    <AppRouter>
      <App />
    </AppRouter>
  );
}
