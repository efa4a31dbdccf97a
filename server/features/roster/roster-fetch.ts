import dns from 'node:dns';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { rootCertificates } from 'node:tls';
import { ROSTER_FETCH_TIMEOUT_MS, ROSTER_MAX_BYTES, ROSTER_MAX_REDIRECTS, ROSTER_TEXT } from '#protocol/roster.ts';
import { isPrivateAddress } from './private-address.ts';

/** The shape of dns.lookup as net.connect calls it (with `all` set since Node's autoSelectFamily). */
export type Lookup = (
  hostname: string,
  options: dns.LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
) => void;

/** Why a subscription could not be read: one of ROSTER_TEXT's sentences, for the crew member. */
export class FeedError extends Error {}

export interface RosterFetchOptions {
  /** Hosts that may be reached on a private address (ROSTER_PRIVATE_HOSTS; none by default). */
  privateHosts: readonly string[];
  /** Extra certificate authorities (ROSTER_CA_FILE). */
  caFile?: string;
  /** Name resolution; tests make a public-looking name resolve to 127.0.0.1 here. */
  lookup?: Lookup;
  timeoutMs?: number;
}

/** The body of a subscription, as bytes: the reader finds its encoding. */
export type RosterFetch = (url: string) => Promise<Buffer>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function httpsUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FeedError(ROSTER_TEXT.urlInvalid);
  }
  if (url.protocol !== 'https:') throw new FeedError(ROSTER_TEXT.urlNotHttps);
  return url;
}

/**
 * A lookup that refuses private, loopback and link-local answers. It runs as the socket connects,
 * so the address checked is the address connected to (a name that resolves to a public address when
 * checked and to 127.0.0.1 when used, DNS rebinding, gets nowhere). Any private answer refuses the
 * name: a resolver's order is not ours to trust.
 */
export function guardedLookup(base: Lookup, allowPrivate: boolean): Lookup {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), []);
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) return callback(new FeedError(ROSTER_TEXT.urlPrivate), []);
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Reads a subscription: https only, each hop's address checked when its socket connects (and an IP
 * address in the URL checked before), at most ROSTER_MAX_REDIRECTS redirects, ROSTER_FETCH_TIMEOUT_MS
 * for the whole read, ROSTER_MAX_BYTES at most. Failures are FeedErrors with the crew member's text.
 */
export function createRosterFetch(options: RosterFetchOptions): RosterFetch {
  const base: Lookup = options.lookup ?? (dns.lookup as unknown as Lookup);
  const agent = new https.Agent({
    keepAlive: false,
    ...(options.caFile ? { ca: [...rootCertificates, readFileSync(options.caFile, 'utf8')] } : {}),
  });
  const privateOk = new Set(options.privateHosts.map((h) => h.toLowerCase()));
  const timeoutMs = options.timeoutMs ?? ROSTER_FETCH_TIMEOUT_MS;

  return (raw) =>
    new Promise<Buffer>((resolve, reject) => {
      let current: ReturnType<typeof https.get> | undefined;
      let done = false;
      const finish = (err: Error | undefined, body?: Buffer) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        current?.destroy();
        if (err) reject(err instanceof FeedError ? err : new FeedError(ROSTER_TEXT.urlUnreachable));
        else resolve(body!);
      };
      const timer = setTimeout(() => finish(new FeedError(ROSTER_TEXT.urlSlow)), timeoutMs);

      const get = (url: URL, redirectsLeft: number) => {
        const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
        const allowPrivate = privateOk.has(host) || privateOk.has(url.host.toLowerCase());
        // An address in the URL connects without a lookup: judged here.
        if (net.isIP(host) && !allowPrivate && isPrivateAddress(host)) return finish(new FeedError(ROSTER_TEXT.urlPrivate));
        const req = https.get(url, {
          agent,
          lookup: guardedLookup(base, allowPrivate) as unknown as typeof dns.lookup,
          headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1', 'user-agent': 'Crewtrade roster reader' },
        });
        current = req;
        req.on('error', (err) => finish(err));
        req.on('response', (res: IncomingMessage) => {
          const status = res.statusCode ?? 0;
          if (REDIRECTS.has(status) && res.headers.location) {
            res.resume();
            if (redirectsLeft === 0) return finish(new FeedError(ROSTER_TEXT.urlRedirects));
            let next: URL;
            try {
              next = httpsUrl(res.headers.location, url);
            } catch (err) {
              return finish(err as Error);
            }
            return get(next, redirectsLeft - 1);
          }
          if (status !== 200) {
            res.resume();
            return finish(new FeedError(`${ROSTER_TEXT.urlStatus} ${status}.`));
          }
          if (Number(res.headers['content-length'] ?? 0) > ROSTER_MAX_BYTES) return finish(new FeedError(ROSTER_TEXT.urlTooLarge));
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > ROSTER_MAX_BYTES) return finish(new FeedError(ROSTER_TEXT.urlTooLarge));
            chunks.push(chunk);
          });
          res.on('end', () => finish(undefined, Buffer.concat(chunks)));
          res.on('error', (err) => finish(err));
        });
      };

      try {
        get(httpsUrl(raw), ROSTER_MAX_REDIRECTS);
      } catch (err) {
        finish(err as Error);
      }
    });
}
