import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { installProcessGuards } from './lib/process-guards.ts';
import { startServer, type RunningServer } from './server.ts';

/** A stop that takes longer than this is cut short (exit 1): requests get most of it, then the rest closes. */
const SHUTDOWN_LIMIT_MS = 9_000;
const REQUEST_GRACE_MS = 7_000;

try {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  // Assigned once started: a fatal error during start-up has no server to stop.
  let server: RunningServer | undefined = undefined;
  let stopping = false;
  const stop = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down');
    const limit = setTimeout(() => {
      log.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    limit.unref();
    try {
      await server?.close({ graceMs: REQUEST_GRACE_MS });
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      exitCode = 1;
    }
    log.info({ exitCode }, 'stopped');
    process.exit(exitCode);
  };
  installProcessGuards(log, () => void stop('uncaughtException', 1));
  server = await startServer(config, { log });
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
