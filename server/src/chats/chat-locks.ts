import type { Prisma } from '../generated/prisma/client';

/** The first key of the chat's advisory locks (two-key form: a key space of its own). */
export const CHAT_LOCK = 11;

/**
 * In the caller's transaction: locks the chat of these members (lowest id first, so two
 * transactions never wait for each other in a circle) until it ends. Every transaction that
 * gives a message its seq holds the locks of both participants, so the messages of one member
 * commit in the order of their seqs: a client that caught up to seq N has every message of its
 * member up to N, and catch-up never skips one committed later with a lower seq. The sender's
 * lock also makes counting the conversations a free member started and adding one atomic.
 */
export async function lockChats(tx: Prisma.TransactionClient, userIds: number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 2) {
    // one round trip; PostgreSQL evaluates a select list from left to right
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(${CHAT_LOCK}::int, ${ids[0]}::int)::text AS a, pg_advisory_xact_lock(${CHAT_LOCK}::int, ${ids[1]}::int)::text AS b`;
    return;
  }
  for (const id of ids) {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(${CHAT_LOCK}::int, ${id}::int)::text AS a`;
  }
}
