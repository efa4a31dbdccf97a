// A send retried after a failure carries the same clientKey (stored once); a changed draft does not.
import { describe, expect, it } from 'vitest';
import { clientKeyField } from '#protocol/schemas/messages.ts';
import { draftKey } from './draftKey.ts';

const file = (name: string) => new File(['x'], name, { type: 'image/png', lastModified: 1 });

describe('draftKey', () => {
  it('reuses the key for the same text and images, and makes a new one when either changes', () => {
    const first = draftKey(null, 'hello', [file('a.png')]);
    expect(clientKeyField.safeParse(first.key).success).toBe(true);
    expect(draftKey(first, 'hello', [file('a.png')]).key).toBe(first.key);
    expect(draftKey(first, 'hello!', [file('a.png')]).key).not.toBe(first.key);
    expect(draftKey(first, 'hello', [file('b.png')]).key).not.toBe(first.key);
    expect(draftKey(first, 'hello', []).key).not.toBe(first.key);
  });
});
