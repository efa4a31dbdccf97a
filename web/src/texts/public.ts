// The landing page and the signed-out pages' shared texts: the brand and the sign-in buttons.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const PUBLIC_TEXT = {
  productName: 'Crewtrade',
  tagline: 'Trip trades made simple',
  signIn: 'Sign In',
  getStarted: 'Get Started',
  continueWithGoogle: 'Continue with Google',
  continueWithApple: 'Continue with Apple',
} as const;
