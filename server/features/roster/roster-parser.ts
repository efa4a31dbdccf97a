import { Worker } from 'node:worker_threads';
import { ROSTER_TEXT } from '#protocol/roster.ts';
import { AppError } from '../../http/errors.ts';
import { workerEntry } from '../../runtime-paths.ts';
import type { ParseAnswer, ParseJob } from './ics/parse-worker.ts';
import type { ReadRoster } from './ics/read-roster.ts';

/** How long the reader works on one file before it gives up by itself (ics/expand.ts checks the clock). */
const BUDGET_MS = 2_500;
/** How long one file may hold the thread at all: a rule that never yields is ended from here. */
const HARD_LIMIT_MS = 4_000;
/** The thread ends after this long without a file: an idle instance holds no reader. */
const IDLE_MS = 30_000;
/** Heap the reader may use: a 1 MB file of 2,000 events needs a fraction of it. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

/** Files waiting for the thread on one instance: past this a read is refused at once (503), not queued without end. */
const MAX_WAITING = 20;

const tooComplex = () => new AppError(422, 'roster_too_complex', ROSTER_TEXT.tooComplex, 'file');

export interface ReaderLimits {
  budgetMs: number;
  hardLimitMs: number;
  maxWaiting: number;
}

/**
 * One reader thread per instance, started on the first roster and ended when idle; files are read
 * one at a time. A file that takes too long or too much memory ends the thread (the next file
 * starts a new one) and is refused as too complex; every other request of every crew member goes
 * on meanwhile, on this thread's event loop (docs/decisions/0040).
 */
export class ReaderThread {
  private worker: Worker | undefined;
  private waiting = 0;
  private idle: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  /** Why the thread last failed, when it was not the file's fault (its code could not load, say). */
  private failure: Error | undefined;

  constructor(private readonly limits: ReaderLimits = { budgetMs: BUDGET_MS, hardLimitMs: HARD_LIMIT_MS, maxWaiting: MAX_WAITING }) {}

  read(job: Omit<ParseJob, 'id' | 'budgetMs'>): Promise<ReadRoster> {
    // Each crew member may upload 30 an hour; many at once across an instance wait here, boundedly.
    if (this.waiting >= this.limits.maxWaiting) return Promise.reject(new AppError(503, 'roster_busy', ROSTER_TEXT.busy, 'file'));
    this.waiting++;
    const run = this.queue.then(() => {
      this.waiting--;
      return this.readNow(job);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private start(): Worker {
    const worker = new Worker(workerEntry('features/roster/ics/parse-worker.ts'), {
      resourceLimits: RESOURCE_LIMITS,
      // Node's own type stripping, not the parent's tsx (see parse-worker.ts).
      execArgv: [],
      // Its output is silenced inside; these keep the thread's streams off the process's own.
      stdout: true,
      stderr: true,
    });
    worker.unref();
    worker.on('error', (err: Error & { code?: string }) => {
      this.failure = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? undefined : err;
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    return worker;
  }

  private readNow(job: Omit<ParseJob, 'id' | 'budgetMs'>): Promise<ReadRoster> {
    clearTimeout(this.idle);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<ReadRoster>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        this.idle = setTimeout(() => void this.stop(), IDLE_MS).unref();
      };
      const onMessage = (answer: ParseAnswer) => {
        if (answer.id !== id) return;
        done();
        if (answer.ok) resolve(answer.roster);
        else reject(answer.status === 422 ? tooComplex() : new AppError(answer.status, 'invalid', answer.message, 'file'));
      };
      // Out of memory, or ended by the timer below; a thread that could not run at all is our fault, and says so.
      const onExit = () => {
        done();
        const failure = this.failure;
        this.failure = undefined;
        reject(failure ?? tooComplex());
      };
      const timer = setTimeout(() => {
        this.worker = undefined;
        void worker.terminate();
      }, this.limits.hardLimitMs);
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.postMessage({ ...job, id, budgetMs: this.limits.budgetMs } satisfies ParseJob);
    });
  }

  async stop(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

const reader = new ReaderThread();

/** What a roster read needs besides the file: the clock, and the base's zone for floating times. */
export interface ParseOptions {
  now?: Date;
  baseZone: string;
}

/**
 * Reads a roster file on the reader thread (ics/read-roster.ts). Refusals are AppErrors with the
 * crew member's text: 400 for a file that is not a roster or has nothing readable, 422 for one
 * too complex to work out.
 */
export function parseRoster(bytes: Uint8Array, opts: ParseOptions): Promise<ReadRoster> {
  return reader.read({ bytes, now: (opts.now ?? new Date()).getTime(), baseZone: opts.baseZone });
}

/** Ends the reader thread (at shutdown; it ends by itself when idle). */
export const stopRosterReader = () => reader.stop();
