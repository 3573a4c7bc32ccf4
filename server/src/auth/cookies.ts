import { parse as parseCookies } from 'cookie';
import type { CookieOptions, Response } from 'express';
import { AUTH_COOKIE } from '@app/contract';

/** The trusted-browser cookie (see TrustedDevices); sent only to the API. */
export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_PATH = '/api';

function options(expires: Date, secure: boolean, path = '/'): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, expires, path };
}

/** The session cookie: httpOnly, SameSite=Lax, Secure on an https site, 30 days. */
export function setSessionCookie(res: Response, token: string, expiresAt: Date, secure: boolean) {
  res.cookie(AUTH_COOKIE, token, options(expiresAt, secure));
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(AUTH_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export function setDeviceCookie(res: Response, token: string, expiresAt: Date, secure: boolean) {
  res.cookie(DEVICE_COOKIE, token, options(expiresAt, secure, DEVICE_COOKIE_PATH));
}

/** A cookie of the request, if it has one (read from the header when asked, not per request). */
export function cookieOf(req: { headers: { cookie?: string } }, name: string): string | undefined {
  const header = req.headers.cookie;
  return header ? parseCookies(header)[name] : undefined;
}
