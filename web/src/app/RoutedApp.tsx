// Everything past the landing page: the router and the route table, loaded as one chunk by the entry
// (main.tsx) for any other path, for a signed-in crew member, or when a visitor leaves the landing.
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';

export default function RoutedApp() {
  return (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
}
