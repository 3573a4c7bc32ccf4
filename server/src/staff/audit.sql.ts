import { Prisma } from '../generated/prisma/client';

/**
 * The audit log's hand-written SQL for an erasure (run through executeStatement,
 * server/src/prisma/sql.ts, in the purge's Prisma transaction): the log's trigger refuses every
 * change unless the transaction-local setting `vonkje.purge` is on, which only SQL sets.
 */

/** Turns the purge setting on or off for the rest of the transaction. */
export function purgeSettingStatement(on: boolean): Prisma.Sql {
  return on
    ? Prisma.sql`SELECT set_config('vonkje.purge', 'on', true)`
    : Prisma.sql`SELECT set_config('vonkje.purge', 'off', true)`;
}

/** Empties the `before`, `after` and `reason` of the log rows about a member. */
export function forgetAuditedMemberStatement(userId: number): Prisma.Sql {
  return Prisma.sql`UPDATE staff_audit_log SET before = NULL, after = NULL, reason = NULL
      WHERE target_user_id = ${userId} AND (before IS NOT NULL OR after IS NOT NULL OR reason IS NOT NULL)`;
}
