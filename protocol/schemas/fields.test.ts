import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_MAX, DATE_MIN, ID_MAX } from '../limits.ts';
import { MSG } from '../messages.ts';
import { idField, isIdText, isoDate } from './fields.ts';

const id = idField('bad id');

describe('ids hold what an int4 serial holds (docs/decisions/0019)', () => {
  it('any safe integer is an id exactly when it is 1..2^31-1, as a number or as digits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -5, max: 5 }), fc.integer({ min: ID_MAX - 5, max: ID_MAX + 5 })), (n) => {
        const inRange = n >= 1 && n <= ID_MAX;
        expect(id.safeParse(n).success).toBe(inRange);
        expect(id.safeParse(String(n)).success).toBe(inRange);
        expect(isIdText(String(n))).toBe(inRange);
      }),
    );
  });

  it('what is not a whole number is not an id', () => {
    for (const v of [1.5, 'NaN', 'Infinity', '1e3', ' ', '', null, true, [1], { id: 1 }, '0x10', '-0', Number.NaN]) {
      expect(id.safeParse(v).success, JSON.stringify(v)).toBe(false);
    }
    for (const v of ['1e3', '00000000001', '-1', ' 1', '2147483648', '']) expect(isIdText(v), v).toBe(false);
  });
});

describe('dates hold 2000-01-01..2100-12-31 (docs/decisions/0019)', () => {
  it('any real day of years 0000..9999 is a date exactly when it is in range', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        const r = isoDate.safeParse(day);
        expect(r.success, day).toBe(day >= DATE_MIN && day <= DATE_MAX);
        if (!r.success) expect(r.error.issues[0]?.message).toBe(MSG.dateOutOfRange);
      }),
    );
  });

  it('the edges', () => {
    expect(isoDate.safeParse(DATE_MIN).success).toBe(true);
    expect(isoDate.safeParse(DATE_MAX).success).toBe(true);
    for (const d of ['1999-12-31', '2101-01-01', '0000-01-01', '1899-12-31', '9999-12-31'])
      expect(isoDate.safeParse(d).success, d).toBe(false);
  });
});
