import type { Prisma } from '../generated/prisma/client';
import { ADVISORY_LOCK, lockPairStatement, lockStatement } from '../prisma/advisory-locks';
import { executeStatement, queryRows } from '../prisma/sql';

/**
 * In the caller's transaction: locks the chat of these members (ADVISORY_LOCK.CHAT, lowest id
 * first, so two transactions never wait for each other in a circle) until it ends. Every
 * transaction that gives a message its seq holds the locks of both participants, so the messages
 * of one member commit in the order of their seqs: a client that caught up to seq N has every
 * message of its member up to N, and catch-up never skips one committed later with a lower seq.
 * The sender's lock also makes counting the conversations a free member started and adding one
 * atomic.
 */
export async function lockChats(tx: Prisma.TransactionClient, userIds: number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 2) {
    // one round trip
    await queryRows(tx, lockPairStatement(ADVISORY_LOCK.CHAT, ids[0], ids[1]));
    return;
  }
  for (const id of ids) await executeStatement(tx, lockStatement(ADVISORY_LOCK.CHAT, id));
}
