import type { IncomingMessage } from 'node:http';
import net from 'node:net';

/** Headers only a proxy of ours may set: from anyone else they are dropped before anything reads them. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'x-request-id'];

/** "10.0.0.0/8", "127.0.0.1", "fd00::/8": an address or a network, IPv4 or IPv6. */
export function isAddressOrNetwork(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** A peer's address as a BlockList compares it: an IPv4 client of a dual-stack socket arrives as ::ffff:a.b.c.d. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return { address: v4, family: 'ipv4' };
  return { address, family: net.isIPv4(address) ? 'ipv4' : 'ipv6' };
}

/**
 * Which peers may tell the app, through X-Forwarded-Proto/-For/-Host and X-Request-Id, what the
 * client's protocol, address and request id were (TRUST_PROXY). `trusted` empty: every peer, for an
 * app port that only the load balancer can reach. Otherwise only these addresses and networks.
 * Returns the guard to run on every request and upgrade before Koa or Socket.IO read them.
 */
export function forwardedHeaderGuard(trustProxy: boolean, trusted: readonly string[]): (req: IncomingMessage) => void {
  if (trustProxy && trusted.length === 0) return () => undefined;
  const list = new net.BlockList();
  for (const entry of trusted) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = net.isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (req) => {
    const peer = req.socket.remoteAddress;
    if (trustProxy && peer) {
      const { address, family } = plainAddress(peer);
      if (list.check(address, family)) return;
    }
    for (const header of PROXY_HEADERS) delete req.headers[header];
  };
}
