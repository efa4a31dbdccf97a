import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';
import selfsigned from 'selfsigned';
import type { PushPayload } from '#protocol/push.ts';

/** What the endpoint received for one device: decrypted, with the VAPID claims it was signed with. */
export interface ReceivedPush {
  payload: PushPayload;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The `k=` of the Authorization header: the server's VAPID public key. */
  vapidKey: string;
  /** The JWT's claims (aud, exp, sub), unverified here: the key check is web-push's own. */
  claims: { aud: string; exp: number; sub: string };
}

/** A browser's subscription to this endpoint, with the keys only the "browser" holds. */
export interface TestDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** The status the endpoint answers for this device (201; 410 when the browser dropped it). */
  status: number;
}

/**
 * A push service on 127.0.0.1 over TLS (its own self-signed certificate, given to the app as
 * PUSH_CA_FILE), standing in for FCM or Mozilla's autopush: it takes what web-push sends,
 * decrypts it with the device's private key (RFC 8291, aes128gcm), and keeps it per device.
 */
export async function startPushEndpoint() {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const caFile = path.join(os.tmpdir(), `ct-push-ca-${randomBytes(4).toString('hex')}.pem`);
  await writeFile(caFile, pems.cert);
  const devices = new Map<string, { device: TestDevice; ecdh: ECDH }>();

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = req.url?.split('/').pop() ?? '';
      const entry = devices.get(id);
      if (!entry || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (entry.device.status === 201) {
        const auth = String(req.headers.authorization ?? '');
        const token = /t=([^,]+)/.exec(auth)?.[1] ?? '';
        const body = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: entry.ecdh,
          authSecret: entry.device.subscription.keys.auth,
        });
        entry.device.received.push({
          payload: JSON.parse(body.toString('utf8')) as PushPayload,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          vapidKey: /k=([^,]+)/.exec(auth)?.[1] ?? '',
          claims: JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as ReceivedPush['claims'],
        });
      }
      res.writeHead(entry.device.status).end();
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** TCP connections opened to the endpoint so far, whatever became of them. */
    connections: () => connections,
    /** The environment the app needs to send here. */
    env: { PUSH_ENDPOINT_HOSTS: new URL(origin).host, PUSH_CA_FILE: caFile },
    /** A new device: what its browser's PushSubscription.toJSON() would give. */
    device(): TestDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomBytes(8).toString('hex');
      const device: TestDevice = {
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
        },
        received: [],
        status: 201,
      };
      devices.set(id, { device, ecdh });
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushEndpoint = Awaited<ReturnType<typeof startPushEndpoint>>;
