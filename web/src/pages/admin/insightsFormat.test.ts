import { describe, expect, it } from 'vitest';
import { durationText, hours, percent, weekLabel } from './insightsFormat.ts';

describe('the Insights tab’s figures', () => {
  it('names a week by its Monday', () => {
    expect(weekLabel('2026-11-23')).toBe('Nov 23');
    expect(weekLabel('2027-01-04')).toBe('Jan 4');
  });

  it('writes a median answer time in words, rounded to the minute', () => {
    expect(durationText(30 * 60)).toBe('30 min');
    expect(durationText(2 * 3600)).toBe('2 h');
    expect(durationText(2.5 * 3600)).toBe('2 h 30 min');
    expect(durationText(3 * 86400)).toBe('3 d');
    expect(durationText(3 * 86400 + 4 * 3600 + 59)).toBe('3 d 4 h');
    expect(durationText(29)).toBe('0 min');
  });

  it('writes shares as whole percents and axis hours with at most one decimal', () => {
    expect([percent(0.75), percent(1 / 3), percent(0)]).toEqual(['75%', '33%', '0%']);
    expect([hours(0), hours(2.5), hours(0.30000000000000004)]).toEqual(['0 h', '2.5 h', '0.3 h']);
  });
});
