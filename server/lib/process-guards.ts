import type { Logger } from './logger.ts';

/**
 * The process-wide policy for errors nothing caught (catching at the source comes first; this is
 * the net under it):
 * - a rejected promise nobody handled is logged and the instance goes on: one failed background
 *   task (a publish during a Redis outage was one) must not take every user's requests down;
 * - an uncaught exception leaves the process in an unknown state: it is logged and `onFatal`
 *   shuts the instance down gracefully, for the supervisor to start a fresh one.
 */
export function installProcessGuards(log: Logger, onFatal: (err: unknown) => void): void {
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception; shutting down');
    onFatal(err);
  });
}
