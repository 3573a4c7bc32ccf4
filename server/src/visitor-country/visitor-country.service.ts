import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { CountryDatabase } from './country-database';

/** Express's compiled `trust proxy` (app.ts sets it from TRUST_PROXY). */
type TrustProxy = (address: string, hop: number) => boolean;

/** The country headers of a GeoIP-aware proxy: Cloudflare's, and the usual nginx/Caddy name. */
export const COUNTRY_HEADERS = ['cf-ipcountry', 'x-geoip-country'] as const;

/**
 * The country a request comes from (the entry warning, the visitor's prices and payment methods
 * through the settings' geoip_country, the sessions list's place). A country header
 * (CF-IPCountry, X-GeoIP-Country) is believed only when the request's direct peer is a proxy
 * TRUST_PROXY trusts: anyone else could write it. Otherwise, and when a trusted proxy sets none,
 * the client's address (req.ip, after the trusted proxies' X-Forwarded-For) is looked up in the
 * country database. Unknown (a private or loopback address, as on a development machine):
 * undefined, and the caller falls back (the settings: the domain language's country, NL).
 *
 * The database is read once (open(), at the HTTP process's start; the worker never reads it)
 * and a request is looked up only where its country is used, at most once.
 */
@Injectable()
export class VisitorCountry {
  private database?: CountryDatabase;
  private readonly answers = new WeakMap<Request, string | null>();

  /** The country database, read now if it was not yet (rather than at the first lookup). */
  open(): CountryDatabase {
    return (this.database ??= CountryDatabase.open());
  }

  /** The request's country as an ISO code, or undefined when it is not known. */
  of(req: Request): string | undefined {
    let answer = this.answers.get(req);
    if (answer === undefined) {
      answer = this.find(req) ?? null;
      this.answers.set(req, answer);
    }
    return answer ?? undefined;
  }

  private find(req: Request): string | undefined {
    const peer = req.socket.remoteAddress;
    // the function Express's req.ip itself asks (X-Forwarded-For is read the same way)
    const trust = req.app.get('trust proxy fn') as TrustProxy | undefined;
    if (peer && trust?.(peer, 0)) {
      const header = headerCountry(req);
      if (header) return header;
    }
    return this.open().countryOf(req.ip);
  }
}

/**
 * A country header as an ISO code, or undefined for none and for the proxies' placeholders
 * (Cloudflare's XX unknown, T1 Tor: the address is looked up instead).
 */
function headerCountry(req: Request): string | undefined {
  for (const name of COUNTRY_HEADERS) {
    const value = req.headers[name];
    const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
    if (code) return /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : undefined;
  }
  return undefined;
}
