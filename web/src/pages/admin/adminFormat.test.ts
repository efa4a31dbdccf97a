import { describe, expect, it } from 'vitest';
import { SPEC_TEMPLATE_VARIABLES } from '#protocol/templates.ts';
import {
  capitalised,
  dateAtTime,
  fillTemplate,
  logDetails,
  metadataText,
  monthLabel,
  positionLabel,
  SAMPLE_VALUES,
  truncate,
} from './adminFormat.ts';

describe('admin texts', () => {
  it('labels positions and actions with spaces, capitalised', () => {
    expect(positionLabel('first_officer')).toBe('First Officer');
    expect(positionLabel(null)).toBe('-');
    expect(capitalised('support_response')).toBe('Support Response');
  });

  it('System Activity details: the spec texts, the response truncated, a dash for malformed details', () => {
    expect(logDetails('support_response', '{"supportRequestId":12,"response":"Done"}')).toEqual(['Support Request #12', 'Response: Done']);
    expect(logDetails('user_deleted', '{"deletedAt":"2025-01-05T10:00:00Z"}')).toEqual(['Account permanently deleted']);
    const long = logDetails('support_response', JSON.stringify({ supportRequestId: 3, response: 'x'.repeat(200) }));
    expect(long[1]!.length).toBeLessThanOrEqual('Response: '.length + 80);
    expect(long[1]!.endsWith('…')).toBe(true);
    expect(logDetails('support_response', '{not json')).toEqual(['-']);
    expect(logDetails('user_deleted', null)).toEqual(['-']);
    expect(logDetails('account_suspended', '[1,2]')).toEqual(['-']);
  });

  it('activity metadata: notifications flag, else the first two pairs; malformed shown raw', () => {
    expect(metadataText('{"notificationsEnabled":false,"x":1}')).toBe('Notifications: Disabled');
    expect(metadataText('{"notificationsEnabled":true}')).toBe('Notifications: Enabled');
    expect(metadataText('{"a":1,"b":"two","c":3}')).toBe('a: 1, b: two');
    expect(metadataText('{oops')).toBe('{oops');
    expect(metadataText(null)).toBeNull();
  });

  it('dates as the spec writes them', () => {
    expect(monthLabel('2025-01-01')).toBe('Jan 2025');
    // Support: Submitted and System Activity: Date & Time, both as the spec writes them.
    expect(dateAtTime(new Date(2025, 0, 5, 15, 4).toISOString())).toBe('Jan 5, 2025 at 3:04 PM');
    expect(dateAtTime(new Date(2026, 10, 28, 12, 49).toISOString())).toBe('Nov 28, 2026 at 12:49 PM');
    expect(dateAtTime('not a date')).toBe('not a date');
    expect(truncate('abcdef', 4)).toBe('abc…');
  });

  it('preview fills every sample variable, escaped in HTML and not in the subject', () => {
    expect(fillTemplate('Hi {{recipientName}} from {{ senderName }}', false)).toBe('Hi Jordan Smith from Alex Rivera');
    expect(fillTemplate('<p>{{route}}</p>', true)).toBe('<p>ATL 1234</p>');
    expect(fillTemplate('{{unknown}}', true)).toBe('');
  });

  it('preview has a sample for every variable the templates accept (the spec’s and the offer lines)', () => {
    for (const v of [...SPEC_TEMPLATE_VARIABLES, 'summary', 'youGet', 'youGive', 'yourTrip', 'offeredTrip', 'message']) {
      expect([v, SAMPLE_VALUES[v]]).toEqual([v, expect.any(String)]);
    }
  });
});
