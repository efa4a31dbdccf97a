import type { Logger } from '../lib/logger.ts';

export interface SentMarksOptions {
  /** Writes the marks of these rows (one statement); throws when the database is away. */
  mark(ids: readonly number[]): Promise<void>;
  log: Pick<Logger, 'warn'>;
  /** How long a mark is tried again before the batch ends without it. */
  patienceMs: number;
  /** The deliverer is stopping: one more try, then give up. */
  stopping(): boolean;
  /** The pause between tries, at most (doubling from a tenth of it). */
  maxPauseMs?: number;
}

/**
 * The sent marks of one batch, written as the mails are taken (docs/decisions/0043): a row whose
 * mail the server accepted is marked at once, in its own step, so nothing that fails later (the
 * activity log, the retry marks, a database that went away) can turn it back into a row to send.
 * Marks that come while one is being written go together in the next statement: a batch costs a
 * few updates, each row waits at most one round trip. A failed write is tried again with a short
 * backoff until it lands or `patienceMs` has passed: every moment sooner is a moment in which no
 * other deliverer can take the row once its lease ends.
 */
export class SentMarks {
  private readonly queued: number[] = [];
  private readonly seen = new Set<number>();
  private readonly unmarked = new Set<number>();
  private writing: Promise<void> | undefined;
  private readonly deadline: number;

  constructor(private readonly options: SentMarksOptions) {
    this.deadline = Date.now() + options.patienceMs;
  }

  /** These rows are done: marked as soon as the statement before is through. Each id once. */
  add(ids: readonly number[]): void {
    for (const id of ids) {
      if (this.seen.has(id)) continue;
      this.seen.add(id);
      this.queued.push(id);
    }
    if (this.queued.length > 0) this.writing ??= this.write();
  }

  has(id: number): boolean {
    return this.seen.has(id);
  }

  /** Once every mark added so far is written or given up: the ids that could not be marked. */
  async settled(): Promise<number[]> {
    while (this.writing) await this.writing;
    return [...this.unmarked];
  }

  private async write(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const ids = this.queued.splice(0);
        if (!(await this.tryMark(ids))) for (const id of ids) this.unmarked.add(id);
      }
    } finally {
      this.writing = undefined;
    }
  }

  /** Grows `ids` by the marks that came meanwhile: they ride along, and share the outcome. */
  private async tryMark(ids: number[]): Promise<boolean> {
    const maxPause = this.options.maxPauseMs ?? 1_000;
    let pause = maxPause / 10;
    for (let tries = 1; ; tries++) {
      ids.push(...this.queued.splice(0));
      try {
        await this.options.mark(ids);
        return true;
      } catch (err) {
        if (tries === 1) this.options.log.warn({ err, rows: ids.length }, 'notification outbox: sent mark not written, trying again');
        if (this.options.stopping() || Date.now() + pause > this.deadline) return false;
        await new Promise((r) => setTimeout(r, pause));
        pause = Math.min(maxPause, pause * 2);
      }
    }
  }
}
