import { describe, expect, it } from 'vitest';
import { labelEvery, linearScale, niceTicks } from './chartScale.ts';

describe('niceTicks', () => {
  it('goes from zero to a round top at or above the largest value, in round steps', () => {
    expect(niceTicks(9600)).toEqual([0, 5000, 10000]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
  });

  it('counts never get a fractional tick; an empty chart still has an axis', () => {
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('fractions (a share) get round fractional steps, without float noise', () => {
    expect(niceTicks(1, 4, false)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0.3, 3, false)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(0.7, 4, false)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });
});

describe('linearScale', () => {
  it('maps zero and the top onto the two ends, upwards or sideways', () => {
    const y = linearScale(40, 200, 0);
    expect([y(0), y(20), y(40)]).toEqual([200, 100, 0]);
    const x = linearScale(10, 0, 300);
    expect(x(5)).toBe(150);
    expect(linearScale(0, 0, 100)(0)).toBe(0);
  });
});

describe('labelEvery', () => {
  it('shows every label that fits, else every second or third', () => {
    expect(labelEvery(12, 900, 48)).toBe(1);
    expect(labelEvery(12, 300, 48)).toBe(2);
    expect(labelEvery(12, 180, 48)).toBe(4);
    expect(labelEvery(1, 10, 48)).toBe(1);
  });
});
