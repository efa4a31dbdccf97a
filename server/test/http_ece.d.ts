// http_ece (the encryption web-push uses, RFC 8188/8291) ships no types; the test endpoint decrypts with it.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
