import Router from '@koa/router';
import { MSG } from '../../../protocol/messages.ts';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from '../../../protocol/schemas/auth.ts';
import type { Deps } from '../../deps.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { parseBody } from '../../http/validate.ts';
import { rooms } from '../../realtime/rooms.ts';
import { presentCurrentUser, type UserRecord } from '../users/user.presenter.ts';
import { AuthService } from './auth.service.ts';
import { finishSocialSignIn, startSocialSignIn } from './oidc.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { SessionStore } from './session.store.ts';

export function authRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new AuthService(ctx.state.em, deps);
  const appOrigin = (ctx: AppContext) => deps.config.appOrigin ?? `${ctx.protocol}://${ctx.host}`;

  /** A new sid at every sign-in; any session the browser had is ended first. */
  async function signIn(ctx: AppContext, user: UserRecord) {
    const store = new SessionStore(ctx.state.em, deps.sessionCache);
    if (ctx.state.sid) await store.destroy(ctx.state.sid);
    const { token } = await store.create(user.id);
    setSessionCookie(ctx, token);
    ctx.body = presentCurrentUser(user, deps.config.ownerEmail);
  }

  router.get('/api/auth/user', (ctx) => {
    ctx.body = presentCurrentUser(requireUser(ctx), deps.config.ownerEmail);
  });

  router.post('/api/register', async (ctx) => {
    const body = parseBody(registerSchema, ctx.request.body);
    await deps.limits.consume('register', ctx.ip);
    const user = await service(ctx).register(body);
    ctx.status = 201;
    await signIn(ctx, user);
  });

  router.post('/api/login', async (ctx) => {
    const body = parseBody(loginSchema, ctx.request.body);
    const key = `${ctx.ip}:${body.email}`;
    await deps.limits.consume('login', key);
    const user = await service(ctx).login(body);
    await deps.limits.reset('login', key);
    await signIn(ctx, user);
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

  router.get('/api/logout', async (ctx) => {
    if (ctx.state.sid) {
      await new SessionStore(ctx.state.em, deps.sessionCache).destroy(ctx.state.sid);
      deps.publisher.disconnect(rooms.session(ctx.state.sid));
    }
    clearSessionCookie(ctx);
    ctx.redirect('/');
  });

  router.post('/api/forgot-password', async (ctx) => {
    const { email } = parseBody(forgotPasswordSchema, ctx.request.body);
    await deps.limits.consume('forgotPassword', ctx.ip);
    await service(ctx).forgotPassword(email, appOrigin(ctx));
    ctx.body = { message: MSG.forgotPasswordSent };
  });

  router.post('/api/reset-password', async (ctx) => {
    const body = parseBody(resetPasswordSchema, ctx.request.body);
    await service(ctx).resetPassword(body);
    if (ctx.state.sid) clearSessionCookie(ctx);
    ctx.body = { message: MSG.passwordResetDone };
  });

  return router;
}
