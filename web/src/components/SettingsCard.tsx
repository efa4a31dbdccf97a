// A card of the schedule and profile settings (calendar feed, push, roster): its heading names the
// section, an intro line under it, then the card's own controls.
import type { ReactNode } from 'react';

export function SettingsCard({
  headingId,
  title,
  intro,
  children,
}: {
  headingId: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        {title}
      </h2>
      <p className="card-subtitle">{intro}</p>
      {children}
    </section>
  );
}
