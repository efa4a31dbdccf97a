// Sign-in, password reset and the first setup of a profile.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const AUTH_TEXT = {
  forgotPassword: 'Forgot password?',
  checkYourEmail: 'Check Your Email',
  // Check Your Email: one text, as sure as the server's answer (the same whether or not the account exists).
  forgotSentBefore: 'If an account exists for this address, we sent it a link to reset the password:',
  forgotSentAfter: 'The link works for one hour.',
  tryDifferentEmail: 'Try Different Email',
  backToSignIn: 'Back to Sign In',
  invalidResetLink: 'Invalid Reset Link',
  requestNewLink: 'Request New Link',
  passwordResetSuccessful: 'Password Reset Successful',
  welcomeTitle: 'Welcome to Crewtrade!',
} as const;
