import type { EntityManager } from '@mikro-orm/postgresql';
import { VERIFY_TOKEN_TTL_MS } from '#protocol/limits.ts';
import type { Deps } from '../../deps.ts';
import { markEmailVerified } from '../users/users.queries.ts';
import * as auth from './auth.queries.ts';
import { verifyMail } from './auth.mails.ts';
import { hashToken, newMailToken } from './tokens.ts';

type VerificationDeps = Pick<Deps, 'config' | 'mailer' | 'events'>;

/**
 * E-mail confirmation (docs/decisions/0005-account-linking.md): a mailed link confirms the address
 * for the account that is signed in where the link is opened. The token alone is not enough, or
 * the owner of a mailbox that someone else signed up with would, by clicking, hand them a verified
 * account (and, for OWNER_EMAIL, admin rights).
 */
export class EmailVerification {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: VerificationDeps,
  ) {}

  /** Stores a new token and mails its link without waiting for the mail (the caller answers at once). */
  async send(user: { id: number; email: string; firstName: string | null }, origin: string): Promise<void> {
    const { token, hash } = newMailToken();
    await auth.insertMailToken(this.em, 'email_verification_tokens', {
      userId: user.id,
      hash,
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
    });
    // Mailer.send never throws: a failed delivery is logged there.
    void this.deps.mailer.send(verifyMail(user.email, user.firstName, `${origin}/api/verify-email?token=${token}`));
  }

  /** The account a live token belongs to, or null (unknown, spent or expired). */
  async accountOf(token: string): Promise<number | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    return (await auth.findMailTokenOwner(this.em, 'email_verification_tokens', hashToken(token))) ?? null;
  }

  /** Spends the token and marks the address proven, only for the account it was sent to. */
  async confirm(token: string, userId: number): Promise<boolean> {
    return this.deps.events.transaction(this.em, async (em, events) => {
      if (!(await auth.spendMailToken(em, 'email_verification_tokens', hashToken(token), userId))) return false;
      await markEmailVerified(em, userId, this.deps.config.ownerEmail);
      await auth.spendAllMailTokens(em, 'email_verification_tokens', userId);
      events.record({ type: 'user.updated', userId });
      return true;
    });
  }
}
