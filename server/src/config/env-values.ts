import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * The value types of the environment's variables that need more than zod's own: the proxies to
 * trust, an optional variable that may be set empty, and base64url keys.
 */

/** Express `trust proxy` keywords that name address ranges (proxy-addr). */
const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: which reverse proxies may tell us the client's address (X-Forwarded-For).
 * `false` (or 0): none, the socket's address is the client. A number: that many proxies in front
 * of us, each appending the address it saw (behind one proxy: 1). Otherwise a comma list of the
 * proxies' addresses or CIDR ranges (or loopback, linklocal, uniquelocal). Never "trust every
 * hop": the left-most X-Forwarded-For entry is whatever the client wrote.
 */
export const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim().toLowerCase();
    if (text === '' || text === 'false' || text === '0') return false;
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would trust every X-Forwarded-For entry, which clients can forge: ' +
          'give the number of proxies in front of the app (e.g. 1) or their addresses',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !PROXY_KEYWORDS.has(entry) && !isAddressOrRange(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: "${bad}" is neither a hop count nor an IP address or CIDR range`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** An optional variable where an empty value (compose's `${X:-}`) means "not set". */
export const unsetWhenEmpty = <T extends z.ZodType>(inner: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), inner.optional());

/** Bytes of a base64url text (-1 when it is not one). */
export function base64urlBytes(value: string): number {
  return /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

function isAddressOrRange(value: string): boolean {
  try {
    if (value.includes('/')) ipaddr.parseCIDR(value);
    else ipaddr.parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * REDIS_SENTINELS: a comma list of host:port (IPv6 addresses in brackets), at least one; three
 * or more in production, so that a majority still agrees when one is lost.
 */
export const redisSentinels = z.string().transform((value, ctx) => {
  const sentinels: { host: string; port: number }[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(entry);
    const port = Number(match?.[2]);
    if (!match || port < 1 || port > 65535) {
      ctx.addIssue({
        code: 'custom',
        message: `REDIS_SENTINELS: "${entry}" is not host:port (e.g. sentinel-1:26379)`,
      });
      return z.NEVER;
    }
    sentinels.push({ host: match[1].replace(/^\[|\]$/g, ''), port });
  }
  return sentinels;
});
