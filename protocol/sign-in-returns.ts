// Why the sign-in or sign-up page was sent back to itself: its `?error=` names one of these, never
// a free text, so a link cannot make our page say what its author wants. The server redirects with
// the code (a social sign-in, an email confirmation link, a form posted as a plain form); the page
// shows the text in its alert until the next attempt.
import { MSG } from './messages.ts';

/** What a sign-in or sign-up form can be answered, by the code its redirect carries. */
const FORM_ANSWERS = {
  'invalid-credentials': MSG.invalidCredentials,
  'email-taken': MSG.emailTaken,
  'password-too-common': MSG.passwordTooCommon,
  'too-many-requests': MSG.tooManyRequests,
  'email-invalid': MSG.emailInvalid,
  'password-required': MSG.passwordRequired,
  'password-too-short': MSG.passwordTooShort,
  'password-too-long': MSG.passwordTooLong,
  'password-uppercase': MSG.passwordUppercase,
  'password-lowercase': MSG.passwordLowercase,
  'password-number': MSG.passwordNumber,
  'confirm-password-required': MSG.confirmPasswordRequired,
  'passwords-dont-match': MSG.passwordsDontMatch,
  'first-name-required': MSG.firstNameRequired,
  'first-name-too-long': MSG.firstNameTooLong,
  'first-name-control': MSG.firstNameControl,
  'last-name-required': MSG.lastNameRequired,
  'last-name-too-long': MSG.lastNameTooLong,
  'last-name-control': MSG.lastNameControl,
  'control-characters': MSG.controlCharacters,
  'login-failed': MSG.loginFailed,
  'registration-failed': MSG.registrationFailed,
} as const;

export const SIGN_IN_RETURNS: Readonly<Record<string, string>> = {
  social: MSG.socialNotConfigured,
  'social-failed': MSG.socialFailed,
  verify: MSG.verifySignIn,
  'verify-failed': MSG.verifyFailed,
  ...FORM_ANSWERS,
};

/** The code of a form's answer, or the form's own fallback code when the text is not one of them. */
export function formAnswerCode(message: string, fallback: 'login-failed' | 'registration-failed'): string {
  return Object.entries(FORM_ANSWERS).find(([, text]) => text === message)?.[0] ?? fallback;
}

export const signInReturnText = (code: string | null): string | null =>
  code && Object.hasOwn(SIGN_IN_RETURNS, code) ? SIGN_IN_RETURNS[code]! : null;
