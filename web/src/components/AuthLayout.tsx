// The frame of the signed-out forms: brand on top, one centred card.
import type { ReactNode } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { PUBLIC_TEXT } from '../texts/public.ts';
import { AppleIcon, GoogleIcon } from './Icons.tsx';

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-page">
      <header className="auth-brand">
        <AppLink to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            C
          </span>
          Crewtrade
        </AppLink>
      </header>
      <main className="auth-card">
        <h1>{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </main>
    </div>
  );
}

/** Google and Apple both start the server's social sign-in (GET /api/login). */
export function SocialButtons() {
  return (
    <div className="social-buttons">
      <a href="/api/login" className="button button-outline button-block">
        <GoogleIcon />
        {PUBLIC_TEXT.continueWithGoogle}
      </a>
      <a href="/api/login" className="button button-outline button-block">
        <AppleIcon />
        {PUBLIC_TEXT.continueWithApple}
      </a>
    </div>
  );
}

export function Divider({ label = 'or' }: { label?: string }) {
  return (
    <div className="divider" role="separator" aria-label={label}>
      <span aria-hidden="true">{label}</span>
    </div>
  );
}
