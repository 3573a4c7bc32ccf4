import { Injectable } from '@nestjs/common';
import type { LikeSource } from '../../generated/prisma/client';
import { PrismaService } from '../../prisma/prisma.service';
import { ReadPool } from '../../prisma/read-pool';
import { queryRows } from '../../prisma/sql';
import { cardRowOf, type ProfileCard } from '../card.presenter';
import { PROFILE_CARD_SELECT } from '../card.sql';
import { PhotoPresenter } from '../photo.presenter';
import { visibleProfileWhere, type Viewer } from '../visibility';
import { likesPageStatement, receivedLikesStatement } from './likes-page.sql';
import { MemberLists } from './member-lists';

/**
 * The likes feature's reads: the likes page and the new-like modal show only members a list may
 * show the viewer (the `list` rule); likes of others stay stored but are left out.
 */
@Injectable()
export class LikesPage {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: ReadPool,
    private readonly photos: PhotoPresenter,
    private readonly lists: MemberLists,
  ) {}

  /**
   * The viewer's likes page (GET /api/likes.php) in one prepared statement (likes-page.sql.ts):
   * every like given or received whose other member a list may show, and those members' cards
   * keyed by account.
   */
  async likesOf(
    viewer: NonNullable<Viewer>,
    now = new Date(),
  ): Promise<{
    likes: { likerId: number; likedId: number; isNew: boolean; createdAt: Date }[];
    cards: Map<number, ProfileCard>;
  }> {
    // on the read pool, except just after the viewer's own write (a like, an unlike)
    const rows = await this.reads.read(viewer.userId, (db) =>
      queryRows(db, likesPageStatement(viewer.userId)),
    );
    const cards = new Map<number, ProfileCard>();
    for (const row of rows) {
      if (cards.has(row.profile_user_id)) continue;
      cards.set(row.profile_user_id, this.photos.card(viewer, cardRowOf(row), row.partner, now));
    }
    return {
      likes: rows.map((row) => ({
        likerId: row.liker_id,
        likedId: row.liked_id,
        isNew: row.is_new,
        createdAt: row.created_at,
      })),
      cards,
    };
  }

  /**
   * The likes the member received that their likes page shows (the data export's
   * `likes.json` → `received`): the page's `list` rule on the liker, without the cards. A like
   * from a member who blocked the member (or whom they blocked), browses invisibly, or whose
   * profile is hidden or gone is left out, as on the page.
   */
  async receivedListed(
    viewerId: number,
  ): Promise<{ likerId: number; source: LikeSource; isNew: boolean; createdAt: Date }[]> {
    const rows = await queryRows(this.prisma.pool, receivedLikesStatement(viewerId));
    return rows.map((row) => ({
      likerId: row.liker_id,
      source: row.source,
      isNew: row.is_new,
      createdAt: row.created_at,
    }));
  }

  /**
   * Cards of the members behind these accounts whom a list may show the viewer (the new-like
   * modal): never invisible, blocked either way, deleted, banned or unconfirmed ones; keyed by
   * account.
   */
  async listedCards(
    viewer: NonNullable<Viewer>,
    userIds: number[],
    now = new Date(),
  ): Promise<Map<number, ProfileCard>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.profile.findMany({
      where: { AND: [{ userId: { in: userIds } }, visibleProfileWhere(viewer, 'list')] },
      select: PROFILE_CARD_SELECT,
    });
    const cards = await this.lists.cards(viewer, rows, now);
    return new Map(rows.map((row, i) => [row.userId, cards[i]]));
  }
}
