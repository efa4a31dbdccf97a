import { describe, expect, it } from 'vitest';
import { describedBy, errorIdOf, hintIdOf } from './fieldMarkup.ts';

describe('a field’s description', () => {
  it('names the hint, then the message, and nothing when there is neither', () => {
    expect(describedBy('email', true, true)).toBe(`${hintIdOf('email')} ${errorIdOf('email')}`);
    expect(describedBy('email', true, false)).toBe('email-error');
    expect(describedBy('email', false, true)).toBe('email-hint');
    expect(describedBy('email', false, false)).toBeUndefined();
  });
});
