import { describe, expect, it } from 'vitest';
import { isNavigateMessage } from './sw-messages.ts';
import { notificationTarget, payloadOf, strategyFor } from './sw-rules.ts';

const ORIGIN = 'https://crew.example.com';

describe('strategyFor', () => {
  it('never answers for the API, stored files or sockets, even as a navigation', () => {
    expect(strategyFor('/api/auth/user', false)).toBe('network');
    expect(strategyFor('/api/logout', true)).toBe('network');
    expect(strategyFor('/uploads/abc.png', false)).toBe('network');
    expect(strategyFor('/socket.io/', false)).toBe('network');
  });
  it('pages fall back to the shell; hashed assets come from the cache; the rest from the network', () => {
    expect(strategyFor('/matches', true)).toBe('shell');
    expect(strategyFor('/', true)).toBe('shell');
    expect(strategyFor('/assets/main-abc.js', false)).toBe('asset');
    expect(strategyFor('/manifest.webmanifest', false)).toBe('network');
    expect(strategyFor('/sw.js', false)).toBe('network');
  });
});

describe('notificationTarget', () => {
  it('opens the path the push named, in this app only', () => {
    expect(notificationTarget({ url: '/messages?user=7' }, ORIGIN)).toBe(`${ORIGIN}/messages?user=7`);
    expect(notificationTarget({ url: '/trades?tab=requests' }, ORIGIN)).toBe(`${ORIGIN}/trades?tab=requests`);
    expect(notificationTarget({ url: 'https://evil.example/' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget({ url: '//evil.example/x' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget({ url: '/\\evil.example' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget(null, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(notificationTarget({ url: 5 }, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});

describe('payloadOf', () => {
  it('reads the server’s payload, and shows anything else as plain text', () => {
    expect(payloadOf(JSON.stringify({ title: 'T', body: 'B', url: '/matches', tag: 'm' }))).toEqual({
      title: 'T',
      body: 'B',
      url: '/matches',
      tag: 'm',
    });
    expect(payloadOf('hello')).toEqual({ title: 'Crewtrade', body: 'hello', url: '/', tag: 'crewtrade' });
    expect(payloadOf(null)).toEqual({ title: 'Crewtrade', body: '', url: '/', tag: 'crewtrade' });
    expect(payloadOf('{"title":1}').title).toBe('Crewtrade');
  });
});

describe('isNavigateMessage', () => {
  it('knows the worker’s message only', () => {
    expect(isNavigateMessage({ type: 'crewtrade:navigate', url: '/matches' })).toBe(true);
    expect(isNavigateMessage({ type: 'other', url: '/matches' })).toBe(false);
    expect(isNavigateMessage('crewtrade:navigate')).toBe(false);
    expect(isNavigateMessage(null)).toBe(false);
  });
});
