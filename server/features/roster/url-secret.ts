import type { MikroORM } from '@mikro-orm/postgresql';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sharedSecret } from '../push/push.queries.ts';
import { poolEm } from '../../db/pool-em.ts';

/**
 * A subscription address is a secret (it often carries the crew member's token): stored sealed with
 * AES-256-GCM under a key every instance shares (server_secrets, made by the first instance that
 * needs it), and shown back only as its origin (hintOf).
 */
export interface UrlSecret {
  seal(url: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

export function createUrlSecret(orm: MikroORM): UrlSecret {
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= sharedSecret(poolEm(orm), 'roster-url-key', () => randomBytes(32).toString('base64')).then((k) => Buffer.from(k, 'base64'));
    // A failed read (the database away) is tried again next time.
    key.catch(() => (key = undefined));
    return key;
  };
  return {
    async seal(url) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      const body = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    async open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
    },
  };
}

/** What the crew member sees of their address: "https://host/…" (path and query are where tokens live). */
export const hintOf = (url: string) => {
  const u = new URL(url);
  return `${u.origin}/…`;
};
