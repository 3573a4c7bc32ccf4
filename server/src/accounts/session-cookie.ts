import type { Response } from 'express';
import { AUTH_COOKIE } from '../common/constants';

/** The session cookie: httpOnly, SameSite=Lax, Secure in production, 30 days. */
export function setSessionCookie(res: Response, token: string, expiresAt: Date, secure: boolean) {
  res.cookie(AUTH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
    path: '/',
  });
}
