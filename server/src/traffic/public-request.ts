import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The address ranges a call to the outside never goes to (ipaddr.js's names). */
const PUBLIC_RANGES = new Set(['unicast']);

/** Whether an address is an ordinary public one (not loopback, private, link-local, ...). */
export function isPublicAddress(address: string): boolean {
  try {
    return PUBLIC_RANGES.has(ipaddr.process(address).range());
  } catch {
    return false;
  }
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, not a public address`);
  }
}

/**
 * A DNS lookup that refuses any answer that is not a public address: used as the connection's
 * own lookup, so the address checked is the address connected to (a name that resolves to a
 * public address when checked and to 127.0.0.1 when connecting cannot slip through).
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found) => {
    if (error) return callback(error, '', 0);
    const addresses = found as LookupAddress[];
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      return callback(new PrivateAddressError(hostname, refused?.address ?? 'nothing'), '', 0);
    }
    if (options.all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};

/**
 * One GET to the outside: no redirects followed, the body discarded, answered with the status.
 * Unless `allowPrivate`, the host must resolve to public addresses only (an IP literal too).
 */
export function getStatus(
  url: URL,
  {
    timeoutMs,
    allowPrivate,
    headers,
  }: { timeoutMs: number; allowPrivate: boolean; headers: Record<string, string> },
): Promise<number> {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(literal) && !isPublicAddress(literal)) {
    return Promise.reject(new PrivateAddressError(url.hostname, literal));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { headers, timeout: timeoutMs, ...(allowPrivate ? {} : { lookup: publicLookup }) },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}
