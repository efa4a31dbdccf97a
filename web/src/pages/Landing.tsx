// The signed-out home page. In the first chunk, without the router: it is what a visitor sees first,
// prerendered into index.html at build time (web/build/prerender-plugin.ts) and left as HTML there:
// the landing entry (web/src/landing.ts) loads no React; the app renders this anew once it starts.
import { AppLink } from '../app/AppLink.tsx';
import { PublicHeader } from '../components/PublicHeader.tsx';
import { AppleIcon, GoogleIcon, RepeatIcon, ShieldIcon, UsersIcon } from '../components/Icons.tsx';
import { PUBLIC_TEXT } from '../texts/public.ts';

const FEATURES = [
  {
    title: 'Position-based',
    text: 'See trips only from crew who share your airline and position, so every trade you find is one you can take.',
    Icon: UsersIcon,
  },
  {
    title: 'Auto-matching',
    text: 'Post a drop, pickup or trade and Crewtrade finds the requests that line up with yours, then lets you know.',
    Icon: RepeatIcon,
  },
  {
    title: 'Secure communication',
    text: 'Message colleagues directly and share trip screenshots privately, inside your crew group.',
    Icon: ShieldIcon,
  },
];

export function Landing() {
  return (
    <div className="landing">
      <PublicHeader showSignIn={false} />
      <main>
        <section className="hero">
          <h1>{PUBLIC_TEXT.productName}</h1>
          <p className="hero-tagline">{PUBLIC_TEXT.tagline}</p>
          <p className="hero-text">Drop, pick up and swap pairings and reserve periods with crew at your airline.</p>
          <div className="hero-actions">
            <AppLink to="/signup" className="button button-primary button-lg">
              {PUBLIC_TEXT.getStarted}
            </AppLink>
            <AppLink to="/login" className="button button-outline button-lg">
              {PUBLIC_TEXT.signIn}
            </AppLink>
          </div>
          <div className="hero-social">
            <a href="/api/login" className="button button-outline">
              <GoogleIcon />
              {PUBLIC_TEXT.continueWithGoogle}
            </a>
            <a href="/api/login" className="button button-outline">
              <AppleIcon />
              {PUBLIC_TEXT.continueWithApple}
            </a>
          </div>
        </section>
        <section className="features" aria-label="Features">
          {FEATURES.map(({ title, text, Icon }) => (
            <article key={title} className="feature">
              <span className="feature-icon">
                <Icon />
              </span>
              <h2>{title}</h2>
              <p>{text}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="landing-footer">
        <p>© Crewtrade</p>
      </footer>
    </div>
  );
}
