import { Prisma } from '../generated/prisma/client';

/**
 * The moderation's row locks in SQL (run through queryRows, server/src/prisma/sql.ts, in
 * Prisma's transaction): FOR UPDATE, which Prisma cannot take, so two moderators hiding one
 * member's text or photo (or an appeal showing it again) run one after the other.
 */

/** A member's "about me". */
export interface LockedAboutRow {
  about: string | null;
}

/** Locks a member's profile for hiding their "about me" (none: no row). */
export function lockAboutStatement(userId: number): Prisma.Sql {
  return Prisma.sql`
      SELECT about FROM profiles WHERE user_id = ${userId} FOR UPDATE`;
}

/** A photo's file and state. */
export interface LockedPhotoRow {
  filename: string;
  status: string;
  profileId: number;
}

/** Locks a photo for rejecting it, or showing it again (none: no row). */
export function lockPhotoStatement(photoId: number): Prisma.Sql {
  return Prisma.sql`
      SELECT filename, status::text AS status, profile_id AS "profileId"
      FROM photos WHERE id = ${photoId} FOR UPDATE`;
}
