import type { EntityManager } from '@mikro-orm/postgresql';
import { VERIFY_TOKEN_TTL_MS } from '../../../protocol/limits.ts';
import type { Deps } from '../../deps.ts';
import { markEmailVerified } from '../users/owner.ts';
import { verifyMail } from './auth.mails.ts';
import { hashToken, newMailToken } from './tokens.ts';

type VerificationDeps = Pick<Deps, 'config' | 'mailer' | 'sessionCache'>;

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
    await this.em.execute('insert into email_verification_tokens (user_id, token, expires_at) values (?, ?, ?)', [
      user.id,
      hash,
      new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
    ]);
    // Mailer.send never throws: a failed delivery is logged there.
    void this.deps.mailer.send(verifyMail(user.email, user.firstName, `${origin}/api/verify-email?token=${token}`));
  }

  /** The account a live token belongs to, or null (unknown, spent or expired). */
  async accountOf(token: string): Promise<number | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const rows = await this.em.execute<{ userId: number }[]>(
      'select user_id as "userId" from email_verification_tokens where token = ? and used_at is null and expires_at > now()',
      [hashToken(token)],
    );
    return rows[0]?.userId ?? null;
  }

  /** Spends the token and marks the address proven, only for the account it was sent to. */
  async confirm(token: string, userId: number): Promise<boolean> {
    const confirmed = await this.em.transactional(async (em) => {
      const spent = await em.execute<{ userId: number }[]>(
        `update email_verification_tokens set used_at = now()
         where token = ? and user_id = ? and used_at is null and expires_at > now() returning user_id as "userId"`,
        [hashToken(token), userId],
      );
      if (!spent.length) return false;
      await markEmailVerified(em, userId, this.deps.config.ownerEmail);
      await em.execute('update email_verification_tokens set used_at = now() where user_id = ? and used_at is null', [userId]);
      return true;
    });
    if (confirmed) this.deps.sessionCache.invalidateUser(userId);
    return confirmed;
  }
}
