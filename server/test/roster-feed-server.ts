import { randomBytes } from 'node:crypto';
import dns from 'node:dns';
import { writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import selfsigned from 'selfsigned';
import type { Lookup } from '../features/roster/roster-fetch.ts';

/** The name the app is told it may reach on a private address (ROSTER_PRIVATE_HOSTS), like an airline's own server. */
export const ALLOWED_HOST = 'roster-feed.test';
/** A public-looking name that resolves to 127.0.0.1: it must be refused. */
export const REBOUND_HOST = 'calendar.example.com';

/**
 * A roster subscription server on 127.0.0.1 over TLS (its own certificate, given to the app as
 * ROSTER_CA_FILE), with the answers a subscription can give: the roster, an error, a redirect, a
 * slow answer, too much. `lookup` resolves the two test names to it, as DNS would.
 */
export async function startRosterFeedServer() {
  const pems = await selfsigned.generate([{ name: 'commonName', value: ALLOWED_HOST }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: ALLOWED_HOST },
          { type: 2, value: REBOUND_HOST },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const caFile = path.join(os.tmpdir(), `ct-roster-ca-${randomBytes(4).toString('hex')}.pem`);
  await writeFile(caFile, pems.cert);
  /** What /roster/{name}.ics answers, by name; a missing name answers 404. */
  const rosters = new Map<string, { status: number; body: string }>();
  const hits = new Map<string, number>();

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const roster = /^\/roster\/([\w-]+)\.ics$/.exec(url.pathname);
    if (roster) {
      const entry = rosters.get(roster[1]!);
      if (!entry) return res.writeHead(404).end();
      return res.writeHead(entry.status, { 'content-type': 'text/calendar' }).end(entry.body);
    }
    const hops = /^\/redirect\/(\d+)\/([\w-]+)$/.exec(url.pathname);
    if (hops) {
      const n = Number(hops[1]);
      const next = n === 0 ? `/roster/${hops[2]}.ics` : `/redirect/${n - 1}/${hops[2]}`;
      return res.writeHead(302, { location: next }).end();
    }
    if (url.pathname === '/to') return res.writeHead(302, { location: url.searchParams.get('u') ?? '/' }).end();
    // Headers at once, then nothing: a subscription that never finishes answering.
    if (url.pathname === '/slow') return res.writeHead(200, { 'content-type': 'text/calendar' }).write('BEGIN:VCALENDAR\r\n');
    if (url.pathname === '/big') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      const line = `${'X-PAD:'.padEnd(1000, 'x')}\r\n`;
      for (let i = 0; i < 1200; i++) res.write(line);
      return res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const lookup: Lookup = (hostname, options, callback) => {
    if (hostname === ALLOWED_HOST || hostname === REBOUND_HOST) {
      const address = { address: '127.0.0.1', family: 4 };
      return options.all ? callback(null, [address]) : callback(null, address.address, address.family);
    }
    dns.lookup(hostname, options as dns.LookupAllOptions, callback as never);
  };

  return {
    port,
    /** https://roster-feed.test:{port}{path} */
    url: (p: string, host = ALLOWED_HOST) => `https://${host}:${port}${p}`,
    env: { ROSTER_PRIVATE_HOSTS: ALLOWED_HOST, ROSTER_CA_FILE: caFile },
    lookup,
    rosters,
    hits: (p: string) => hits.get(p) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type RosterFeedServer = Awaited<ReturnType<typeof startRosterFeedServer>>;
