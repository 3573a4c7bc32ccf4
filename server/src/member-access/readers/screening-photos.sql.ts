import { PHOTO_HASH_MATCH_BITS } from '@app/contract';
import { Prisma } from '../../generated/prisma/client';

/*
 * The photo pre-screening's reads of photos (photo-screening/): system reads, no member's view
 * of another: the stored file the worker scores, and the waiting photos a hash just kept for
 * abuse flags. Here because every read of the photos table lives in member-access.
 */

/** What the worker needs to score one row: the stored file of its photo or chat photo. */
export const screeningFileStatement = (id: number) => Prisma.sql`
  SELECT s.id, s.scored_at AS "scoredAt", f.filename AS "photoFile",
         m.image_filename AS "chatFile"
  FROM photo_screenings s
  LEFT JOIN photos f ON f.id = s.photo_id
  LEFT JOIN messages m ON m.id = s.message_id
  WHERE s.id = ${id}`;

/** Flags the waiting photos that match a hash just kept (uploaded before it was rejected). */
export const flagWaitingMatchesStatement = (hash: bigint) => Prisma.sql`
  UPDATE photo_screenings s SET abuse_match = true
  FROM photos f
  WHERE f.id = s.photo_id AND f.status = 'under_inspection' AND NOT s.abuse_match
    AND bit_count((s.hash # ${hash}::bigint)::bit(64)) <= ${PHOTO_HASH_MATCH_BITS}`;
