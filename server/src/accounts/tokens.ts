import { randomBytes } from 'node:crypto';
import { hashToken } from './session.service';

/** A random single-use link token and the hash the database keeps. */
export function newEmailToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export const activationPath = (token: string) =>
  `/api/activate.php?token=${encodeURIComponent(token)}`;
export const resetPath = (token: string) => `/reset-password/do?token=${encodeURIComponent(token)}`;
export const mailChangePath = (token: string) =>
  `/mail-change/do?token=${encodeURIComponent(token)}`;
export const reactivationPath = (token: string) =>
  `/api/reactivate.php?token=${encodeURIComponent(token)}`;
