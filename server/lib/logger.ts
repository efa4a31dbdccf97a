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
 * JSON lines on stdout, or on `destination` (tests read them). Stdout is written asynchronously:
 * lines that come while a write is under way go out together in the next one, so a busy instance
 * makes one system call per batch of access-log lines instead of one per line (about a tenth of a
 * cached board read's CPU at saturation, docs/benchmarks.md). pino flushes what is left when the
 * process exits (main.ts's stop ends in process.exit); a kill -9 loses at most the lines of one
 * write in flight.
 */
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
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
