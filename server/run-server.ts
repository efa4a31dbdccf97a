// The server's process: starts it from the environment's configuration and stops it on a signal
// (main.ts imports this once the Node version is known to do).
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { installProcessGuards } from './lib/process-guards.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * After the drain, a stop that takes longer than this is cut short (exit 1): requests in flight get
 * most of it, then the rest closes. Drain plus this must stay under the supervisor's patience
 * (docker-compose.yml's stop_grace_period; Kubernetes' terminationGracePeriodSeconds).
 */
const STOP_LIMIT_MS = 9_000;
const REQUEST_GRACE_MS = 7_000;

try {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  // Assigned once started: a fatal error during start-up has no server to stop.
  let server: RunningServer | undefined = undefined;
  let stopping = false;
  /** drainMs: how long to keep serving while /readyz says 503 (SIGTERM: the balancer is moving away). */
  const stop = async (reason: string, exitCode: number, drainMs = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason, drainMs }, 'shutting down');
    const limitMs = drainMs + STOP_LIMIT_MS;
    const limit = setTimeout(() => {
      log.error({ limitMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, limitMs);
    limit.unref();
    try {
      await server?.close({ graceMs: REQUEST_GRACE_MS, drainMs });
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      exitCode = 1;
    }
    log.info({ exitCode }, 'stopped');
    process.exit(exitCode);
  };
  installProcessGuards(log, () => void stop('uncaughtException', 1));
  server = await startServer(config, { log });
  // Ctrl-C at a terminal stops at once; SIGTERM (docker stop, Kubernetes) drains first.
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0, config.drainMs));
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
