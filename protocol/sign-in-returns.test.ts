import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { formAnswerCode, signInReturnText } from './sign-in-returns.ts';

describe('sign-in returns', () => {
  it('turns a form answer into a code and back into the same text', () => {
    for (const text of [MSG.invalidCredentials, MSG.emailTaken, MSG.passwordsDontMatch, MSG.tooManyRequests])
      expect(signInReturnText(formAnswerCode(text, 'login-failed'))).toBe(text);
  });

  it('answers a text it does not carry with the form’s own fallback', () => {
    expect(signInReturnText(formAnswerCode('Something the server said', 'login-failed'))).toBe(MSG.loginFailed);
    expect(signInReturnText(formAnswerCode('Something the server said', 'registration-failed'))).toBe(MSG.registrationFailed);
  });

  it('shows nothing for a code it does not know, inherited names included', () => {
    for (const code of [null, '', 'anything', '__proto__', 'constructor', 'toString']) expect(signInReturnText(code)).toBeNull();
  });

  it('keeps the social and confirmation-link codes the server redirects with', () => {
    expect(signInReturnText('social-failed')).toBe(MSG.socialFailed);
    expect(signInReturnText('verify-failed')).toBe(MSG.verifyFailed);
  });
});
