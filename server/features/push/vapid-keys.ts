import { createECDH } from 'node:crypto';

/**
 * A new VAPID key pair as web-push's generateVAPIDKeys writes it (RFC 8292: a P-256 key, the public
 * one an uncompressed point), without loading web-push on a first start.
 */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // A private key is 32 bytes; getPrivateKey drops leading zero bytes, which the JWT signer refuses.
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}
