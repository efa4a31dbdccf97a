import { hash, randomBytes } from 'node:crypto';

/** Mailed tokens (reset, e-mail confirmation) are stored as their sha256: a database leak signs no one in. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** 32 random bytes for the mail and the hash for the table. */
export function newMailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
