import { describe, expect, it } from 'vitest';
import { readSessionToken } from './session-cookie.ts';

describe('reading the session cookie', () => {
  it.each([
    ['crewtrade.sid=abc', 'abc'],
    ['theme=dark; crewtrade.sid=abc; lang=en', 'abc'],
    ['theme=dark;crewtrade.sid=abc', 'abc'],
    ['crewtrade.sid=abc  ', 'abc'],
    // The first of two wins, as browsers send the most specific first.
    ['crewtrade.sid=first; crewtrade.sid=second', 'first'],
    ['crewtrade.sid=a=b', 'a=b'],
    ['crewtrade.sid=a%3Db', 'a=b'],
    ['crewtrade.sid=%E0%A4%A', undefined],
    ['xcrewtrade.sid=abc', undefined],
    ['crewtrade.sid =abc', undefined],
    ['crewtrade.sidx=abc', undefined],
    ['crewtrade.sid', undefined],
    ['', undefined],
  ])('%j gives %j', (header, token) => {
    expect(readSessionToken(header, false)).toBe(token);
  });

  it('over HTTPS reads only the __Host- cookie, so a plain one planted from elsewhere is ignored', () => {
    expect(readSessionToken('crewtrade.sid=planted', true)).toBeUndefined();
    expect(readSessionToken('crewtrade.sid=planted; __Host-crewtrade.sid=mine', true)).toBe('mine');
  });
});
