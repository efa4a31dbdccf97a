import { describe, expect, it } from 'vitest';
import { profileBackPath } from './profileBack.ts';

describe('the crew profile Back button', () => {
  it.each([
    ['/profile/7', '?from=messages', '/messages?user=7'],
    ['/crew/7', '?from=messages', '/messages?user=7'],
    ['/profile/7', '?from=matches', '/matches'],
    ['/profile/7', '?from=dashboard', '/'],
    ['/profile/7', '', '/'],
    ['/profile/7', '?from=elsewhere', '/'],
    ['/crew/7', '', '/all-trades'],
    ['/crew/7', '?from=elsewhere', '/all-trades'],
    ['/crew/7', '?from=matches', '/matches'],
    ['/crew/7', '?from=dashboard', '/'],
  ])('%s%s goes to %s', (pathname, search, expected) => {
    expect(profileBackPath(pathname, search, 7)).toBe(expected);
  });
});
