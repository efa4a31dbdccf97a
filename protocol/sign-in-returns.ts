// Why the sign-in or sign-up page was sent back to itself: its `?error=` names one of these, never
// a free text, so a link cannot make our page say what its author wants. The server redirects with
// the code (a social sign-in, an email confirmation link, a form posted as a plain form); the page
// shows the text in its alert until the next attempt.
import { ACCOUNT_MSG } from './messages/account.ts';
import { COMMON_MSG } from './messages/common.ts';

/** What a sign-in or sign-up form can be answered, by the code its redirect carries. */
const FORM_ANSWERS = {
  'invalid-credentials': ACCOUNT_MSG.invalidCredentials,
  'email-taken': ACCOUNT_MSG.emailTaken,
  'password-too-common': ACCOUNT_MSG.passwordTooCommon,
  'too-many-requests': COMMON_MSG.tooManyRequests,
  'email-invalid': ACCOUNT_MSG.emailInvalid,
  'password-required': ACCOUNT_MSG.passwordRequired,
  'password-too-short': ACCOUNT_MSG.passwordTooShort,
  'password-too-long': ACCOUNT_MSG.passwordTooLong,
  'password-uppercase': ACCOUNT_MSG.passwordUppercase,
  'password-lowercase': ACCOUNT_MSG.passwordLowercase,
  'password-number': ACCOUNT_MSG.passwordNumber,
  'confirm-password-required': ACCOUNT_MSG.confirmPasswordRequired,
  'passwords-dont-match': ACCOUNT_MSG.passwordsDontMatch,
  'first-name-required': ACCOUNT_MSG.firstNameRequired,
  'first-name-too-long': ACCOUNT_MSG.firstNameTooLong,
  'first-name-control': ACCOUNT_MSG.firstNameControl,
  'last-name-required': ACCOUNT_MSG.lastNameRequired,
  'last-name-too-long': ACCOUNT_MSG.lastNameTooLong,
  'last-name-control': ACCOUNT_MSG.lastNameControl,
  'control-characters': COMMON_MSG.controlCharacters,
  'login-failed': ACCOUNT_MSG.loginFailed,
  'registration-failed': ACCOUNT_MSG.registrationFailed,
} as const;

export const SIGN_IN_RETURNS: Readonly<Record<string, string>> = {
  social: ACCOUNT_MSG.socialNotConfigured,
  'social-failed': ACCOUNT_MSG.socialFailed,
  verify: ACCOUNT_MSG.verifySignIn,
  'verify-failed': ACCOUNT_MSG.verifyFailed,
  ...FORM_ANSWERS,
};

/** The code of a form's answer, or the form's own fallback code when the text is not one of them. */
export function formAnswerCode(message: string, fallback: 'login-failed' | 'registration-failed'): string {
  return Object.entries(FORM_ANSWERS).find(([, text]) => text === message)?.[0] ?? fallback;
}

export const signInReturnText = (code: string | null): string | null =>
  code && Object.hasOwn(SIGN_IN_RETURNS, code) ? SIGN_IN_RETURNS[code]! : null;
