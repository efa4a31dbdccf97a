import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../lib/free-port.ts';
import { PASSWORD } from '../test/factories.ts';
import { hasNginx, skipWithout } from '../test/preflight.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The project's nginx configuration (deploy/nginx/), run by Debian's nginx in front of the app: as
 * it ships, with only what a deployment changes replaced (the upstream's address, the ports, the
 * certificate's folder, the trusted terminator's address).
 */
const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/nginx');
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

const skip = skipWithout(hasNginx());
let app: TestApp;
let dir: string;
let nginx: ChildProcess | undefined;
let ca: string;
const ports = { http: 0, redirect: 0, https: 0 };

async function listening(port: number, deadlineMs = 10_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline)
      throw new Error(`nginx is not listening on ${port}: ${await fs.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  if (skip) return;
  // nginx (the app's own address as the trusted proxy) -> the app.
  app = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-nginx-'));
  const conf = path.join(dir, 'crewtrade');
  await fs.mkdir(conf);
  await fs.mkdir(path.join(dir, 'tls'));
  [ports.http, ports.redirect, ports.https] = await Promise.all([freePort(), freePort(), freePort()]);
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  ca = pems.cert;
  await fs.writeFile(path.join(dir, 'tls/fullchain.pem'), pems.cert);
  await fs.writeFile(path.join(dir, 'tls/privkey.pem'), pems.private);

  const localise = (text: string) => text.replaceAll('/etc/nginx/crewtrade/', `${conf}/`).replaceAll('/etc/nginx/tls/', `${dir}/tls/`);
  for (const file of ['common.conf', 'locations.conf', 'proxy-headers.conf']) {
    await fs.writeFile(path.join(conf, file), localise(await fs.readFile(path.join(DEPLOY, file), 'utf8')));
  }
  const httpSite = await fs.readFile(path.join(DEPLOY, 'site-http.conf'), 'utf8');
  await fs.writeFile(path.join(conf, 'site-http.conf'), localise(httpSite).replace('listen 80;', `listen 127.0.0.1:${ports.http};`));
  const httpsSite = await fs.readFile(path.join(DEPLOY, 'site-https.conf'), 'utf8');
  await fs.writeFile(
    path.join(conf, 'site-https.conf'),
    localise(httpsSite)
      .replace('listen 80;', `listen 127.0.0.1:${ports.redirect};`)
      .replace('listen 443 ssl', `listen 127.0.0.1:${ports.https} ssl`),
  );
  // A TLS terminator in front of nginx, at 127.0.0.1; requests from 127.0.0.2 play the public.
  await fs.writeFile(path.join(conf, 'trusted-proxies.conf'), '127.0.0.1 1;\n');
  await fs.writeFile(path.join(conf, 'upstream.conf'), `upstream crewtrade {\n  server 127.0.0.1:${app.server.port};\n  keepalive 8;\n}\n`);
  const temp = (name: string) => `${name}_temp_path ${dir}/${name};`;
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n` +
      (process.getuid?.() === 0 ? 'user root;\n' : '') +
      `events { worker_connections 128; }\nhttp {\n  access_log off;\n  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}\n` +
      ['upstream.conf', 'common.conf', 'site-http.conf', 'site-https.conf'].map((f) => `  include ${conf}/${f};\n`).join('') +
      '}\n',
  );
  nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  await Promise.all([listening(ports.http), listening(ports.https)]);
});
afterAll(async () => {
  nginx?.kill('SIGTERM');
  await app?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

function call(url: string, options: https.RequestOptions & { body?: unknown } = {}): Promise<Answer> {
  const { body, ...rest } = options;
  const data = body === undefined ? undefined : JSON.stringify(body);
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: data ? 'POST' : 'GET', ca, ...rest, headers: { ...(data ? { 'content-type': 'application/json' } : {}), ...rest.headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const register = (url: string, email: string, options: https.RequestOptions = {}) =>
  call(`${url}/api/register`, { ...options, body: { firstName: 'Tls', lastName: 'Crew', email, password: PASSWORD } });

describe.skipIf(skip)('HTTPS through the project nginx config', () => {
  it('nginx terminating TLS: the answer has HSTS and the session cookie is __Host- and Secure', async () => {
    const res = await register(`https://127.0.0.1:${ports.https}`, 'tls.direct@example.com');
    expect(res.status).toBe(201);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const cookie = res.headers['set-cookie']!.find((c) => c.startsWith('__Host-crewtrade.sid='));
    expect(cookie).toMatch(/; secure/i);
    expect(cookie).toMatch(/; path=\//i);
    // nginx's request id, kept by the app from its trusted proxy.
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('plain HTTP to the TLS site is redirected to HTTPS; /metrics is not served to the public', async () => {
    const res = await call(`http://127.0.0.1:${ports.redirect}/login`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`https://127.0.0.1/login`);
    expect((await call(`https://127.0.0.1:${ports.https}/metrics`)).status).toBe(404);
  });

  it('behind a trusted TLS terminator: its X-Forwarded-Proto https gets HSTS and the __Host- cookie', async () => {
    const res = await register(`http://127.0.0.1:${ports.http}`, 'tls.terminated@example.com', {
      localAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(201);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['set-cookie']!.some((c) => c.startsWith('__Host-crewtrade.sid=') && /; secure/i.test(c))).toBe(true);
  });

  it('from an address that is not trusted, X-Forwarded-Proto is ignored: plain HTTP, no HSTS, no Secure cookie', async () => {
    const res = await register(`http://127.0.0.1:${ports.http}`, 'tls.forged@example.com', {
      localAddress: '127.0.0.2',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(201);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const cookie = res.headers['set-cookie']!.find((c) => c.startsWith('crewtrade.sid='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/; secure/i);
  });
});
