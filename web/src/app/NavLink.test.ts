// The main navigation's active link, as React Router's NavLink decided it (app/NavLink.tsx).
import { describe, expect, it } from 'vitest';
import { isActivePath } from './NavLink.tsx';

describe('isActivePath', () => {
  it('an `end` link is active on its own path only', () => {
    expect(isActivePath('/', '/', true)).toBe(true);
    expect(isActivePath('/', '/all-trades', true)).toBe(false);
  });

  it('a link is active on its path and the paths below it, not on a longer name', () => {
    expect(isActivePath('/admin-panel', '/admin-panel')).toBe(true);
    expect(isActivePath('/admin-panel', '/admin-panel/users')).toBe(true);
    expect(isActivePath('/all-trades', '/all-trades/')).toBe(true);
    expect(isActivePath('/trades', '/trades-archive')).toBe(false);
    expect(isActivePath('/matches', '/all-trades')).toBe(false);
  });

  it('ignores case, as the routes do', () => {
    expect(isActivePath('/all-trades', '/All-Trades')).toBe(true);
  });
});
