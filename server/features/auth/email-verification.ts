import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.ts';
import { markEmailVerified } from '../user-kernel/users.queries.ts';
import * as auth from './auth.queries.ts';
import { hashToken } from './tokens.ts';

type VerificationDeps = Pick<Deps, 'config' | 'events'>;

/**
 * E-mail confirmation (docs/decisions/0005-account-linking.md): a mailed link confirms the address
 * for the account that is signed in where the link is opened. The token alone is not enough, or
 * the owner of a mailbox that someone else signed up with would, by clicking, hand them a verified
 * account (and, for OWNER_EMAIL, admin rights). The mail itself is recorded with the account
 * (AuthService.register) and sent from the outbox, which makes its token (account-mail.delivery.ts).
 */
export class EmailVerification {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: VerificationDeps,
  ) {}

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
