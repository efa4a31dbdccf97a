import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-address.ts';

describe('addresses a subscription may not reach', () => {
  it.each([
    '127.0.0.1',
    '127.255.1.2',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '[::1]',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:0808:0808::1'])(
    'allows the public %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

/** The two 16-bit groups of an IPv4 address, in hex. */
function hexGroups(ipv4: string, xor = 0): [string, string] {
  const [a, b, c, d] = ipv4.split('.').map(Number) as [number, number, number, number];
  return [(((a << 8) | b) ^ xor).toString(16), (((c << 8) | d) ^ xor).toString(16)];
}

/** Every IPv6 form that carries an IPv4 address, by name. */
function carriers(ipv4: string): Record<string, string> {
  const [hi, lo] = hexGroups(ipv4);
  const [teredoHi, teredoLo] = hexGroups(ipv4, 0xffff);
  return {
    'mapped, dotted': `::ffff:${ipv4}`,
    'mapped, hex': `::ffff:${hi}:${lo}`,
    'mapped, written out': `0000:0000:0000:0000:0000:ffff:${ipv4}`,
    'compatible, dotted': `::${ipv4}`,
    'compatible, hex': `::${hi}:${lo}`,
    'SIIT, dotted': `::ffff:0:${ipv4}`,
    'SIIT, hex': `::ffff:0:${hi}:${lo}`,
    'NAT64, dotted': `64:ff9b::${ipv4}`,
    'NAT64, hex': `64:ff9b::${hi}:${lo}`,
    'local-use NAT64, dotted': `64:ff9b:1::${ipv4}`,
    'local-use NAT64, hex': `64:ff9b:1::${hi}:${lo}`,
    '6to4': `2002:${hi}:${lo}::1`,
    '6to4, subnet': `2002:${hi}:${lo}:5:0:0:0:1`,
    // Server 65.54.227.120 (public), cone flag, port 40000 obscured; the client IPv4 obscured (XOR 0xffff).
    Teredo: `2001:0:4136:e378:8000:63bf:${teredoHi}:${teredoLo}`,
  };
}

/** Each address as given, bracketed, upper case, with a zone id, and bracketed with a zone id. */
function spellings(forms: Record<string, string>): [string, string][] {
  return Object.entries(forms).flatMap(([name, address]) => [
    [name, address],
    [`${name}, bracketed`, `[${address}]`],
    [`${name}, upper case`, address.toUpperCase()],
    [`${name}, zone id`, `${address}%eth0`],
    [`${name}, bracketed with zone id`, `[${address}%eth0]`],
  ]);
}

describe('IPv4 carried in IPv6', () => {
  describe.each(['127.0.0.1', '10.0.0.1', '169.254.169.254', '192.168.1.1'])('the private %s', (ipv4) => {
    it.each(spellings(carriers(ipv4)))('is refused %s: %s', (_form, address) => {
      expect(isPrivateAddress(address)).toBe(true);
    });
  });

  describe('the public 8.8.8.8', () => {
    // IPv4-compatible addresses are deprecated (RFC 4291) and nothing is served from them; the
    // local-use NAT64 prefix leads to a translator inside some network, not to the public address.
    const refused = (form: string) => form.startsWith('compatible') || form.startsWith('local-use');
    const forms = Object.entries(carriers('8.8.8.8'));

    it.each(spellings(Object.fromEntries(forms.filter(([form]) => !refused(form)))))('is allowed %s: %s', (_form, address) => {
      expect(isPrivateAddress(address)).toBe(false);
    });

    it.each(spellings(Object.fromEntries(forms.filter(([form]) => refused(form)))))('is refused %s: %s', (_form, address) => {
      expect(isPrivateAddress(address)).toBe(true);
    });
  });

  it.each([
    ['the RFC 4380 example (client 192.0.2.45, documentation)', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['a private Teredo server (10.0.0.1), public client', `2001:0:a00:1:8000:63bf:${hexGroups('8.8.8.8', 0xffff).join(':')}`],
  ])('refuses Teredo with %s', (_why, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ['::0.0.0.1', 'loopback written as compatible'],
    ['::0.0.0.0', 'unspecified written as compatible'],
    ['0:0:0:0:0:0:0:1', 'loopback written out'],
    ['::ffff:0.0.0.0', 'mapped 0.0.0.0'],
    ['::ffff:0:0:7f00:1', 'reserved ::/8, no known form'],
    ['::1:0:0:0', 'reserved ::/8'],
    ['64:ff9b:1:ffff::1', 'local-use NAT64, anywhere in the /48'],
    ['2001:db8::1', 'documentation'],
    ['100::1', 'discard'],
    ['fec0::1', 'site-local'],
    ['FE80::1%eth0', 'link-local, upper case, zone id'],
    ['[fe80::1%eth0]', 'link-local, bracketed, zone id'],
    ['febf:ffff::1', 'link-local, top of fe80::/10'],
    ['fdff:ffff::1', 'unique local, top of fc00::/7'],
    ['ff0e::1', 'global multicast'],
  ])('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
});

describe('what new URL() makes of an address in a subscription', () => {
  // The WHATWG parser (Node 24) rewrites every embedded dotted quad as two hex groups.
  it.each([
    ['[::ffff:0:127.0.0.1]', '[::ffff:0:7f00:1]'],
    ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]'],
    ['[0:0:0:0:0:ffff:169.254.169.254]', '[::ffff:a9fe:a9fe]'],
    ['[::FFFF:192.168.1.1]', '[::ffff:c0a8:101]'],
    ['[::ffff:0:169.254.169.254]', '[::ffff:0:a9fe:a9fe]'],
    ['[::127.0.0.1]', '[::7f00:1]'],
    ['[::169.254.169.254]', '[::a9fe:a9fe]'],
    ['[::0.0.0.1]', '[::1]'],
    ['[64:ff9b::127.0.0.1]', '[64:ff9b::7f00:1]'],
    ['[64:ff9b:1::10.0.0.1]', '[64:ff9b:1::a00:1]'],
    ['[2002:c0a8:0101::1]', '[2002:c0a8:101::1]'],
    ['[0:0:0:0:0:0:0:1]', '[::1]'],
  ])('refuses %s, which it writes %s', (written, normalised) => {
    const { hostname } = new URL(`https://${written}/roster.ics`);
    expect(hostname).toBe(normalised);
    expect(isPrivateAddress(hostname)).toBe(true);
    expect(isPrivateAddress(hostname.slice(1, -1))).toBe(true);
  });

  it.each([
    ['[::ffff:8.8.8.8]', '[::ffff:808:808]'],
    ['[::ffff:0:8.8.8.8]', '[::ffff:0:808:808]'],
    ['[64:ff9b::8.8.8.8]', '[64:ff9b::808:808]'],
    ['[2606:4700:4700:0:0:0:0:1111]', '[2606:4700:4700::1111]'],
  ])('allows %s, which it writes %s', (written, normalised) => {
    const { hostname } = new URL(`https://${written}/roster.ics`);
    expect(hostname).toBe(normalised);
    expect(isPrivateAddress(hostname)).toBe(false);
  });
});

describe('ordinary public IPv6', () => {
  it.each([
    '2606:4700:4700::1111',
    '[2606:4700:4700::1111]',
    '2606:4700:4700::1111%eth0',
    '2606:4700:4700:0000:0000:0000:0000:1111',
    '2001:4860:4860::8888',
    '2A00:1450:4001:81B::200E',
    '2001:db9::1',
    '2003::1',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('anything that is not an IP address', () => {
  it.each([
    '',
    'localhost',
    'example.com',
    'roster.crewtrade.example',
    '[]',
    '[::1',
    '::1]',
    '[2606:4700:4700::1111',
    '2606:4700:4700::1111]',
    '[[2606:4700:4700::1111]]',
    '[8.8.8.8]',
    '8.8.8.8%eth0',
    ' 8.8.8.8',
    '8.8.8.8 ',
    '127.1',
    '0x7f000001',
    '2130706433',
    '010.0.0.1',
    '1::2::3',
    ':::1',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7:1.2.3.4',
    '::ffff:1.2.3',
    '::ffff:256.0.0.1',
    '12345::1',
    'fe80::1%',
    'g::1',
  ])('refuses %j', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
});
