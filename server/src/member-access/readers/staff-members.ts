import { Injectable } from '@nestjs/common';
import { MEMBER_NAME_SEARCH_MIN } from '@app/contract';
import { PrismaService } from '../../prisma/prisma.service';
import { queryRows } from '../../prisma/sql';
import { PhotoPresenter, PHOTO_SELECT } from '../photo.presenter';
import { membersByNameStatement, type MemberIdRow } from './staff-members.sql';

/** A member's profile as an admin sees it on the console (whatever its state or privacy). */
export interface StaffProfileView {
  name: string;
  status: 'disabled' | 'active' | 'hidden';
  gender: string;
  dateOfBirth: string;
  country: string;
  city: string | null;
  about: string | null;
  invisible: boolean;
  privacyMode: boolean;
  fictional: boolean;
  photos: {
    id: number;
    status: 'under_inspection' | 'active' | 'rejected';
    main: boolean;
    rejectedReason: string | null;
    thumbUrl: string;
    fullUrl: string;
    createdAt: string;
  }[];
}

/** A search hit's profile part. */
export interface StaffProfileSummary {
  name: string;
  status: 'disabled' | 'active' | 'hidden';
  thumbUrl: string | null;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The console's reads of members' profiles and photos (admins: server/src/staff-members). Staff
 * are not viewers in the visibility rule's sense: an admin sees every profile in every state,
 * and photos under inspection or rejected with private URLs (served to staff only).
 */
@Injectable()
export class StaffMemberReads {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
  ) {}

  /**
   * Members whose profile name contains `query` (from MEMBER_NAME_SEARCH_MIN characters: the
   * trigram index `profiles_name_trgm_idx`) or starts with it (shorter: the prefix index
   * `profiles_name_prefix_idx`), newest account first, below `after`.
   */
  async userIdsByName(query: string, after: number | undefined, take: number): Promise<number[]> {
    const needle = likeLiteral(query.toLowerCase());
    const pattern = query.length >= MEMBER_NAME_SEARCH_MIN ? `%${needle}%` : `${needle}%`;
    const rows = await queryRows<MemberIdRow>(
      this.prisma,
      membersByNameStatement(pattern, after, take),
    );
    return rows.map((row) => row.user_id);
  }

  /** The name, state and main photo's thumbnail of these members' profiles. */
  async summaries(userIds: number[]): Promise<Map<number, StaffProfileSummary>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.profile.findMany({
      where: { userId: { in: userIds } },
      select: {
        userId: true,
        name: true,
        status: true,
        mainPhoto: { select: { filename: true, status: true } },
      },
    });
    return new Map(
      rows.map((row) => [
        row.userId,
        {
          name: row.name,
          status: row.status,
          thumbUrl: row.mainPhoto
            ? this.photos.url(
                row.mainPhoto.filename,
                'thumb',
                row.mainPhoto.status === 'active' ? 'public' : 'private',
              )
            : null,
        },
      ]),
    );
  }

  /** The member's whole profile and every photo (null: no profile, or purged). */
  async profile(userId: number): Promise<StaffProfileView | null> {
    const row = await this.prisma.profile.findUnique({
      where: { userId },
      select: {
        name: true,
        status: true,
        gender: true,
        dateOfBirth: true,
        countryCode: true,
        city: { select: { name: true } },
        about: true,
        invisible: true,
        privacyMode: true,
        fictional: true,
        mainPhotoId: true,
        photos: { select: PHOTO_SELECT, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
      },
    });
    if (!row) return null;
    return {
      name: row.name,
      status: row.status,
      gender: row.gender,
      dateOfBirth: row.dateOfBirth.toISOString().slice(0, 10),
      country: row.countryCode,
      city: row.city?.name ?? null,
      about: row.about,
      invisible: row.invisible,
      privacyMode: row.privacyMode,
      fictional: row.fictional,
      photos: row.photos.map((photo) => {
        const own = this.photos.own(photo, row.mainPhotoId);
        return {
          id: own.id,
          status: own.status,
          main: own.main,
          rejectedReason: own.rejected_reason,
          thumbUrl: own.thumb_url,
          fullUrl: own.full_url,
          createdAt: own.created_at,
        };
      }),
    };
  }
}
