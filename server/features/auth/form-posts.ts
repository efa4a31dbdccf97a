import type { Next } from 'koa';
import { koaBody } from 'koa-body';
import { formAnswerCode } from '#protocol/sign-in-returns.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { refuseNul } from '../../http/text-guard.ts';

/** Says where a client that is not a browser's form should go: this text is read by developers. */
function notAForm(path: string): string {
  const [form, api] = path === '/signup' ? ['sign-up', '/api/register'] : ['sign-in', '/api/login'];
  return `This address takes the ${form} form as a browser sends it. From an app, send JSON to ${api}.`;
}

/**
 * A form's fields, for the two routes that take them (the app's calls take JSON only, app.ts). Small:
 * a sign-up form is five short fields. Anything else is not a browser's form: the JSON calls are
 * /api/login and /api/register.
 */
export async function formBody(ctx: AppContext, next: Next): Promise<void> {
  if (!ctx.is('application/x-www-form-urlencoded')) throw new AppError(415, 'unsupported_media_type', notAForm(ctx.path));
  await koaBody({ json: false, text: false, multipart: false, urlencoded: true, formLimit: '8kb' })(ctx, next);
}

/**
 * A sign-in or sign-up form posted by the browser itself: on success to the app ("/"), else back to
 * the form with its answer as a code (protocol/sign-in-returns.ts), both as 303 so a reload does not
 * post again. A failure the caller cannot mend (a 5xx) stays an error page.
 */
export async function answerFormPost(
  ctx: AppContext,
  formPath: '/login' | '/signup',
  fallback: 'login-failed' | 'registration-failed',
  send: () => Promise<void>,
): Promise<void> {
  let to = '/';
  try {
    // The app's guard saw only the JSON body (http/text-guard.ts); these fields are parsed later.
    refuseNul(ctx.request.body);
    await send();
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    to = `${formPath}?error=${formAnswerCode(err.message, fallback)}`;
  }
  ctx.redirect(to);
  ctx.status = 303;
}
