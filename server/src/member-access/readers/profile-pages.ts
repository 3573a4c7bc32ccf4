import { Injectable } from '@nestjs/common';
import type { MemberProfile } from '@app/contract';
import { RELATED_PROFILES_COUNT } from '@app/contract';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../common/app-error';
import { PrismaService } from '../../prisma/prisma.service';
import { PROFILE_CARD_SELECT, type ProfileCard, type ProfileCardRow } from '../card.presenter';
import { PROFILE_DETAILS_SELECT, presentProfileDetails } from '../details.presenter';
import { PHOTO_SELECT, PhotoPresenter } from '../photo.presenter';
import { privacyPartnersAmong } from '../privacy-partner';
import { visibleProfileWhere, type Viewer } from '../visibility';
import { MemberLists } from './member-lists';

/** What a profile page needs beyond the card. */
const PROFILE_PAGE_SELECT = {
  ...PROFILE_CARD_SELECT,
  ...PROFILE_DETAILS_SELECT,
  mainPhotoId: true,
} satisfies Prisma.ProfileSelect;

/** No account has this id: the viewer of a visitor's relation subqueries (they find nothing). */
const NO_VIEWER = 0;

/** A profile page with the viewer's relation to it, in one statement. */
function profilePageSelect(viewerId: number) {
  return {
    ...PROFILE_PAGE_SELECT,
    photos: { orderBy: [{ position: 'asc' }, { id: 'asc' }], select: PHOTO_SELECT },
    user: {
      select: {
        blocksReceived: { where: { blockerId: viewerId }, take: 1, select: { blockerId: true } },
        likesReceived: { where: { likerId: viewerId }, take: 1, select: { likerId: true } },
        likesGiven: { where: { likedId: viewerId }, take: 1, select: { likedId: true } },
      },
    },
  } satisfies Prisma.ProfileSelect;
}

/** Accounts whose member pages are gone for good (HTTP 410). */
const REMOVED_STATUSES = new Set(['deleted', 'purged', 'banned']);

/**
 * A member's page (the members feature: GET /api/member.php) under the `card` rule, and whether
 * such a page may exist at all (the site's page status: site-pages).
 */
@Injectable()
export class ProfilePages {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
    private readonly lists: MemberLists,
  ) {}

  /**
   * A member's profile page: the card, the descriptive fields, the gallery as this viewer may
   * have it, the viewer's relation and related profiles; 404 not_found when the viewer may not
   * see the member.
   */
  async page(
    viewer: Viewer,
    profileId: number,
    now = new Date(),
  ): Promise<{ profile: MemberProfile; related: ProfileCard[] }> {
    // one statement (relation joins): the page, every photo (the photo rule filters them), and
    // the viewer's relation; then, at once, the related profiles and (privacy mode) whether the
    // member wrote to the viewer
    const row = await this.prisma.profile.findFirst({
      where: { AND: [{ id: profileId }, visibleProfileWhere(viewer, 'card')] },
      select: profilePageSelect(viewer?.userId ?? NO_VIEWER),
    });
    if (!row) throw new AppError('not_found');
    const [related, partners] = await Promise.all([
      this.relatedTo(viewer, row, now),
      privacyPartnersAmong(this.prisma.pool, viewer, row.privacyMode ? [row.userId] : []),
    ]);
    const { user } = row;
    const isPartner = partners.has(row.userId);
    const owner = { userId: row.userId, privacyMode: row.privacyMode, isPartner };
    const gallery = this.photos.gallery(viewer, owner, row.photos, row.mainPhotoId);
    return {
      profile: {
        ...this.photos.card(viewer, row, isPartner, now),
        ...presentProfileDetails(row),
        photo_count: gallery.length,
        photos: gallery,
        relation: viewer
          ? {
              blocked: user.blocksReceived.length > 0,
              liked: user.likesReceived.length > 0,
              liked_by: user.likesGiven.length > 0,
            }
          : null,
      },
      related,
    };
  }

  /**
   * Whether a member page may exist: `present` for a profile of an account that is not removed,
   * `removed` for one whose account was deleted (the 14 days before the purge), purged or
   * banned, `absent` when there is no such profile. One primary-key read of the profile joined
   * to its account; no viewer, nothing shown.
   */
  async standing(profileId: number): Promise<'present' | 'removed' | 'absent'> {
    const { rows } = await this.prisma.pool.query<{ status: string }>({
      name: 'profile-standing',
      text: 'SELECT u.status::text AS status FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.id = $1',
      values: [profileId],
    });
    if (rows.length === 0) return 'absent';
    return REMOVED_STATUSES.has(rows[0].status) ? 'removed' : 'present';
  }

  /** Related profiles: visible members of the same gender and country, nearest in age first. */
  private async relatedTo(viewer: Viewer, row: ProfileCardRow, now: Date): Promise<ProfileCard[]> {
    const years = (n: number) => new Date(Date.UTC(row.dateOfBirth.getUTCFullYear() + n, 0, 1));
    const rows = await this.lists.find(viewer, {
      where: {
        id: { not: row.id },
        gender: row.gender,
        countryCode: row.countryCode,
        dateOfBirth: { gte: years(-6), lt: years(7) },
      },
      orderBy: [{ lastActiveAt: 'desc' }, { id: 'asc' }],
      take: RELATED_PROFILES_COUNT,
      select: PROFILE_CARD_SELECT,
    });
    return this.lists.cards(viewer, rows, now);
  }
}
