import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';
import { queryRows } from '../../prisma/sql';
import { PROFILE_CARD_SELECT, cardRowOf, type ProfileCard } from '../card.presenter';
import { PhotoPresenter } from '../photo.presenter';
import { visibleProfileWhere, type Viewer } from '../visibility';
import { likesPageStatement } from './likes-page.sql';
import { MemberLists } from './member-lists';

/**
 * The likes feature's reads: the likes page and the new-like modal show only members a list may
 * show the viewer (the `list` rule); likes of others stay stored but are left out.
 */
@Injectable()
export class LikesPage {
  constructor(
    private readonly prisma: PrismaService,
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
    const rows = await queryRows(this.prisma.pool, likesPageStatement(viewer.userId));
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
