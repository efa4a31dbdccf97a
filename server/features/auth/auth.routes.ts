import Router from '@koa/router';
import { MSG } from '#protocol/messages.ts';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  signupFormSchema,
  type LoginBody,
  type RegisterBody,
} from '#protocol/schemas/auth.ts';
import { linkOrigin } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { parseBody } from '../../http/validate.ts';
import { presentCurrentUser, presentCurrentUserJson, type UserRecord } from '../user-kernel/user.presenter.ts';
import { AuthService } from './auth.service.ts';
import { EmailVerification } from './email-verification.ts';
import { answerFormPost, formBody } from './form-posts.ts';
import { rememberKnownAddress, withLoginLimits } from './login-limits.ts';
import { finishSocialSignIn, startSocialSignIn } from './oidc.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { SessionStore } from './session.store.ts';

/** A confirmation link opened while signed out waits here for the sign-in that follows. */
const VERIFY_COOKIE = 'crewtrade.verify';

export function authRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new AuthService(ctx.state.em, deps);
  const verification = (ctx: AppContext) => new EmailVerification(ctx.state.em, deps);
  // The social redirect URI may follow the request in development: the provider checks it against its own list.
  const appOrigin = (ctx: AppContext) => deps.config.appOrigin ?? `${ctx.protocol}://${ctx.host}`;
  // Mailed links never follow the request (its Host and X-Forwarded-Host are the caller's to write).
  const mailOrigin = (ctx: AppContext) => linkOrigin(deps.config, ctx.req.socket.localPort ?? 0);

  /** A new sid at every sign-in; any session the browser had is ended first. */
  async function signIn(ctx: AppContext, user: UserRecord) {
    const store = new SessionStore(ctx.state.em, deps.sessionCache);
    if (ctx.state.sid) await store.destroy(ctx.state.sid);
    const { token } = await store.create(user.id);
    setSessionCookie(ctx, token);
    // Every sign-in answers the signed-in user, as POST /api/login (and register) do; a form post or the social callback then redirects.
    answer(ctx, 'POST /api/login', presentCurrentUser(user, deps.config.ownerEmail));
  }

  /** Confirms the address when a confirmation link opened while signed out belongs to this account. */
  async function confirmPendingVerification(ctx: AppContext, user: UserRecord): Promise<UserRecord> {
    const token = ctx.cookies.get(VERIFY_COOKIE);
    if (!token) return user;
    ctx.cookies.set(VERIFY_COOKIE, null, { httpOnly: true, sameSite: 'lax', overwrite: true });
    return (await verification(ctx).confirm(token, user.id)) ? { ...user, emailVerified: true } : user;
  }

  router.get('/api/auth/user', (ctx) => {
    const json = presentCurrentUserJson(requireUser(ctx), deps.config.ownerEmail);
    // Labelled before the body is set: a string body would otherwise be taken for text.
    ctx.set('Content-Type', 'application/json; charset=utf-8');
    // Raw: CurrentUser already serialised once per user record (presentCurrentUserJson), typed where it is made.
    ctx.body = json;
  });

  async function register(ctx: AppContext, body: RegisterBody) {
    await deps.limits.consume('register', ctx.ip);
    const user = await service(ctx).register(body, mailOrigin(ctx));
    // The address one signs up from is where one usually signs in (decision 0006).
    await rememberKnownAddress(deps.limits, ctx.ip, user.email);
    await signIn(ctx, user);
  }

  async function login(ctx: AppContext, body: LoginBody) {
    const user = await withLoginLimits(deps.limits, ctx.ip, body.email, () => service(ctx).login(body));
    await signIn(ctx, await confirmPendingVerification(ctx, user));
  }

  router.post('/api/register', async (ctx) => {
    await register(ctx, parseBody(registerSchema, ctx.request.body));
    ctx.status = 201;
  });

  router.post('/api/login', async (ctx) => {
    await login(ctx, parseBody(loginSchema, ctx.request.body));
  });

  // The prerendered forms sent as plain form posts: before their page's script ran, or with scripts
  // off (docs/decisions/0037). The same rules as the two calls above; the answer is a page.
  router.post('/login', formBody, async (ctx) => {
    await answerFormPost(ctx, '/login', 'login-failed', () => login(ctx, parseBody(loginSchema, ctx.request.body)));
  });

  router.post('/signup', formBody, async (ctx) => {
    await answerFormPost(ctx, '/signup', 'registration-failed', () => register(ctx, parseBody(signupFormSchema, ctx.request.body)));
  });

  /**
   * The link of the confirmation mail. Signed in as its account: confirmed, on to the app. Signed
   * out (another device, say): the token waits in a short-lived cookie for the next sign-in. A
   * forged request can only confirm the forger's own address, and only in their own session.
   */
  router.get('/api/verify-email', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const accountId = await verification(ctx).accountOf(token);
    if (!accountId) return ctx.redirect('/login?error=verify-failed');
    if (ctx.state.user?.id === accountId) {
      // Confirmed here: the mailbox's owner is at this address, known from now on (decision 0006).
      if (await verification(ctx).confirm(token, accountId)) await rememberKnownAddress(deps.limits, ctx.ip, ctx.state.user.email);
      return ctx.redirect('/');
    }
    ctx.cookies.set(VERIFY_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, maxAge: 60 * 60 * 1000, overwrite: true });
    ctx.redirect('/login?error=verify');
  });

  router.get('/api/login', async (ctx) => {
    ctx.redirect(await startSocialSignIn(deps.config, appOrigin(ctx), ctx));
  });

  router.get('/api/login/callback', async (ctx) => {
    const profile = await finishSocialSignIn(deps.config, appOrigin(ctx), ctx);
    if (!profile) return ctx.redirect('/login?error=social-failed');
    await signIn(ctx, await service(ctx).socialSignIn(profile));
    ctx.redirect('/');
  });

  // POST only, so the origin check stands in front of it: a link or an image on another site could
  // otherwise sign a crew member out (docs/decisions/0019). The client goes to / once this answers.
  router.post('/api/logout', async (ctx) => {
    if (ctx.state.sid) await service(ctx).signOut(ctx.state.sid);
    clearSessionCookie(ctx);
    answer(ctx, 'POST /api/logout', { message: MSG.loggedOut });
  });

  // The old address, from a bookmark or a client cached before sign-out became a POST: to the app, still signed in.
  router.get('/api/logout', (ctx) => {
    ctx.redirect('/');
  });

  router.post('/api/forgot-password', async (ctx) => {
    const { email } = parseBody(forgotPasswordSchema, ctx.request.body);
    await deps.limits.consume('forgotPassword', ctx.ip);
    await service(ctx).forgotPassword(email, mailOrigin(ctx));
    answer(ctx, 'POST /api/forgot-password', { message: MSG.forgotPasswordSent });
  });

  router.post('/api/reset-password', async (ctx) => {
    const body = parseBody(resetPasswordSchema, ctx.request.body);
    await service(ctx).resetPassword(body);
    if (ctx.state.sid) clearSessionCookie(ctx);
    answer(ctx, 'POST /api/reset-password', { message: MSG.passwordResetDone });
  });

  return router;
}
