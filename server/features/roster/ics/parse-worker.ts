// The roster reader's thread (roster-parser.ts starts it): a file is read here, off the event loop
// that answers every crew member's requests, under a memory limit and a clock that the main thread
// enforces by ending this thread. Nothing of a roster is written anywhere: whatever the libraries
// would print is silenced, and only the result goes back. Node runs this file's TypeScript itself
// (type stripping, no tsx, so the thread starts fast): the files it imports use only erasable syntax.
import { parentPort } from 'node:worker_threads';
import { ROSTER_TEXT } from '#protocol/roster.ts';
import { readRoster, RosterRefusal, type ReadRoster } from './read-roster.ts';

export interface ParseJob {
  id: number;
  bytes: Uint8Array;
  now: number;
  baseZone: string;
  /** How long the reader may work before giving the file up as too complex. */
  budgetMs: number;
}

export type ParseAnswer = { id: number; ok: true; roster: ReadRoster } | { id: number; ok: false; status: number; message: string };

for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) console[method] = () => undefined;

parentPort?.on('message', (job: ParseJob) => {
  let answer: ParseAnswer;
  try {
    const roster = readRoster(job.bytes, { now: job.now, baseZone: job.baseZone, deadline: Date.now() + job.budgetMs });
    answer = { id: job.id, ok: true, roster };
  } catch (err) {
    answer =
      err instanceof RosterRefusal
        ? { id: job.id, ok: false, status: err.status, message: err.message }
        : { id: job.id, ok: false, status: 400, message: ROSTER_TEXT.nothingReadable };
  }
  parentPort!.postMessage(answer);
});
