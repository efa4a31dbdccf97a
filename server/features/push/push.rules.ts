/**
 * Whether the server may send to a subscription's endpoint. A browser names the URL; without this
 * check any signed-in user could make the server POST to an address of their choosing (SSRF). An
 * entry "host" matches that host on any port, "host:port" that port only, "*.domain" any subdomain.
 */
export function pushHostAllowed(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return allowed.some((raw) => {
    const entry = raw.toLowerCase();
    if (entry.includes(':')) return url.host.toLowerCase() === entry || `${host}:443` === entry;
    if (entry.startsWith('*.')) return host.endsWith(entry.slice(1)) && host.length > entry.length - 1;
    return host === entry;
  });
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
