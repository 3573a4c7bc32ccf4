import { clientKey } from './client-address';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 client it is', () => {
    expect(clientKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const a = clientKey('2001:db8:abcd:12::1');
    const b = clientKey('2001:0db8:abcd:0012:ffff:ffff:ffff:fffe');
    expect(a).toBe('2001:db8:abcd:12::/64');
    expect(b).toBe(a);
    expect(clientKey('2001:db8:abcd:13::1')).not.toBe(a);
  });

  it('gives an unparsable or missing address a key of its own instead of failing', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('not-an-ip')).toBe('raw:not-an-ip');
  });
});
