import { describe, expect, it } from 'vitest';
import { SentMarks } from './sent-marks.ts';

const quiet = { warn: () => undefined };

describe('SentMarks', () => {
  it('marks at once, and what is added while a mark is written goes in the next one, each id once', async () => {
    const writes: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const marks = new SentMarks({
      mark: async (ids) => {
        writes.push([...ids]);
        if (writes.length === 1) await first;
      },
      log: quiet,
      patienceMs: 1_000,
      stopping: () => false,
    });
    marks.add([1]);
    marks.add([2, 3]);
    marks.add([3, 1]);
    release();
    expect(await marks.settled()).toEqual([]);
    expect(writes).toEqual([[1], [2, 3]]);
  });

  it('tries a failed mark again until the database is back, with what came meanwhile', async () => {
    const writes: number[][] = [];
    let down = 3;
    const marks = new SentMarks({
      mark: async (ids) => {
        writes.push([...ids]);
        if (down-- > 0) throw new Error('connect ECONNREFUSED');
      },
      log: quiet,
      patienceMs: 5_000,
      stopping: () => false,
      maxPauseMs: 20,
    });
    marks.add([7]);
    setTimeout(() => marks.add([8]), 5);
    expect(await marks.settled()).toEqual([]);
    expect(writes.at(-1)).toEqual([7, 8]);
    expect(writes).toHaveLength(4);
  });

  it('gives up after its patience, or at once when stopping, and names the rows it could not mark', async () => {
    const failing = { mark: async () => Promise.reject(new Error('down')), log: quiet, maxPauseMs: 10 };
    const patient = new SentMarks({ ...failing, patienceMs: 50, stopping: () => false });
    patient.add([1, 2]);
    expect((await patient.settled()).sort()).toEqual([1, 2]);
    const stopping = new SentMarks({ ...failing, patienceMs: 60_000, stopping: () => true });
    stopping.add([3]);
    expect(await stopping.settled()).toEqual([3]);
  });
});
