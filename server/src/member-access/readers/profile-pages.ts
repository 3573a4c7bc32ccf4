import { Injectable } from '@nestjs/common';
import type { MemberProfile } from '@app/contract';
import { AppError } from '../../common/app-error';
import { PrismaService } from '../../prisma/prisma.service';
import { ReadPool } from '../../prisma/read-pool';
import { queryRows } from '../../prisma/sql';
import { cardRowOf, type ProfileCard } from '../card.presenter';
import type { ProfileCardRow } from '../card.sql';
import { presentProfileDetails } from '../details.presenter';
import { PhotoPresenter } from '../photo.presenter';
import type { Viewer } from '../visibility';
import {
  profilePageStatement,
  profileStandingStatement,
  type RelatedCard,
} from './profile-page.sql';

/** No account has this id: the viewer of a visitor's relation subqueries (they find nothing). */
const NO_VIEWER = 0;

/** A related profile's card row, its JSON dates read as pg reads the page's own. */
function relatedCardRow(card: RelatedCard): ProfileCardRow {
  return cardRowOf({
    ...card,
    date_of_birth: new Date(`${card.date_of_birth}T00:00:00Z`),
    last_active_at: new Date(`${card.last_active_at}Z`),
  });
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
    private readonly reads: ReadPool,
    private readonly photos: PhotoPresenter,
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
    // one prepared statement: the page under the card rule, its photos, interests, the
    // viewer's relation, (privacy mode) whether the member wrote to the viewer, and the related
    // profiles under the list rule; a read that tolerates a little lag (the read pool), except
    // just after the viewer's own write
    const rows = await this.reads.read(viewer?.userId, (db) =>
      queryRows(db, profilePageStatement(viewer?.userId ?? NO_VIEWER, profileId)),
    );
    const row = rows[0];
    if (!row) throw new AppError('not_found');
    const card = cardRowOf(row);
    const related = row.related.map((other) =>
      this.photos.card(viewer, relatedCardRow(other), viewer !== null && other.partner, now),
    );
    const isPartner = viewer !== null && row.partner;
    const owner = { userId: card.userId, privacyMode: card.privacyMode, isPartner };
    const gallery = this.photos.gallery(viewer, owner, row.photos, row.main_photo_id);
    return {
      profile: {
        ...this.photos.card(viewer, card, isPartner, now),
        ...presentProfileDetails({
          sexuality: row.sexuality,
          hairColor: row.hair_color,
          eyeColor: row.eye_color,
          bodyType: row.body_type,
          relationshipStatus: row.relationship_status,
          tattoos: row.tattoos,
          signupReason: row.signup_reason,
          about: row.about,
          interests: row.interests.map((slug) => ({ interest: { slug } })),
        }),
        photo_count: gallery.length,
        photos: gallery,
        relation: viewer
          ? { blocked: row.blocked, liked: row.liked, liked_by: row.liked_by }
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
    const rows = await queryRows(this.prisma.pool, profileStandingStatement(profileId));
    if (rows.length === 0) return 'absent';
    return REMOVED_STATUSES.has(rows[0].status) ? 'removed' : 'present';
  }
}
