import { Prisma } from '../generated/prisma/client';

/**
 * Locks the profile's row until the transaction ends (an update that changes nothing), so
 * concurrent uploads of one member count their photos one after the other (run through
 * executeStatement, server/src/prisma/sql.ts).
 */
export function lockProfileStatement(profileId: number): Prisma.Sql {
  return Prisma.sql`UPDATE profiles SET updated_at = updated_at WHERE id = ${profileId}`;
}
