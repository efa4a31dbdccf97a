// The sign-in and sign-up pages' entry (login.html, signup.html: what the server sends for /login and
// /signup to a browser without a session cookie). The form is already there, prerendered from the
// React page at build (web/build/prerender-plugin.ts). This does what the React page does with it,
// in the same markup: checks the values with the same protocol schema after the first try and at
// each keystroke from then on (hooks/useSchemaForm.ts), shows each field's message as
// components/Field.tsx does, sends the form (app/authActions.ts, loaded only then) with its pending
// text, and shows the server's message or the form's fallback in the alert above it. Once signed in
// it hands over to the app (app/start.tsx) at "/", with no page load, as landing.ts does. Until then it
// loads no React, router, store or socket client. docs/decisions/0032-light-sign-in-and-first-screen.md.
import type { z } from 'zod';
import { ACCOUNT_MSG } from '#protocol/messages/account.ts';
import { loginSchema, signupFormSchema } from '#protocol/schemas/auth.ts';
import { describedBy, errorIdOf, hintIdOf } from './lib/fieldMarkup.ts';
import { fieldErrors, type FieldErrors } from './lib/forms.ts';
import { signInReturnText } from '#protocol/sign-in-returns.ts';
import './styles.css';

interface AuthForm<S extends z.ZodType> {
  schema: S;
  fallbackError: string;
  send: (data: z.output<S>) => Promise<void>;
  initialError: string | null;
}

const loadActions = () => import('./app/authActions.ts');
/** The app, loaded but not started: a visitor about to sign in waits less after (app/start.tsx). */
const loadApp = () => import('./app/start.tsx');

function formOf(pathname: string): AuthForm<z.ZodType> | null {
  if (pathname === '/login')
    return {
      schema: loginSchema,
      fallbackError: ACCOUNT_MSG.loginFailed,
      send: async (data) => (await loadActions()).signIn(data as z.output<typeof loginSchema>),
      initialError: signInReturnText(new URLSearchParams(window.location.search).get('error')),
    };
  if (pathname === '/signup')
    return {
      schema: signupFormSchema,
      fallbackError: ACCOUNT_MSG.registrationFailed,
      send: async (data) => (await loadActions()).signUp(data as z.output<typeof signupFormSchema>),
      initialError: signInReturnText(new URLSearchParams(window.location.search).get('error')),
    };
  return null;
}

/** Each field's message under it, and the input described by its hint and message (components/Field.tsx). */
function showFieldErrors(form: HTMLFormElement, errors: FieldErrors): void {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) {
    const field = input.closest('.field');
    if (!field) continue;
    const message = errors[input.name];
    const errorId = errorIdOf(input.id);
    let line = document.getElementById(errorId);
    field.classList.toggle('field-invalid', Boolean(message));
    if (message) {
      if (!line) {
        line = document.createElement('p');
        line.id = errorId;
        line.className = 'field-error';
        field.append(line);
      }
      line.textContent = message;
      input.setAttribute('aria-invalid', 'true');
    } else {
      line?.remove();
      input.removeAttribute('aria-invalid');
    }
    const ids = describedBy(input.id, Boolean(message), Boolean(document.getElementById(hintIdOf(input.id))));
    if (ids) input.setAttribute('aria-describedby', ids);
    else input.removeAttribute('aria-describedby');
  }
}

/** The form-level alert above the form (components/Field.tsx FormAlert), or none. */
function showAlert(form: HTMLFormElement, message: string | null): void {
  const previous = form.previousElementSibling;
  if (previous?.getAttribute('role') === 'alert') previous.remove();
  if (!message) return;
  const alert = document.createElement('div');
  alert.setAttribute('role', 'alert');
  alert.className = 'alert alert-error';
  alert.textContent = message;
  form.before(alert);
}

function enhance(form: HTMLFormElement, auth: AuthForm<z.ZodType>): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const idleLabel = button.textContent;
  let tried = false;
  let pending = false;
  const values = () =>
    Object.fromEntries([...form.querySelectorAll<HTMLInputElement>('input[name]')].map((input) => [input.name, input.value]));
  const check = () => {
    const parsed = auth.schema.safeParse(values());
    showFieldErrors(form, parsed.success ? {} : fieldErrors(parsed.error));
    return parsed;
  };

  showAlert(form, auth.initialError);
  form.addEventListener('input', () => {
    if (tried) check();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    tried = true;
    const parsed = check();
    if (!parsed.success || pending) return;
    showAlert(form, null);
    pending = true;
    button.disabled = true;
    button.textContent = button.dataset.pendingLabel ?? idleLabel;
    void (async () => {
      try {
        await auth.send(parsed.data);
      } catch (err) {
        const { serverMessage } = await loadActions();
        showAlert(form, serverMessage(err) ?? auth.fallbackError);
        return;
      } finally {
        pending = false;
        button.disabled = false;
        button.textContent = idleLabel;
      }
      // Signed in: the app's first screen, in place of this page (as the React page navigates).
      window.history.replaceState(null, '', '/');
      await loadApp().then(
        (app) => app.startApp(),
        () => window.location.assign('/'),
      );
    })();
  });
  let warmed = false;
  for (const type of ['pointerover', 'touchstart', 'focusin'])
    form.addEventListener(
      type,
      () => {
        if (warmed) return;
        warmed = true;
        void loadApp().catch(() => undefined);
      },
      { passive: true },
    );
}

const form = document.querySelector<HTMLFormElement>('#root form');
const auth = formOf(window.location.pathname);
// The dev server's unrendered page, or a path this page does not serve: the app renders it.
if (form && auth) enhance(form, auth);
else void import('./main.tsx');
