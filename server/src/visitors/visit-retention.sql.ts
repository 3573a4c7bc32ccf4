import { Prisma } from '../generated/prisma/client';
import { utcTimestamp } from '../prisma/pg-types';

/**
 * Deletes up to `batch` visits made before `before` (the retention), by the created_at index;
 * batched so one run never holds many rows locked.
 */
export function purgeOldVisits(before: Date, batch: number): Prisma.Sql {
  return Prisma.sql`DELETE FROM profile_visits WHERE ctid = ANY(ARRAY(
    SELECT ctid FROM profile_visits WHERE created_at < ${utcTimestamp(before)}::timestamp LIMIT ${batch}))`;
}
