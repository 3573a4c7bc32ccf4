import type { Request } from 'express';
import type { Language } from '@app/contract';

/** What a request carries once the session middleware has run. */
export interface SessionOnRequest {
  id: string;
  userId: number;
  user: { roles: string[]; language: string };
}

/** A request after the current-session middleware: the member's session, if any. */
export interface AuthedRequest<S extends SessionOnRequest = SessionOnRequest> extends Request {
  session?: S;
  language?: Language;
}

/** A request header's first value. */
export function headerValue(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The country a GeoIP-aware proxy (Cloudflare, or our nginx) put on the request, as sent. */
export function geoipHeader(req: Request): string | undefined {
  return headerValue(req, 'cf-ipcountry') ?? headerValue(req, 'x-geoip-country');
}

/**
 * The GeoIP header as an ISO country code, or undefined for none and for the proxies'
 * placeholders (Cloudflare's XX unknown, T1 Tor).
 */
export function geoipCountry(req: Request): string | undefined {
  const code = geoipHeader(req)?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : undefined;
}
