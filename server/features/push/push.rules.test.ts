import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS } from '../../config.ts';
import { previewOf, pushEndpointTarget, pushHostAllowed } from './push.rules.ts';

describe('pushHostAllowed', () => {
  it('takes the browsers’ push services over https, nothing else', () => {
    expect(pushHostAllowed('https://fcm.googleapis.com/fcm/send/abc', DEFAULT_PUSH_HOSTS)).toBe(true);
    expect(pushHostAllowed('https://updates.push.services.mozilla.com/wpush/v2/x', DEFAULT_PUSH_HOSTS)).toBe(true);
    expect(pushHostAllowed('https://wns2-by3p.notify.windows.com/w/?token=x', DEFAULT_PUSH_HOSTS)).toBe(true);
    expect(pushHostAllowed('https://web.push.apple.com/QGx', DEFAULT_PUSH_HOSTS)).toBe(true);
    expect(pushHostAllowed('http://fcm.googleapis.com/fcm/send/abc', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(pushHostAllowed('https://notify.windows.com.evil.example/x', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(pushHostAllowed('https://evilnotify.windows.com/x', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(pushHostAllowed('https://notify.windows.com/x', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(pushHostAllowed('https://fcm.googleapis.com.evil.example/x', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(pushHostAllowed('https://169.254.169.254/', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(pushHostAllowed('not a url', DEFAULT_PUSH_HOSTS)).toBe(false);
  });

  it('an entry with a port allows that port only', () => {
    expect(pushHostAllowed('https://127.0.0.1:4443/push/a', ['127.0.0.1:4443'])).toBe(true);
    expect(pushHostAllowed('https://127.0.0.1:4444/push/a', ['127.0.0.1:4443'])).toBe(false);
    expect(pushHostAllowed('https://127.0.0.1/push/a', ['127.0.0.1:443'])).toBe(true);
    expect(pushHostAllowed('https://127.0.0.1:9/push/a', ['127.0.0.1'])).toBe(true);
  });
});

describe('previewOf', () => {
  it('one line, cut with an ellipsis at the limit, counting characters not UTF-16 units', () => {
    expect(previewOf('  Hi\n\nthere  ', 140)).toBe('Hi there');
    expect(previewOf('abcdef', 4)).toBe('abc…');
    expect(previewOf('✈✈✈✈✈', 5)).toBe('✈✈✈✈✈');
    expect(previewOf('✈✈✈✈✈✈', 5)).toBe('✈✈✈✈…');
  });
});

describe('pushEndpointTarget', () => {
  it('is the host both URL parsers read, or nothing when they read two hosts (docs/decisions/0019)', () => {
    expect(pushEndpointTarget('https://wns2-by3p.notify.windows.com/w/?token=x')).toEqual({
      host: 'wns2-by3p.notify.windows.com',
      port: 443,
    });
    expect(pushEndpointTarget('https://127.0.0.1:4443/push/a')).toEqual({ host: '127.0.0.1', port: 4443 });
    // new URL() reads localhost.notify.windows.com; url.parse(), which web-push connects with, reads localhost.
    expect(pushEndpointTarget('https://localhost%2Enotify.windows.com/x')).toBeUndefined();
    expect(pushEndpointTarget('https://127.0.0.1;.notify.windows.com/')).toBeUndefined();
    expect(pushEndpointTarget('https://a_b.notify.windows.com/')).toBeUndefined();
    expect(pushEndpointTarget('https://[::1]/x')).toBeUndefined();
    expect(pushEndpointTarget('https://a.notify.windows.com\\@127.0.0.1/')).toEqual({ host: 'a.notify.windows.com', port: 443 });
  });

  it('so the allowlist refuses both reproductions in docs/decisions/0019', () => {
    expect(pushHostAllowed('https://localhost%2Enotify.windows.com/x', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(pushHostAllowed('https://127.0.0.1;.notify.windows.com/', DEFAULT_PUSH_HOSTS)).toBe(false);
  });
});
