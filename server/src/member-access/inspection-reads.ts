import { Injectable } from '@nestjs/common';
import {
  INSPECTION_PAGE,
  type InspectedMember,
  type InspectionStats,
  type PhotoQueueResponse,
  type PhotoStatus,
  type ReviewedTextField,
  type TextQueueResponse,
} from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { ageOn } from '../common/age';
import { PrismaService } from '../prisma/prisma.service';
import { PG_ROW_TYPES, utcTimestamp } from '../prisma/pg-types';
import { PhotoPresenter } from './photo.presenter';
import { isStaff, type Viewer } from './visibility';

type Db = Prisma.TransactionClient | PrismaService;

/** The queue's first page: the oldest photos waiting (index photos(status, created_at)). */
export const PHOTO_QUEUE_SQL = `
SELECT f.id, f.filename, f.created_at, p.id AS profile_id, p.name,
       (f.claimed_until IS NOT NULL AND f.claimed_until > $1) AS claimed
FROM photos f JOIN profiles p ON p.id = f.profile_id
WHERE f.status = 'under_inspection'
ORDER BY f.created_at, f.id
LIMIT ${INSPECTION_PAGE}`;

/** How many photos wait and since when (an index-only scan of the same index). */
export const PHOTO_STATS_SQL = `
SELECT count(*)::int AS waiting, min(created_at) AS oldest_at
FROM photos WHERE status = 'under_inspection'`;

/**
 * Claims the oldest photo nobody else holds, atomically: the row is locked by the inner SELECT
 * (SKIP LOCKED: a moderator claiming at the same moment takes the next one) and re-checked
 * on its newest version before the claim is written, so two moderators never hold one photo.
 */
const CLAIM_PHOTO_SQL = `
UPDATE photos SET claimed_by_id = $1, claimed_until = $2
WHERE id = (
  SELECT id FROM photos
  WHERE status = 'under_inspection'
    AND (claimed_until IS NULL OR claimed_until <= $3 OR claimed_by_id = $1)
    AND NOT (id = ANY($4::int[]))
  ORDER BY created_at, id
  LIMIT 1
  FOR UPDATE SKIP LOCKED)
RETURNING id, claimed_until`;

const CLAIM_TEXT_SQL = `
UPDATE profile_text_reviews SET claimed_by_id = $1, claimed_until = $2
WHERE id = (
  SELECT id FROM profile_text_reviews
  WHERE status = 'waiting'
    AND (claimed_until IS NULL OR claimed_until <= $3 OR claimed_by_id = $1)
    AND NOT (id = ANY($4::int[]))
  ORDER BY created_at, id
  LIMIT 1
  FOR UPDATE SKIP LOCKED)
RETURNING id, claimed_until`;

/** A photo as a decision needs it, locked in the deciding transaction. */
export interface LockedPhoto {
  id: number;
  profileId: number;
  userId: number;
  status: PhotoStatus;
  rejectedReason: string | null;
  moderatedById: number | null;
  moderatedAt: Date | null;
  claimedById: number | null;
  claimedUntil: Date | null;
  mainPhotoId: number | null;
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
  status: string;
  reason: string | null;
  claimedById: number | null;
  claimedUntil: Date | null;
  /** The profile's field as it is now. */
  current: string | null;
}

/**
 * The staff's reads for inspection (photos and profile texts waiting for a moderator): the
 * queues, their length, the atomic claim, the member beside an item, and the rows a decision
 * locks. Staff only: a viewer without a staff role gets 403.
 */
@Injectable()
export class InspectionReads {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
  ) {}

  async photoStats(viewer: Viewer): Promise<InspectionStats> {
    staffOnly(viewer);
    const { rows } = await this.prisma.pool.query<{ waiting: number; oldest_at: Date | null }>({
      name: 'inspection-photo-stats',
      text: PHOTO_STATS_SQL,
      types: PG_ROW_TYPES,
    });
    return statsOf(rows[0]);
  }

  /** The photo queue's length and oldest photo for the figures: counts only, no member's data. */
  async photoQueueLength(): Promise<{ waiting: number; oldestSince: Date | null }> {
    const { rows } = await this.prisma.pool.query<{ waiting: number; oldest_at: Date | null }>({
      name: 'inspection-photo-stats',
      text: PHOTO_STATS_SQL,
      types: PG_ROW_TYPES,
    });
    return { waiting: rows[0]?.waiting ?? 0, oldestSince: rows[0]?.oldest_at ?? null };
  }

  async textStats(viewer: Viewer): Promise<InspectionStats> {
    staffOnly(viewer);
    const { rows } = await this.prisma.pool.query<{ waiting: number; oldest_at: Date | null }>({
      name: 'inspection-text-stats',
      text: `SELECT count(*)::int AS waiting, min(created_at) AS oldest_at
             FROM profile_text_reviews WHERE status = 'waiting'`,
      types: PG_ROW_TYPES,
    });
    return statsOf(rows[0]);
  }

  /** The first page of the photo queue, oldest first, and its length. */
  async photoQueue(viewer: Viewer, now = new Date()): Promise<PhotoQueueResponse> {
    staffOnly(viewer);
    const [page, stats] = await Promise.all([
      this.prisma.pool.query<{
        id: number;
        filename: string;
        created_at: Date;
        profile_id: number;
        name: string;
        claimed: boolean;
      }>({
        name: 'inspection-photo-queue',
        text: PHOTO_QUEUE_SQL,
        values: [utcTimestamp(now)],
        types: PG_ROW_TYPES,
      }),
      this.photoStats(viewer),
    ]);
    return {
      photos: page.rows.map((row) => ({
        id: row.id,
        created_at: row.created_at.toISOString(),
        profile: { id: row.profile_id, name: row.name },
        thumb_url: this.photos.url(row.filename, 'thumb', 'private'),
        claimed: row.claimed,
      })),
      stats,
    };
  }

  async textQueue(viewer: Viewer, now = new Date()): Promise<TextQueueResponse> {
    staffOnly(viewer);
    const [page, stats] = await Promise.all([
      this.prisma.pool.query<{
        id: number;
        field: ReviewedTextField;
        created_at: Date;
        profile_id: number;
        name: string;
        claimed: boolean;
      }>({
        name: 'inspection-text-queue',
        text: `SELECT r.id, r.field, r.created_at, p.id AS profile_id, p.name,
                      (r.claimed_until IS NOT NULL AND r.claimed_until > $1) AS claimed
               FROM profile_text_reviews r JOIN profiles p ON p.id = r.profile_id
               WHERE r.status = 'waiting'
               ORDER BY r.created_at, r.id
               LIMIT ${INSPECTION_PAGE}`,
        values: [utcTimestamp(now)],
        types: PG_ROW_TYPES,
      }),
      this.textStats(viewer),
    ]);
    return {
      texts: page.rows.map((row) => ({
        id: row.id,
        field: row.field,
        created_at: row.created_at.toISOString(),
        profile: { id: row.profile_id, name: row.name },
        claimed: row.claimed,
      })),
      stats,
    };
  }

  /** Claims the oldest free photo (or the caller's own) for `until`; null when none is left. */
  async claimPhoto(
    viewer: Viewer,
    exclude: number[],
    now: Date,
    until: Date,
  ): Promise<{ id: number; claimedUntil: Date } | null> {
    const staff = staffOnly(viewer);
    const { rows } = await this.prisma.pool.query<{ id: number; claimed_until: Date }>({
      name: 'inspection-claim-photo',
      text: CLAIM_PHOTO_SQL,
      values: [staff.userId, utcTimestamp(until), utcTimestamp(now), exclude],
      types: PG_ROW_TYPES,
    });
    return rows[0] ? { id: rows[0].id, claimedUntil: rows[0].claimed_until } : null;
  }

  async claimText(
    viewer: Viewer,
    exclude: number[],
    now: Date,
    until: Date,
  ): Promise<{ id: number; claimedUntil: Date } | null> {
    const staff = staffOnly(viewer);
    const { rows } = await this.prisma.pool.query<{ id: number; claimed_until: Date }>({
      name: 'inspection-claim-text',
      text: CLAIM_TEXT_SQL,
      values: [staff.userId, utcTimestamp(until), utcTimestamp(now), exclude],
      types: PG_ROW_TYPES,
    });
    return rows[0] ? { id: rows[0].id, claimedUntil: rows[0].claimed_until } : null;
  }

  /** A photo under inspection with what a moderator sees beside it. */
  async photoForInspection(viewer: Viewer, photoId: number, now = new Date()) {
    staffOnly(viewer);
    const photo = await this.prisma.photo.findUnique({
      where: { id: photoId },
      select: {
        id: true,
        filename: true,
        width: true,
        height: true,
        createdAt: true,
        profile: { select: { userId: true } },
      },
    });
    if (!photo) throw new AppError('not_found', {}, 'photo');
    return {
      id: photo.id,
      created_at: photo.createdAt.toISOString(),
      full_url: this.photos.url(photo.filename, 'full', 'private'),
      width: photo.width,
      height: photo.height,
      member: await this.member(viewer, photo.profile.userId, now),
    };
  }

  async textForInspection(viewer: Viewer, reviewId: number, now = new Date()) {
    staffOnly(viewer);
    const review = await this.prisma.profileTextReview.findUnique({
      where: { id: reviewId },
      select: {
        id: true,
        field: true,
        previous: true,
        text: true,
        createdAt: true,
        profile: { select: { userId: true } },
      },
    });
    if (!review) throw new AppError('not_found');
    return {
      id: review.id,
      field: review.field as ReviewedTextField,
      previous: review.previous,
      text: review.text,
      created_at: review.createdAt.toISOString(),
      member: await this.member(viewer, review.profile.userId, now),
    };
  }

  /** The member beside an item: profile and every photo (never e-mail, IP or payments). */
  async member(viewer: Viewer, userId: number, now = new Date()): Promise<InspectedMember> {
    staffOnly(viewer);
    const row = await this.prisma.profile.findUnique({
      where: { userId },
      select: {
        id: true,
        userId: true,
        name: true,
        gender: true,
        dateOfBirth: true,
        countryCode: true,
        about: true,
        fictional: true,
        createdAt: true,
        mainPhotoId: true,
        city: { select: { name: true } },
        photos: {
          orderBy: [{ position: 'asc' }, { id: 'asc' }],
          select: { id: true, filename: true, status: true },
        },
      },
    });
    if (!row) throw new AppError('not_found');
    return {
      user_id: row.userId,
      profile_id: row.id,
      name: row.name,
      gender: row.gender,
      age: ageOn(row.dateOfBirth, now),
      country: row.countryCode,
      city: row.city?.name ?? null,
      about: row.about,
      member_since: row.createdAt.toISOString(),
      fictional: row.fictional,
      photos: row.photos.map((photo) => {
        const scope = photo.status === 'active' ? 'public' : 'private';
        return {
          id: photo.id,
          status: photo.status,
          main: photo.id === row.mainPhotoId,
          thumb_url: this.photos.url(photo.filename, 'thumb', scope),
          full_url: this.photos.url(photo.filename, 'full', scope),
        };
      }),
    };
  }

  /** Locks a photo (and reads its profile's photos) in a deciding transaction; null: gone. */
  async lockPhoto(tx: Db, photoId: number): Promise<LockedPhoto | null> {
    const rows = await tx.$queryRaw<
      {
        id: number;
        profile_id: number;
        user_id: number;
        status: PhotoStatus;
        rejected_reason: string | null;
        moderated_by_id: number | null;
        moderated_at: Date | null;
        claimed_by_id: number | null;
        claimed_until: Date | null;
        main_photo_id: number | null;
      }[]
    >`SELECT f.id, f.profile_id, p.user_id, f.status::text AS status, f.rejected_reason,
             f.moderated_by_id, f.moderated_at, f.claimed_by_id, f.claimed_until,
             p.main_photo_id
      FROM photos f JOIN profiles p ON p.id = f.profile_id
      WHERE f.id = ${photoId}
      FOR UPDATE OF f, p`;
    const row = rows[0];
    if (!row) return null;
    const photos = await tx.photo.findMany({
      where: { profileId: row.profile_id },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
      select: { id: true, status: true },
    });
    return {
      id: row.id,
      profileId: row.profile_id,
      userId: row.user_id,
      status: row.status,
      rejectedReason: row.rejected_reason,
      moderatedById: row.moderated_by_id,
      moderatedAt: row.moderated_at,
      claimedById: row.claimed_by_id,
      claimedUntil: row.claimed_until,
      mainPhotoId: row.main_photo_id,
      photos,
    };
  }

  /** Locks a text review and its profile in a deciding transaction; null: gone. */
  async lockText(tx: Db, reviewId: number): Promise<LockedText | null> {
    const rows = await tx.$queryRaw<
      {
        id: number;
        profile_id: number;
        user_id: number;
        field: ReviewedTextField;
        previous: string | null;
        text: string | null;
        status: string;
        reason: string | null;
        claimed_by_id: number | null;
        claimed_until: Date | null;
        name: string;
        about: string | null;
      }[]
    >`SELECT r.id, r.profile_id, p.user_id, r.field, r.previous, r.text, r.status, r.reason,
             r.claimed_by_id, r.claimed_until, p.name, p.about
      FROM profile_text_reviews r JOIN profiles p ON p.id = r.profile_id
      WHERE r.id = ${reviewId}
      FOR UPDATE OF r, p`;
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      profileId: row.profile_id,
      userId: row.user_id,
      field: row.field,
      previous: row.previous,
      text: row.text,
      status: row.status,
      reason: row.reason,
      claimedById: row.claimed_by_id,
      claimedUntil: row.claimed_until,
      current: row.field === 'name' ? row.name : row.about,
    };
  }

  /**
   * Whether a photo file may be served at a `private` URL to this requester: an active photo
   * on a visible profile to anyone holding the URL (as a public one); a photo under inspection
   * or rejected only to its owner (`memberId`) and to moderators (`staff`).
   */
  async privatePhotoFileAllowed(
    filename: string,
    requester: { memberId: number | null; staff: boolean },
  ): Promise<boolean> {
    const row = await this.prisma.photo.findUnique({
      where: { filename },
      select: {
        status: true,
        profile: { select: { userId: true, status: true, user: { select: { status: true } } } },
      },
    });
    if (!row) return false;
    if (requester.staff) return true;
    if (requester.memberId !== null && requester.memberId === row.profile.userId) return true;
    return (
      row.status === 'active' &&
      row.profile.status === 'active' &&
      row.profile.user.status === 'confirmed'
    );
  }
}

function staffOnly(viewer: Viewer): NonNullable<Viewer> {
  if (!viewer || !isStaff(viewer)) throw new AppError('forbidden');
  return viewer;
}

function statsOf(row: { waiting: number; oldest_at: Date | null } | undefined): InspectionStats {
  return {
    waiting: row?.waiting ?? 0,
    oldest_at: row?.oldest_at ? row.oldest_at.toISOString() : null,
  };
}
