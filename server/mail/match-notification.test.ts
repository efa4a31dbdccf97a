import { describe, expect, it } from 'vitest';
import type { MatchItem, TradeRequestItem } from '#protocol/shapes.ts';
import { actionLabel, displayDate, displayPosition, matchNotificationVars } from './match-notification.ts';

describe('match mail formatting', () => {
  it('names the action', () => {
    expect([actionLabel('drop'), actionLabel('pickup'), actionLabel('trade')]).toEqual(['drop', 'pick up', 'trade']);
  });

  it('formats dates and positions as the product shows them', () => {
    expect(displayDate('2025-01-05')).toBe('Jan 5, 2025');
    expect(displayPosition('first_officer')).toBe('First officer');
    expect(displayPosition(null)).toBe('');
  });

  it('fills the template variables for the recipient, their request first', () => {
    const request = (over: Partial<TradeRequestItem>) => ({ route: null, reservePeriod: null, ...over }) as TradeRequestItem;
    const item = {
      request: request({ type: 'pickup', date: '2025-01-05', route: 'P100' }),
      matchedRequest: request({ type: 'drop', date: '2025-01-05', reservePeriod: 'R1' }),
    } as MatchItem;
    const person = { base: 'ATL', position: 'first_officer', employeeNumber: 'E9' };
    expect(
      matchNotificationVars(item, { ...person, firstName: null, lastName: null }, { ...person, firstName: 'Sam', lastName: 'Lee' }),
    ).toEqual({
      recipientName: 'there',
      matchedUserName: 'Sam Lee',
      userAction: 'pick up',
      userRoute: 'P100',
      userDate: 'Jan 5, 2025',
      matchedAction: 'drop',
      matchedRoute: 'R1',
      matchedDate: 'Jan 5, 2025',
      matchedBase: 'ATL',
      matchedPosition: 'First officer',
      matchedEmployeeNumber: 'E9',
    });
  });

  it('names the match’s own days, not the reader’s first date', () => {
    const request = (over: Partial<TradeRequestItem>) =>
      ({ route: null, reservePeriod: null, additionalDates: [], desiredDates: [], ...over }) as TradeRequestItem;
    const person = { base: 'ATL', position: 'captain', employeeNumber: 'E1', firstName: 'A', lastName: 'B' };
    const pickup = request({ type: 'pickup', date: '2026-12-20', additionalDates: ['2026-12-21', '2026-12-22', '2026-12-23'] });
    const on = (date: string, additionalDates: string[] = []) =>
      matchNotificationVars(
        { request: pickup, matchedRequest: request({ type: 'drop', date, additionalDates }) } as MatchItem,
        person,
        person,
      );
    expect(on('2026-12-22')).toMatchObject({ userDate: 'Dec 22, 2026', matchedDate: 'Dec 22, 2026' });
    expect(on('2026-12-21', ['2026-12-22', '2026-12-30'])).toMatchObject({ userDate: 'Dec 21-22, 2026' });
  });
});
