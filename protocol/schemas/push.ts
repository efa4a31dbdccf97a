import { z } from 'zod';
import { PUSH_ENDPOINT_MAX } from '../limits.ts';
import { DEVICES_MSG } from '../messages/devices.ts';

/** Unpadded base64url of exactly `bytes` bytes. */
const base64url = (bytes: number) =>
  z
    .string({ error: DEVICES_MSG.pushKeysInvalid })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), DEVICES_MSG.pushKeysInvalid);

const endpoint = z
  .string({ error: DEVICES_MSG.pushEndpointInvalid })
  .max(PUSH_ENDPOINT_MAX, DEVICES_MSG.pushEndpointInvalid)
  .refine((v) => {
    try {
      const url = new URL(v);
      // Push services are reached over TLS only, and an address with credentials is not one.
      return url.protocol === 'https:' && !url.username && !url.password;
    } catch {
      return false;
    }
  }, DEVICES_MSG.pushEndpointInvalid);

/**
 * POST /api/push/subscriptions: a PushSubscription's toJSON() as the browser gives it. p256dh is
 * an uncompressed P-256 point (65 bytes), auth a 16-byte secret (RFC 8291).
 */
export const pushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }, { error: DEVICES_MSG.pushKeysInvalid }),
});
export type PushSubscriptionBody = z.output<typeof pushSubscriptionSchema>;

/** POST /api/push/subscriptions/remove: this device's subscription, by its address. */
export const pushUnsubscribeSchema = z.object({ endpoint });
export type PushUnsubscribeBody = z.output<typeof pushUnsubscribeSchema>;
