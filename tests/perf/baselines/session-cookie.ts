/**
 * What every session-reading baseline does first, as the app does: the `sid` cookie of a Cookie
 * header (as cookie-parser would give it) and its SHA-256, the `token_hash` sessions are kept by.
 */
import { createHash } from 'node:crypto';

export function sessionTokenHash(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const pair = part.trim();
    if (pair.startsWith('sid=')) {
      const value = pair.slice(4);
      const token = value.includes('%') ? decodeURIComponent(value) : value;
      return createHash('sha256').update(token).digest('hex');
    }
  }
  return undefined;
}
