import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '../../../protocol/messages.ts';
import { RESET_TOKEN_TTL_MS } from '../../../protocol/limits.ts';
import type { LoginBody, RegisterBody, ResetPasswordBody } from '../../../protocol/schemas/auth.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalid, unauthorized } from '../../http/errors.ts';
import { rooms } from '../../realtime/rooms.ts';
import { markEmailVerified } from '../users/owner.ts';
import { userColumns, type UserRecord } from '../users/user.presenter.ts';
import { resetMail } from './auth.mails.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { SocialProfile } from './oidc.ts';
import { SessionStore } from './session.store.ts';
import { hashToken, newMailToken } from './tokens.ts';

type AuthDeps = Pick<Deps, 'config' | 'hasher' | 'mailer' | 'publisher' | 'log' | 'sessionCache'>;

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

function refuseCommon(password: string, field: string): void {
  if (isCommonPassword(password)) throw invalid(MSG.passwordTooCommon, field);
}

export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AuthDeps,
  ) {}

  /**
   * A new local account, unverified: owner rights wait for the mailed link (or a reset, or a
   * provider), so typing OWNER_EMAIL into the form first proves nothing.
   */
  async register(body: RegisterBody): Promise<UserRecord> {
    refuseCommon(body.password, 'password');
    const hash = await this.deps.hasher.hash(body.password);
    try {
      const rows = await this.em.execute<UserRecord[]>(
        `insert into users (email, password, first_name, last_name) values (?, ?, ?, ?) returning ${userColumns('users')}`,
        [body.email, hash, body.firstName, body.lastName],
      );
      return rows[0]!;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'email');
      throw err;
    }
  }

  async login(body: LoginBody): Promise<UserRecord> {
    const rows = await this.em.execute<(UserRecord & { password: string | null })[]>(
      `select ${userColumns('u')}, u.password from users u where u.email = ?`,
      [body.email],
    );
    const row = rows[0];
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
    const linked = await this.em.transactional(async (em) => {
      const created = await em.execute<UserRecord[]>(
        `insert into users (email, first_name, last_name, auth_type, email_verified, is_admin) values (?, ?, ?, 'oidc', true, ?)
         on conflict (email) do nothing returning ${userColumns('users')}`,
        [profile.email, profile.firstName, profile.lastName, profile.email === ownerEmail],
      );
      if (created[0]) return { user: created[0], sids: [] as string[] };
      const existing = await em.execute<{ id: number; emailVerified: boolean }[]>(
        'select id, email_verified as "emailVerified" from users where email = ? for update',
        [profile.email],
      );
      const id = existing[0]!.id;
      let sids: string[] = [];
      if (!existing[0]!.emailVerified) {
        await em.execute('update users set password = null where id = ?', [id]);
        sids = await new SessionStore(em).destroyAllForUser(id);
      }
      await markEmailVerified(em, id, ownerEmail);
      const rows = await em.execute<UserRecord[]>(`select ${userColumns('u')} from users u where u.id = ?`, [id]);
      return { user: rows[0]!, sids };
    });
    this.endSessions(linked.user.id, linked.sids);
    return linked.user;
  }

  /**
   * Same answer, in about the same time, whether or not the address is known: only a known one
   * gets a token, and its mail is sent after the answer (awaiting SMTP would tell them apart).
   */
  async forgotPassword(email: string, origin: string): Promise<void> {
    const rows = await this.em.execute<{ id: number; firstName: string | null }[]>(
      'select id, first_name as "firstName" from users where email = ?',
      [email],
    );
    const user = rows[0];
    if (!user) return;
    const { token, hash } = newMailToken();
    await this.em.execute('insert into password_reset_tokens (user_id, token, expires_at) values (?, ?, ?)', [
      user.id,
      hash,
      new Date(Date.now() + RESET_TOKEN_TTL_MS),
    ]);
    // Mailer.send never throws: a failed delivery is logged there.
    void this.deps.mailer.send(resetMail(email, user.firstName, `${origin}/reset-password?token=${token}`));
  }

  /**
   * Single use: the token is spent by a conditional update, so two uses race to one winner. The
   * link came by mail, so the address is proven too (the way a real owner takes back an address
   * someone else signed up with: the squatter's password and sessions end here).
   */
  async resetPassword(body: ResetPasswordBody): Promise<void> {
    refuseCommon(body.newPassword, 'newPassword');
    const hash = await this.deps.hasher.hash(body.newPassword);
    const ended = await this.em.transactional(async (em) => {
      const spent = await em.execute<{ userId: number }[]>(
        `update password_reset_tokens set used_at = now() where token = ? and used_at is null and expires_at > now()
         returning user_id as "userId"`,
        [hashToken(body.token)],
      );
      const userId = spent[0]?.userId;
      if (!userId) throw invalid(MSG.resetTokenInvalid, 'token');
      await em.execute('update users set password = ?, updated_at = now() where id = ?', [hash, userId]);
      await markEmailVerified(em, userId, this.deps.config.ownerEmail);
      // Every other outstanding link of this user dies with the reset.
      await em.execute('update password_reset_tokens set used_at = now() where user_id = ? and used_at is null', [userId]);
      return { userId, sids: await new SessionStore(em).destroyAllForUser(userId) };
    });
    this.endSessions(ended.userId, ended.sids);
  }

  /** After commit: cached reads of the user go, and the ended sessions' sockets are closed. */
  private endSessions(userId: number, sids: string[]): void {
    this.deps.sessionCache.invalidateUser(userId);
    for (const sid of sids) this.deps.publisher.disconnect(rooms.session(sid));
  }
}
