/**
 * Every server-side channel between instances, spelled here only (as realtime/rooms.ts does for
 * rooms). Each carries one string from the instance that changed something to every other one, over
 * the Socket.IO Redis adapter; docs/decisions/0028-one-cache-registry.md.
 */
export const peerChannels = {
  /** `sid:<sid>` or `user:<id>`: sessions to read afresh (features/auth/session-cache.ts). */
  session: 'session:invalidate',
  /** A group key whose board to drop (features/board/board-cache.ts). */
  boardInvalidate: 'board:invalidate',
  /** `{ groupKey, patch }` as JSON: a change to apply to a held board without a read. */
  boardPatch: 'board:patch',
  /** A user id who turned a push device on (features/push/push-devices.ts). */
  pushDevice: 'push:device',
  /** Comma-separated user ids whose badge counts moved (features/dashboard/badges.ts). */
  badges: 'badges:stale',
} as const;

export type PeerChannel = (typeof peerChannels)[keyof typeof peerChannels];
