// What the service worker tells an open window of the app. Its own module: the app imports it, and
// the worker only its type, so the worker's bundle shares no code with the app's (it must be one file).
/** Message from a notification click to an open window of the app: go to `url` without a reload. */
export interface NavigateMessage {
  type: 'crewtrade:navigate';
  url: string;
}
export const isNavigateMessage = (data: unknown): data is NavigateMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as NavigateMessage).type === 'crewtrade:navigate' &&
  typeof (data as NavigateMessage).url === 'string';

/**
 * Message from the app to a new version of the worker that waits: take over now. Sent when the
 * crew member accepts "A new version is available"; the page reloads once the worker has control.
 */
export interface SkipWaitingMessage {
  type: 'crewtrade:skip-waiting';
}
