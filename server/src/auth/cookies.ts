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
/**
 * The browser cookie: a random token that stays with this browser (two years), whoever logs in,
 * so that accounts made in one browser are known as one person's (server/src/account-links).
 * Sent only to the API.
 */
export const BROWSER_COOKIE = 'browser';
export const BROWSER_COOKIE_DAYS = 730;

export function setBrowserCookie(res: Response, token: string, secure: boolean, now = Date.now()) {
  const expires = new Date(now + BROWSER_COOKIE_DAYS * 86_400_000);
  res.cookie(BROWSER_COOKIE, token, options(expires, secure, DEVICE_COOKIE_PATH));
}

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
