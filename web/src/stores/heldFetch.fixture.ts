// A fetch stub for the stores' tests of a first load that overlaps the socket: the first answer is
// read at once (the server answered before what follows) but held back until the test releases it.
import { vi } from 'vitest';

/** Stubs fetch: the first call answers `first()` once released; every later call answers `later()`. */
export function heldFirstAnswer(first: () => Response, later: () => Response): () => void {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (calls++ > 0) return later();
      const answer = first();
      await gate;
      return answer;
    }),
  );
  return release;
}
