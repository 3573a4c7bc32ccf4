import { Injectable } from '@nestjs/common';
import type { PhotoStatus, ReviewedTextField } from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { InspectionReads, type InspectionKind } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { utcTimestamp } from '../prisma/pg-types';
import { queryRows } from '../prisma/sql';
import { CLAIM_SQL, lockDecidedPhotoStatement, lockDecidedTextStatement } from './claims.sql';

/** A photo as a decision needs it, locked in the deciding transaction. */
export interface LockedPhoto {
  id: number;
  filename: string;
  profileId: number;
  userId: number;
  status: PhotoStatus;
  rejectedReason: string | null;
  moderatedById: number | null;
  moderatedAt: Date | null;
  claimedById: number | null;
  claimedUntil: Date | null;
  mainPhotoId: number | null;
  /** When it was uploaded (a statement of reasons' handling time starts there). */
  createdAt: Date;
  /** Every photo of the profile, in order (to choose a main photo). */
  photos: { id: number; status: PhotoStatus }[];
}

/** A text review as a decision needs it, locked in the deciding transaction. */
export interface LockedText {
  id: number;
  profileId: number;
  userId: number;
  field: ReviewedTextField;
  previous: string | null;
  text: string | null;
  /** Not shown until approved (the signup text). */
  held: boolean;
  status: string;
  reason: string | null;
  claimedById: number | null;
  claimedUntil: Date | null;
  /** The profile's field as it is now. */
  current: string | null;
}

/**
 * The inspection queues' own state changes: the atomic claim of the next item, and the rows a
 * decision locks (the queues, their length and what a moderator sees are member-access's
 * InspectionReads).
 */
@Injectable()
export class InspectionClaims {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: InspectionReads,
  ) {}

  /** Claims the oldest free item (or the moderator's own) for `until`; null when none is left. */
  async claim(
    kind: InspectionKind,
    moderatorId: number,
    exclude: number[],
    now: Date,
    until: Date,
  ): Promise<{ id: number; claimedUntil: Date } | null> {
    const rows = await queryRows(
      this.prisma.pool,
      CLAIM_SQL[kind](moderatorId, utcTimestamp(until), utcTimestamp(now), exclude),
    );
    return rows[0] ? { id: rows[0].id, claimedUntil: rows[0].claimed_until } : null;
  }

  /** Locks a photo (and reads its profile's photos) in a deciding transaction; null: gone. */
  async lockPhoto(tx: Prisma.TransactionClient, photoId: number): Promise<LockedPhoto | null> {
    const rows = await queryRows<Omit<LockedPhoto, 'photos'>>(
      tx,
      lockDecidedPhotoStatement(photoId),
    );
    const row = rows[0];
    if (!row) return null;
    return { ...row, photos: await this.reads.profilePhotos(tx, row.profileId) };
  }

  /** Locks a text review and its profile in a deciding transaction; null: gone. */
  async lockText(tx: Prisma.TransactionClient, reviewId: number): Promise<LockedText | null> {
    const rows = await queryRows<LockedText>(tx, lockDecidedTextStatement(reviewId));
    return rows[0] ?? null;
  }
}
