// The app's entry (app.html): every path but a signed-out visitor's "/", "/login" and "/signup",
// which start from their prerendered pages (landing.ts, authEntry.ts) and come here, or to
// app/start.tsx, when they need the app.
import { startApp } from './app/start.tsx';
import './styles.css';

startApp();
