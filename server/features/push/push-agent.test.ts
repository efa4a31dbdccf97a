import { readFileSync } from 'node:fs';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushEndpoint, type PushEndpoint } from '../../test/push-endpoint.ts';
import { PushAgent, PushHostRefused } from './push-agent.ts';

let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
afterAll(async () => {
  await endpoint?.close();
});

const agentFor = (allowed: string[]) =>
  new PushAgent(allowed, { ca: [...rootCertificates, readFileSync(endpoint.env.PUSH_CA_FILE, 'utf8')] });

/** A POST through the agent to the host and port the HTTP client is given: its status, or its error. */
function post(agent: https.Agent, hostname: string, port: string): Promise<number | Error> {
  return new Promise((resolve) => {
    const req = https.request({ hostname, port, path: '/push/none', method: 'POST', agent }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', resolve);
    req.end();
  });
}

describe('PushAgent: the allowlist where the connection is made', () => {
  it('opens no connection to a host the allowlist does not name, whatever the endpoint said', async () => {
    const { hostname, port } = new URL(endpoint.origin);
    const before = endpoint.connections();
    // As web-push would connect for https://127.0.0.1;.notify.windows.com/ on the endpoint's port.
    const refused = await post(agentFor(['*.notify.windows.com']), hostname, port);
    expect(refused).toBeInstanceOf(PushHostRefused);
    // The right host on another port is another service.
    expect(await post(agentFor([`${hostname}:${Number(port) + 1}`]), hostname, port)).toBeInstanceOf(PushHostRefused);
    expect(endpoint.connections()).toBe(before);
  });

  it('connects to an allowed host (the endpoint answers 404 for an unknown device)', async () => {
    const { hostname, port } = new URL(endpoint.origin);
    const before = endpoint.connections();
    expect(await post(agentFor([`${hostname}:${port}`]), hostname, port)).toBe(404);
    expect(endpoint.connections()).toBe(before + 1);
  });
});
