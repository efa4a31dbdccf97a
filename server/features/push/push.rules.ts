import { parse as legacyParse } from 'node:url';

/** Where a push is sent: the host name and port a connection is opened to. */
export interface PushHost {
  host: string;
  port: number;
}

/** A host as push services name theirs: letters, digits, dots and hyphens, nothing a parser could read two ways. */
const PLAIN_HOST = /^[a-z0-9.-]+$/;

/**
 * The host and port an https endpoint names, or undefined when it is not one plain host that
 * WHATWG `new URL()` and the legacy `url.parse()` agree on. web-push connects where `url.parse()`
 * says, which ends a host at `%`, `;` and a few other characters that `new URL()` reads on past
 * (`https://localhost%2Enotify.windows.com/` is localhost to one, a WNS host to the other).
 */
export function pushEndpointTarget(endpoint: string): PushHost | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined;
  // Deprecated for exactly the reason it is read here: it is what web-push connects with.
  const legacy = legacyParse(endpoint);
  const port = url.port || '443';
  if (!PLAIN_HOST.test(url.hostname) || legacy.hostname !== url.hostname || (legacy.port ?? '443') !== port) return undefined;
  return { host: url.hostname, port: Number(port) };
}

/**
 * Whether the server may connect to this host and port to push. A browser names the URL; without
 * this check any signed-in user could make the server POST to an address of their choosing (SSRF).
 * An entry "host" matches that host on any port, "host:port" that port only, "*.domain" any subdomain.
 */
export function pushTargetAllowed(target: PushHost, allowed: readonly string[]): boolean {
  const host = target.host.toLowerCase();
  if (!PLAIN_HOST.test(host)) return false;
  return allowed.some((raw) => {
    const entry = raw.toLowerCase();
    const colon = entry.lastIndexOf(':');
    if (colon > 0) return host === entry.slice(0, colon) && target.port === Number(entry.slice(colon + 1));
    if (entry.startsWith('*.')) return host.endsWith(entry.slice(1)) && host.length > entry.length - 1;
    return host === entry;
  });
}

/** Whether a subscription's endpoint names, read both ways alike, a host the server may push to. */
export function pushHostAllowed(endpoint: string, allowed: readonly string[]): boolean {
  const target = pushEndpointTarget(endpoint);
  return target !== undefined && pushTargetAllowed(target, allowed);
}

/** One line of at most `max` characters (an ellipsis when cut), whatever the message's line breaks. */
export function previewOf(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
