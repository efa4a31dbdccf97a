import { describe, expect, it } from 'vitest';
import { zonedInstant } from './zoned-time.ts';

describe('wall-clock times in a zone', () => {
  it('reads a time as the zone’s, summer and winter', () => {
    expect(zonedInstant('2099-12-16', '06:00', 'America/New_York').toISOString()).toBe('2099-12-16T11:00:00.000Z');
    expect(zonedInstant('2099-07-16', '06:00', 'America/New_York').toISOString()).toBe('2099-07-16T10:00:00.000Z');
    expect(zonedInstant('2099-12-16', '06:00', 'Asia/Tokyo').toISOString()).toBe('2099-12-15T21:00:00.000Z');
    expect(zonedInstant('2099-12-16', '06:00', 'UTC').toISOString()).toBe('2099-12-16T06:00:00.000Z');
  });
});
