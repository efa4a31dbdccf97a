import https from 'node:https';
import type { Duplex } from 'node:stream';
import { pushTargetAllowed } from './push.rules.ts';

/** A push the agent would not connect: the host it was asked for is not an allowed push service. */
export class PushHostRefused extends Error {
  constructor(host: string, port: number) {
    super(`push: refused to connect to ${host}:${port}, not an allowed push service`);
  }
}

/**
 * The one door every push goes through (DMs, offers, matches, chains, the test): the allowlist is
 * checked against the host and port the connection is opened to, as the HTTP client hands them to
 * the agent after its own reading of the endpoint, never against a second reading of the string.
 */
export class PushAgent extends https.Agent {
  constructor(
    private readonly allowed: readonly string[],
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(
    options: https.RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = options.host ?? options.hostname ?? '';
    const port = Number(options.port ?? 443);
    if (!options.socketPath && pushTargetAllowed({ host, port }, this.allowed)) return super.createConnection(options, callback);
    const refused = new PushHostRefused(host, port);
    if (!callback) throw refused;
    // The HTTP client's callback form: the request fails with this error, and no socket is opened.
    process.nextTick(() => callback(refused, undefined as unknown as Duplex));
    return undefined;
  }
}
