// Where the session store keeps the last signed-in user (a fallback when the server cannot be
// reached). The landing entry reads it without loading the store: a browser that holds a user may
// be signed in, and gets the app rather than the landing page.
export const SESSION_CACHE_KEY = 'crewtrade.user';

export function hasCachedUser(): boolean {
  try {
    return localStorage.getItem(SESSION_CACHE_KEY) !== null;
  } catch {
    return false;
  }
}
