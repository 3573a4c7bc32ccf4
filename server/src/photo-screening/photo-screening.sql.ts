import { PHOTO_HASH_MATCH_BITS } from '@app/contract';
import { Prisma } from '../generated/prisma/client';
import { utcTimestamp } from '../prisma/pg-types';

/*
 * The pre-screening's statements (photo-screening.service.ts). A hash match is a bit count of
 * the XOR of two 64-bit hashes (PostgreSQL 14+: bit_count); the kept hashes of photos rejected
 * for abuse are few, so a new photo is compared with each of them.
 */

/** Whether `hash` is within PHOTO_HASH_MATCH_BITS of a hash kept for abuse. */
const matchesKeptHash = (hash: bigint) => Prisma.sql`EXISTS (
  SELECT 1 FROM abuse_photo_hashes k
  WHERE bit_count((k.hash # ${hash}::bigint)::bit(64)) <= ${PHOTO_HASH_MATCH_BITS})`;

/** A new photo's screening row: its hash, and at once whether it matches a photo kept for abuse. */
export const recordScreeningStatement = (
  target: { photoId: number } | { messageId: number },
  hash: bigint,
) => Prisma.sql`
  INSERT INTO photo_screenings (photo_id, message_id, hash, abuse_match)
  VALUES (${'photoId' in target ? target.photoId : null}::int,
          ${'messageId' in target ? target.messageId : null}::int,
          ${hash}::bigint, ${matchesKeptHash(hash)})
  RETURNING id, abuse_match AS "abuseMatch"`;

/** Keeps the hash of a photo rejected for abuse (its screening's, else `fallback`). */
export const keepAbuseHashStatement = (
  photoId: number,
  fallback: bigint | null,
  reason: string,
  decisionId: bigint,
) => Prisma.sql`
  INSERT INTO abuse_photo_hashes (hash, reason, decision_id)
  SELECT h.hash, ${reason}, ${decisionId}
  FROM (SELECT COALESCE((SELECT hash FROM photo_screenings WHERE photo_id = ${photoId}),
                        ${fallback}::bigint) AS hash) h
  WHERE h.hash IS NOT NULL
  RETURNING hash`;

/** Drops the hashes kept by the photo's decisions (undone, or the photo approved after all). */
export const dropAbuseHashesStatement = (photoId: number) => Prisma.sql`
  DELETE FROM abuse_photo_hashes
  WHERE decision_id IN (
    SELECT id FROM inspection_decisions WHERE kind = 'photo' AND subject_id = ${photoId})`;

/** Screenings the worker never scored (a job lost while Redis was away), oldest first. */
export const unscoredStatement = (before: Date, limit: number) => Prisma.sql`
  SELECT id FROM photo_screenings
  WHERE scored_at IS NULL AND created_at < ${utcTimestamp(before)}::timestamp
  ORDER BY created_at LIMIT ${limit}`;
