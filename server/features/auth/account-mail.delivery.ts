import type { EntityManager } from '@mikro-orm/postgresql';
import { RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '#protocol/limits.ts';
import type { EventOf } from '../../events/domain-events.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { Deps } from '../../deps.ts';
import { newestAccountAsks } from '../../outbox/notification-outbox.queries.ts';
import { mailDrafter, type MailDrafter } from '../../outbox/outbox-plugins.ts';
import { accountMailTargets, insertMailTokens } from './auth.queries.ts';
import { resetMail, verifyMail } from './auth.mails.ts';
import { newMailToken } from './tokens.ts';
import { poolEm } from '../../db/pool-em.ts';

export type AccountMailEvent = EventOf<'account.verifyAsked' | 'account.resetAsked'>;

/**
 * The confirmation and reset mails an outbox batch sends (docs/decisions/0043), one per ask, or
 * undefined when there is nothing to send: the account is gone, or (a confirmation) its address is
 * proven already. The outbox has left out the asks a newer one of the same user superseded.
 *
 * Each link's token is made here, as the mail is built, and stored (as its hash, like every mailed
 * token) before the mail goes: so the outbox never holds a link, a database copy signs no one in,
 * and a link is valid for its whole hour (seven days for a confirmation) from when it is sent,
 * however late the mail server took it. A retry makes a new token: the copy of a mail sent twice
 * after a lost acknowledgement carries the same Message-ID and a link that works too.
 */
export async function accountMails(
  em: EntityManager,
  asks: readonly { userId: number; event: AccountMailEvent }[],
): Promise<(OutgoingMail | undefined)[]> {
  const people = new Map(
    (
      await accountMailTargets(
        em,
        asks.map((a) => a.userId),
      )
    ).map((p) => [p.id, p]),
  );
  const now = Date.now();
  const resets: Parameters<typeof insertMailTokens>[2][number][] = [];
  const confirmations: typeof resets = [];
  const mails = asks.map(({ userId, event }) => {
    const person = people.get(userId);
    if (!person) return undefined;
    const { token, hash } = newMailToken();
    if (event.type === 'account.resetAsked') {
      resets.push({ userId, hash, expiresAt: new Date(now + RESET_TOKEN_TTL_MS) });
      return resetMail(person.email, person.firstName, `${event.linkOrigin}/reset-password?token=${token}`);
    }
    if (person.emailVerified) return undefined;
    confirmations.push({ userId, hash, expiresAt: new Date(now + VERIFY_TOKEN_TTL_MS) });
    return verifyMail(person.email, person.firstName, `${event.linkOrigin}/api/verify-email?token=${token}`);
  });
  await insertMailTokens(em, 'password_reset_tokens', resets);
  await insertMailTokens(em, 'email_verification_tokens', confirmations);
  return mails;
}

/**
 * The outbox's drafter of account mails (registered in server/subscribers.ts; docs/decisions/0043):
 * only the newest ask of each kind per user is sent. One waiting when a newer came is superseded,
 * done without a mail, since the newer one brings a link of its own and two mails of which one is
 * stale would only confuse.
 */
export const accountMailDrafter = (deps: Pick<Deps, 'orm'>): MailDrafter =>
  mailDrafter(['account.resetAsked', 'account.verifyAsked'], async (rows) => {
    const em = poolEm(deps.orm);
    const newest = await newestAccountAsks(em, [...new Set(rows.map((r) => r.recipientId))]);
    const current = rows.filter((r) => newest.get(`${r.recipientId}:${r.event.type}`) === r.id);
    const built = await accountMails(
      em,
      current.map((r) => ({ userId: r.recipientId, event: r.event })),
    );
    return { mails: current.flatMap((r, i) => (built[i] ? [{ rowId: r.id, mail: built[i] }] : [])) };
  });
