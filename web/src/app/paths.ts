/** Screens that exist only while signed in; a signed-out visit goes to /login. */
export const SIGNED_IN_PATHS = [
  '/profile',
  '/profile/:userId',
  '/crew/:userId',
  '/all-trades',
  '/trades',
  '/matches',
  '/messages',
  '/schedule',
  '/calendar',
  '/contact-support',
  '/admin',
  '/admin-panel',
  '/admin/users',
  '/admin/support',
  '/admin/logs',
];

/** Screens that exist only while signed out; a signed-in visit goes to the dashboard. */
export const SIGNED_OUT_PATHS = ['/login', '/signup', '/forgot-password'];
