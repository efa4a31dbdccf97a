import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentRequestId } from './request-context.ts';

export type { Logger };

let lastMs = 0;
let lastTime = '';
/**
 * pino's isoTime, formatted once per millisecond: a busy instance writes several lines in the same
 * millisecond, and Date's toISOString was about 2% of a cached board read's CPU at saturation.
 */
function isoTimeOncePerMs(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/**
 * JSON lines on stdout, or on `destination` (tests read them). Stdout is written asynchronously,
 * in batches of at least 4 KB or once a second, whichever comes first: a busy instance makes one
 * system call (a thread-pool write) per batch of access-log lines instead of one per line (about a
 * tenth of a cached board read's CPU at saturation, and a few percent of a create's at 100/s,
 * docs/benchmarks.md), and a quiet one still shows each line within a second. pino flushes what is
 * left when the process exits (main.ts's stop ends in process.exit); a kill -9 loses at most the
 * last second's lines.
 */
/** What stdout's writes wait for (createLogger): this many bytes of lines, or this long. */
const BATCH_BYTES = 4096;
const BATCH_MS = 1000;

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: undefined,
    timestamp: isoTimeOncePerMs,
    // Every line written while a request is served names it (server/ops/request-telemetry.ts).
    mixin: () => {
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: BATCH_MS }));
}
