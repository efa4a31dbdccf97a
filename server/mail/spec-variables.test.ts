import { describe, expect, it } from 'vitest';
import { withSpecVariables } from './spec-variables.ts';

describe('withSpecVariables', () => {
  const match = {
    recipientName: 'Bo',
    matchedUserName: 'Ann',
    userRoute: 'ANY',
    userDate: 'Mar 4, 2099',
    matchedBase: 'ATL',
    matchedPosition: 'Captain',
    matchedEmployeeNumber: 'A1',
  };

  it('gives a match mail the spec’s general names: the colleague and the reader’s own trip and day', () => {
    expect(withSpecVariables('match_notification', match)).toMatchObject({
      senderName: 'Ann',
      base: 'ATL',
      position: 'Captain',
      employeeNumber: 'A1',
      route: 'ANY',
      date: 'Mar 4, 2099',
    });
  });

  it('keeps what a builder filled itself, and leaves other templates as they are', () => {
    expect(withSpecVariables('match_notification', { ...match, date: 'its own' }).date).toBe('its own');
    const offer = { senderName: 'Liam' };
    expect(withSpecVariables('drop_trade_request', offer)).toBe(offer);
  });
});
