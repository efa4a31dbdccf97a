import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { MSG } from '../../../protocol/messages.ts';
import { RESET_TOKEN_TTL_MS } from '../../../protocol/limits.ts';
import type { LoginBody, RegisterBody, ResetPasswordBody } from '../../../protocol/schemas/auth.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalid, unauthorized } from '../../http/errors.ts';
import { escapeHtml } from '../../mail/render.ts';
import { rooms } from '../../realtime/rooms.ts';
import { userColumns, type UserRecord } from '../users/user.presenter.ts';
import type { SocialProfile } from './oidc.ts';
import { SessionStore } from './session.store.ts';

type AuthDeps = Pick<Deps, 'config' | 'hasher' | 'mailer' | 'publisher' | 'log' | 'sessionCache'>;

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AuthDeps,
  ) {}

  async register(body: RegisterBody): Promise<UserRecord> {
    const hash = await this.deps.hasher.hash(body.password);
    const isOwner = body.email === this.deps.config.ownerEmail;
    try {
      const rows = await this.em.execute<UserRecord[]>(
        `insert into users (email, password, first_name, last_name, is_admin) values (?, ?, ?, ?, ?)
         returning ${userColumns('users')}`,
        [body.email, hash, body.firstName, body.lastName, isOwner],
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

  /** The account of a verified social e-mail, created on first sign-in (no password: local sign-in stays closed). */
  async socialSignIn(profile: SocialProfile): Promise<UserRecord> {
    const isOwner = profile.email === this.deps.config.ownerEmail;
    const rows = await this.em.execute<UserRecord[]>(
      `insert into users (email, first_name, last_name, auth_type, email_verified, is_admin) values (?, ?, ?, 'oidc', true, ?)
       on conflict (email) do update set email_verified = true
       returning ${userColumns('users')}`,
      [profile.email, profile.firstName, profile.lastName, isOwner],
    );
    return rows[0]!;
  }

  /** Same answer whether or not the address is known; only a known one gets mail. */
  async forgotPassword(email: string, origin: string): Promise<void> {
    const rows = await this.em.execute<{ id: number; firstName: string | null }[]>(
      'select id, first_name as "firstName" from users where email = ?',
      [email],
    );
    const user = rows[0];
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.em.execute('insert into password_reset_tokens (user_id, token, expires_at) values (?, ?, ?)', [
      user.id,
      createHash('sha256').update(token).digest('hex'),
      new Date(Date.now() + RESET_TOKEN_TTL_MS),
    ]);
    const link = `${origin}/reset-password?token=${token}`;
    const name = user.firstName ?? 'there';
    await this.deps.mailer.send({
      to: email,
      subject: 'Reset your Crewtrade password',
      text: `Hi ${name},\n\nReset your password with this link (valid for one hour):\n${link}\n\nIf you did not ask for this, ignore this mail.`,
      html:
        `<p>Hi ${escapeHtml(name)},</p><p>Reset your Crewtrade password with the link below. It is valid for one hour and works once.</p>` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If you did not ask for this, ignore this mail.</p>`,
    });
  }

  /** Single use: the token is spent by a conditional update, so two uses race to one winner. */
  async resetPassword(body: ResetPasswordBody): Promise<void> {
    const hash = await this.deps.hasher.hash(body.newPassword);
    const ended = await this.em.transactional(async (em) => {
      const spent = await em.execute<{ userId: number }[]>(
        `update password_reset_tokens set used_at = now() where token = ? and used_at is null and expires_at > now()
         returning user_id as "userId"`,
        [createHash('sha256').update(body.token).digest('hex')],
      );
      const userId = spent[0]?.userId;
      if (!userId) throw invalid(MSG.resetTokenInvalid, 'token');
      await em.execute('update users set password = ?, updated_at = now() where id = ?', [hash, userId]);
      // Every other outstanding link of this user dies with the reset.
      await em.execute('update password_reset_tokens set used_at = now() where user_id = ? and used_at is null', [userId]);
      return { userId, sids: await new SessionStore(em).destroyAllForUser(userId) };
    });
    this.deps.sessionCache.invalidateUser(ended.userId);
    for (const sid of ended.sids) this.deps.publisher.disconnect(rooms.session(sid));
  }
}
