import { createHash, randomBytes } from 'node:crypto';
import type { EmailTokenType, Prisma } from '../generated/prisma/client';

/** SHA-256 of a token: the database keeps only this, so a leak of it reveals no usable link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random 256-bit token and the hash the database keeps. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export type ConsumedToken = { id: number; userId: number; newEmail: string | null };

/**
 * Uses a mailed link token, atomically: one conditional UPDATE (unused, not expired, of the
 * expected type) as the first statement of the caller's transaction. Of any number of requests
 * racing with one link, exactly one gets the token; the others get null.
 */
export async function consumeToken(
  tx: Prisma.TransactionClient,
  token: string | undefined,
  type: EmailTokenType,
  now = new Date(),
): Promise<ConsumedToken | null> {
  if (!token) return null;
  const [used] = await tx.emailToken.updateManyAndReturn({
    where: { tokenHash: hashToken(token), type, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
    select: { id: true, userId: true, newEmail: true },
  });
  return used ?? null;
}
