import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

// The list is loaded on the first check (docs/decisions/0034): the first checks, side by side, must
// already answer from it.
describe('common passwords, loaded on first use', () => {
  it('answers the first checks, made together, from the list: in any case, and only long entries', async () => {
    const [common, shouted, rare] = await Promise.all([
      isCommonPassword('password123'),
      isCommonPassword('PASSWORD123'),
      isCommonPassword('violet-tarmac-pushback-42'),
    ]);
    expect([common, shouted, rare]).toEqual([true, true, false]);
    // Too short for the length rule: never on the list, whatever the corpora say.
    expect(await isCommonPassword('123456')).toBe(false);
  });
});
