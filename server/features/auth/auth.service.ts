import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '#protocol/messages.ts';
import type { LoginBody, RegisterBody, ResetPasswordBody } from '#protocol/schemas/auth.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalid, unauthorized } from '../../http/errors.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { findUser, markEmailVerified } from '../user-kernel/users.queries.ts';
import * as auth from './auth.queries.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { SocialProfile } from './oidc.ts';
import { SessionStore } from './session.store.ts';
import { hashToken } from './tokens.ts';

type AuthDeps = Pick<Deps, 'config' | 'hasher' | 'events'>;

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

async function refuseCommon(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw invalid(MSG.passwordTooCommon, field);
}

export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AuthDeps,
  ) {}

  /**
   * A new local account, unverified: owner rights wait for the mailed link (or a reset, or a
   * provider), so typing OWNER_EMAIL into the form first proves nothing. The confirmation mail
   * (its link on `linkOrigin`) is recorded with the account and sent from the outbox
   * (docs/decisions/0043): a mail server that is away delays it, never loses it.
   */
  async register(body: RegisterBody, linkOrigin: string): Promise<UserRecord> {
    await refuseCommon(body.password, 'password');
    const hash = await this.deps.hasher.hash(body.password);
    try {
      return await this.deps.events.transaction(this.em, async (em, events) => {
        const user = await auth.insertLocalUser(em, {
          email: body.email,
          passwordHash: hash,
          firstName: body.firstName,
          lastName: body.lastName,
        });
        events.record({ type: 'account.verifyAsked', userId: user.id, linkOrigin });
        return user;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'email');
      throw err;
    }
  }

  async login(body: LoginBody): Promise<UserRecord> {
    const row = await auth.findLogin(this.em, body.email);
    const hash = row?.password ?? (await this.deps.hasher.dummyHash);
    const ok = await this.deps.hasher.verify(hash, body.password);
    if (!row || !row.password || !ok) throw unauthorized(MSG.invalidCredentials);
    const { password: _password, ...user } = row;
    return user;
  }

  /**
   * The account of a provider-verified e-mail, created on first sign-in (no password: local sign-in
   * stays closed). Linking to an existing account whose address was never proven ends whatever
   * whoever signed it up left behind: its password and every session (pre-account hijacking,
   * docs/decisions/0005-account-linking.md).
   */
  async socialSignIn(profile: SocialProfile): Promise<UserRecord> {
    const ownerEmail = this.deps.config.ownerEmail;
    return this.deps.events.transaction(this.em, async (em, events) => {
      const created = await auth.insertProviderUser(em, profile, profile.email === ownerEmail);
      if (created) return created;
      // The insert met the address's account: it exists, and stays until this transaction ends.
      const existing = (await auth.lockUserByEmail(em, profile.email))!;
      if (!existing.emailVerified) {
        await auth.setPassword(em, existing.id, null);
        events.record({ type: 'sessions.ended', userId: existing.id, sids: await new SessionStore(em).destroyAllForUser(existing.id) });
      } else {
        events.record({ type: 'user.updated', userId: existing.id });
      }
      await markEmailVerified(em, existing.id, ownerEmail);
      return (await findUser(em, existing.id))!;
    });
  }

  /**
   * Same answer, in about the same time, whether or not the address is known: a known one gets its
   * reset mail recorded in the outbox, in this transaction, and sent from there after the answer
   * (awaiting SMTP would tell them apart), again and again while the mail server is away
   * (docs/decisions/0043). The link's token is made when the mail is built, so its hour starts
   * when it is sent; a newer ask supersedes this one if this one has not gone yet.
   */
  async forgotPassword(email: string, linkOrigin: string): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const user = await auth.findResetTarget(em, email);
      if (user) events.record({ type: 'account.resetAsked', userId: user.id, linkOrigin });
    });
  }

  /**
   * Single use: the token is spent by a conditional update, so two uses race to one winner. The
   * link came by mail, so the address is proven too (the way a real owner takes back an address
   * someone else signed up with: the squatter's password and sessions end here).
   */
  async resetPassword(body: ResetPasswordBody): Promise<void> {
    await refuseCommon(body.newPassword, 'newPassword');
    const hash = await this.deps.hasher.hash(body.newPassword);
    await this.deps.events.transaction(this.em, async (em, events) => {
      const userId = await auth.spendMailToken(em, 'password_reset_tokens', hashToken(body.token));
      if (!userId) throw invalid(MSG.resetTokenInvalid, 'token');
      await auth.setPassword(em, userId, hash);
      await markEmailVerified(em, userId, this.deps.config.ownerEmail);
      // Every other outstanding link of this user dies with the reset.
      await auth.spendAllMailTokens(em, 'password_reset_tokens', userId);
      events.record({ type: 'sessions.ended', userId, sids: await new SessionStore(em).destroyAllForUser(userId) });
    });
  }

  /** Sign-out: the session ends, and with it its sockets and cached reads (sessions.ended). */
  async signOut(sid: string): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      await new SessionStore(em).destroy(sid);
      events.record({ type: 'sessions.ended', userId: null, sids: [sid] });
    });
  }
}
