import autocannon from 'autocannon';
import type { LoopDelay } from './loop-delay.ts';
import { runPaced } from './paced.ts';

export interface LoadResult {
  label: string;
  offered: number | null;
  p50: number;
  p99: number;
  max: number;
  rps: number;
  errors: number;
  non2xx: number;
  /** The event-loop delay inside the server under test during the run, where measured. */
  loop?: LoopDelay;
  /**
   * The server's CPU time (user + system) per answered call over the run, where measured: on a
   * shared machine it varies far less than latency does.
   */
  cpuMsPerCall?: number;
}

export interface LoadOptions {
  url: string;
  label: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Offered requests per second across all connections (open loop); omit to saturate. */
  rate?: number;
  connections?: number;
  seconds: number;
  /** Builds each request's body, so every request can differ (new requests, new dates). */
  body?: () => string | Buffer;
  /**
   * Headers for each request on top of `headers`: to act as many users in turn (their cookies).
   * `context` belongs to the connection and reaches `onResponse` for the same request.
   */
  headersEach?: (context: Record<string, unknown>) => Record<string, string>;
  /** Each response with its body: to act on what a request created (the request's `context` as set in `headersEach`). */
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

/**
 * How a fixed rate is offered: `paced` (default) sends evenly spaced calls (paced.ts); `autocannon`
 * lets each connection send its share of every second back to back, as all sittings before
 * 2026-11-26's evening did (to compare with them).
 */
const PACING = process.env.BENCH_PACING ?? 'paced';

/**
 * One run. With a rate it offers a fixed load (paced.ts), so a slow server shows in latency, not in
 * a slower client; without one, autocannon saturates the server with 50 connections.
 */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  if (o.rate && PACING === 'paced') return runPaced({ ...o, rate: o.rate });
  const connections = o.connections ?? (o.rate ? Math.max(4, Math.ceil(o.rate / 100)) : 50);
  const result = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    headers: o.headers,
    connections,
    duration: o.seconds,
    overallRate: o.rate,
    requests:
      o.body || o.headersEach || o.onResponse
        ? [
            {
              // autocannon's context is a plain object per connection; typed `object` in its types.
              setupRequest: (req, context) => ({
                ...req,
                ...(o.body ? { body: o.body() } : {}),
                ...(o.headersEach ? { headers: { ...req.headers, ...o.headersEach(context as Record<string, unknown>) } } : {}),
              }),
              ...(o.onResponse
                ? {
                    onResponse: (status: number, body: string, context: object) =>
                      o.onResponse!(status, body, context as Record<string, unknown>),
                  }
                : {}),
            },
          ]
        : undefined,
  });
  return {
    label: o.label,
    offered: o.rate ?? null,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result.requests.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function formatTable(rows: LoadResult[]): string {
  const head =
    '| path | offered (req/s) | p50 ms | p99 ms | max ms | achieved req/s | errors | non-2xx | server loop delay p99 / max ms | server GC: scavenges (total / max ms); mark-compacts | server CPU ms per call |\n|---|---|---|---|---|---|---|---|---|---|---|';
  const lines = rows.map(
    (r) =>
      `| ${r.label} | ${r.offered ?? 'saturation, 50 conn'} | ${r.p50} | ${r.p99} | ${r.max} | ${Math.round(r.rps)} | ${r.errors} | ${r.non2xx} | ${r.loop ? `${r.loop.p99} / ${r.loop.max}` : '-'} | ${r.loop ? gcText(r.loop) : '-'} | ${r.cpuMsPerCall ?? '-'} |`,
  );
  return [head, ...lines].join('\n');
}

function gcText({ gc }: LoopDelay): string {
  return `${gc.young.count} (${gc.young.totalMs} / ${gc.young.maxMs}); ${gc.full.count} (${gc.full.totalMs} / ${gc.full.maxMs})`;
}
