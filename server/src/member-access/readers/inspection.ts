import { Injectable } from '@nestjs/common';
import {
  type InspectedMember,
  type InspectionStats,
  type PhotoQueueResponse,
  type PhotoScreening,
  type PhotoStatus,
  type ReviewedTextField,
  type TextQueueResponse,
} from '@app/contract';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../common/app-error';
import { ageOn } from '../../common/age';
import { PrismaService } from '../../prisma/prisma.service';
import { utcTimestamp } from '../../prisma/pg-types';
import { queryRows } from '../../prisma/sql';
import { PhotoPresenter } from '../photo.presenter';
import { isStaff, type Viewer } from '../visibility';
import {
  INSPECTION_SQL,
  type QueueRow,
  type QueueStatement,
  type ScreeningColumns,
} from './inspection.sql';

type Db = Prisma.TransactionClient | PrismaService;

/** The two kinds of item a moderator inspects: new photos and changed profile texts. */
export type InspectionKind = 'photo' | 'text';

/** What each kind adds to a queue row, and what its queue answers. */
interface KindTypes {
  photo: { row: QueueRow & ScreeningColumns & { filename: string }; queue: PhotoQueueResponse };
  text: { row: QueueRow & { field: ReviewedTextField }; queue: TextQueueResponse };
}

/** How each kind presents its queue page (its statements: inspection.sql.ts). */
interface KindTable<K extends InspectionKind> {
  page(
    rows: KindTypes[K]['row'][],
    stats: InspectionStats,
    photos: PhotoPresenter,
  ): KindTypes[K]['queue'];
}

const entryOf = (row: QueueRow) => ({
  id: row.id,
  created_at: row.created_at.toISOString(),
  profile: { id: row.profile_id, name: row.name },
  claimed: row.claimed,
});

/** What differs between the kinds' pages. */
const KINDS: { [K in InspectionKind]: KindTable<K> } = {
  photo: {
    page: (rows, stats, photos) => ({
      photos: rows.map((row) => ({
        ...entryOf(row),
        thumb_url: photos.url(row.filename, 'thumb', 'private'),
        screening: row.screened ? screeningOf(row) : null,
      })),
      stats,
    }),
  },
  text: {
    page: (rows, stats) => ({
      texts: rows.map((row) => ({ ...entryOf(row), field: row.field })),
      stats,
    }),
  },
};

/** A photo's pre-screening as a moderator sees it (null scores: not scored yet). */
export function screeningOf(row: {
  risk: number | null;
  scores: unknown;
  abuse_match: boolean | null;
  scored_at: Date | null;
}): PhotoScreening {
  return {
    risk: row.risk,
    scores: (row.scores as PhotoScreening['scores']) ?? null,
    abuse_match: row.abuse_match ?? false,
    scored_at: row.scored_at?.toISOString() ?? null,
  };
}

/**
 * The staff's reads for inspection (photos and profile texts waiting for a moderator): the
 * queues, their length, the member beside an item, and a profile's photos for a decision. The
 * claim and the rows a decision locks are the inspection feature's (inspection/claims.ts).
 * Staff only: a viewer without a staff role gets 403.
 */
@Injectable()
export class InspectionReads {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
  ) {}

  /** How many items of a kind wait, and since when. */
  async stats(kind: InspectionKind, viewer: Viewer): Promise<InspectionStats> {
    staffOnly(viewer);
    const row = await this.waiting(kind);
    return { waiting: row?.waiting ?? 0, oldest_at: row?.oldest_at?.toISOString() ?? null };
  }

  /** The photo queue's length and oldest photo for the figures: counts only, no member's data. */
  async photoQueueLength(): Promise<{ waiting: number; oldestSince: Date | null }> {
    const row = await this.waiting('photo');
    return { waiting: row?.waiting ?? 0, oldestSince: row?.oldest_at ?? null };
  }

  private async waiting(kind: InspectionKind) {
    const rows = await queryRows(this.prisma.pool, INSPECTION_SQL[kind].stats());
    return rows[0];
  }

  /** The first page of a queue, oldest first, and its length. */
  async queue<K extends InspectionKind>(
    kind: K,
    viewer: Viewer,
    now = new Date(),
  ): Promise<KindTypes[K]['queue']> {
    staffOnly(viewer);
    const [page, stats] = await Promise.all([
      queryRows(
        this.prisma.pool,
        (INSPECTION_SQL[kind].queue as QueueStatement<KindTypes[K]['row']>)(utcTimestamp(now)),
      ),
      this.stats(kind, viewer),
    ]);
    const table: KindTable<K> = KINDS[kind];
    return table.page(page, stats, this.photos);
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
        screening: { select: { risk: true, scores: true, abuseMatch: true, scoredAt: true } },
      },
    });
    if (!photo) throw new AppError('not_found', {}, 'photo');
    const screening = photo.screening;
    return {
      id: photo.id,
      created_at: photo.createdAt.toISOString(),
      full_url: this.photos.url(photo.filename, 'full', 'private'),
      width: photo.width,
      height: photo.height,
      screening: screening
        ? screeningOf({
            ...screening,
            abuse_match: screening.abuseMatch,
            scored_at: screening.scoredAt,
          })
        : null,
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

  /**
   * Every photo of a profile with its state, in order: what a photo decision, in its
   * transaction, needs to choose the profile's main photo (the inspection's InspectionClaims).
   */
  profilePhotos(tx: Db, profileId: number): Promise<{ id: number; status: PhotoStatus }[]> {
    return tx.photo.findMany({
      where: { profileId },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
      select: { id: true, status: true },
    });
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
