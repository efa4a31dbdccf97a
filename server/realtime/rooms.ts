/** Room names (docs/ARCHITECTURE.md section 5); the only place they are spelled. */
export const rooms = {
  user: (id: number) => `user:${id}`,
  session: (sid: string) => `session:${sid}`,
  board: (groupKey: string) => `board:${groupKey.replaceAll('|', ':')}`,
  chat: (airline: string, base: string, position: string, chatType: string) => `chat:${airline}:${base}:${position}:${chatType}`,
  admins: 'admins',
};
