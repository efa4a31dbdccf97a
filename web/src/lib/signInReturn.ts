// Why a social sign-in or an email confirmation link came back to /login (its ?error=), shown in the
// sign-in form's alert until the next attempt. Read by the React page and by the prerendered page's
// script (src/authEntry.ts), so both say the same.
import { MSG } from '#protocol/messages.ts';

const RETURN_ERRORS: Partial<Record<string, string>> = {
  social: MSG.socialNotConfigured,
  'social-failed': MSG.socialFailed,
  verify: MSG.verifySignIn,
  'verify-failed': MSG.verifyFailed,
};

export const signInReturnError = (error: string | null): string | null => RETURN_ERRORS[error ?? ''] ?? null;
