import http from 'node:http';
import type { LoadOptions, LoadResult } from './load.ts';

/** An answer slower than this counts as an error (autocannon's default timeout). */
const TIMEOUT_MS = 10_000;

/**
 * A fixed rate offered as evenly spaced calls, 1/rate apart, each on a free keep-alive connection
 * (a new one while all are busy): a true open loop. Autocannon's rate is a quota per connection and
 * per second, so its connections fire their share back to back at the start of each second and
 * wait for each other's answers: bursts the server then queues, which read as a latency tail.
 * Latency is timed from the moment a call was due, so a late client is counted, never hidden.
 */
export async function runPaced(o: LoadOptions & { rate: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(o.url);
  const interval = 1000 / o.rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const inFlight = new Set<Promise<void>>();
  const call = (due: number) =>
    new Promise<void>((resolve) => {
      const context: Record<string, unknown> = {};
      const headers = { ...o.headers, ...o.headersEach?.(context) };
      const body = o.body?.();
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const req = http.request(url, { method: o.method ?? 'GET', headers, agent, timeout: TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) latencies.push(performance.now() - due);
          else non2xx++;
          o.onResponse?.(status, Buffer.concat(chunks).toString(), context);
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const start = performance.now();
  const end = start + o.seconds * 1000;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every call due by now goes out now: a late timer delays none of them by more than it was late.
      for (let due = start + sent * interval; due <= now && due < end; due = start + sent * interval) {
        sent++;
        const p = call(due);
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }
      const next = start + sent * interval;
      if (next >= end) return resolve();
      setTimeout(tick, Math.max(0, next - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  return {
    label: o.label,
    offered: o.rate,
    p50: at(0.5),
    p99: at(0.99),
    max: round(latencies.at(-1) ?? 0),
    rps: latencies.length / o.seconds,
    errors,
    non2xx,
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
