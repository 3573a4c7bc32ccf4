import ipaddr from 'ipaddr.js';

/**
 * The key under which per-address limits count a client: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address is the same client), an IPv6 address by its /64, because one
 * subscriber gets a whole /64 and could otherwise rotate through it for free.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return `raw:${ip.slice(0, 64)}`;
  }
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
