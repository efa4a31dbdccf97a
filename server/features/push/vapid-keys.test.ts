import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { newVapidKeys } from './vapid-keys.ts';

describe('newVapidKeys', () => {
  it('makes key pairs web-push signs with, as its own generateVAPIDKeys does', () => {
    // Enough pairs that some private keys start with a zero byte (1 in 256).
    for (let i = 0; i < 2_000; i++) {
      const keys = newVapidKeys();
      expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      expect(() => webPush.setVapidDetails('mailto:ops@example.com', keys.publicKey, keys.privateKey)).not.toThrow();
    }
    const keys = newVapidKeys();
    const headers = webPush.getVapidHeaders(
      'https://push.example.com',
      'mailto:ops@example.com',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    expect(headers.Authorization).toMatch(new RegExp(`^vapid t=.+, k=${keys.publicKey}$`));
  });
});
