import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { PrismaService } from '../../prisma/prisma.service';
import { queryRows } from '../../prisma/sql';
import { cardRowOf, type ProfileCard } from '../card.presenter';
import {
  chatListStatement,
  chatPartnerIdsStatement,
  chatPartnerInStatement,
  chatPartnerStatement,
  type ChatListColumns,
  type ChatPartnerColumns,
} from './correspondents.sql';
import { PhotoPresenter } from '../photo.presenter';
import type { Viewer } from '../visibility';

/** A member the viewer may message. */
export interface Correspondent {
  userId: number;
  profileId: number;
  /** A chat pal: messages to them wait for an operator. */
  fictional: boolean;
}

/** The member to message, by profile (a profile page's button) or by account. */
export type CorrespondentTarget = { profileId: number } | { userId: number };

/**
 * The chats feature's reads of the members a viewer writes with, under the `contact` rule (never
 * oneself, no block either way, invisible only to an existing partner, never a removed account):
 * whom a message may go to, the conversation page's card, catch-up's profile ids and the chat
 * list. Each is one prepared, hand-written statement (correspondents.sql.ts): they run on every send and
 * every poll. Anything else is 404 not_found.
 */
@Injectable()
export class Correspondents {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
  ) {}

  /** The member behind a profile or an account whom the viewer may message. */
  async messageable(
    viewer: NonNullable<Viewer>,
    target: CorrespondentTarget,
  ): Promise<Correspondent> {
    const row = await this.row(viewer, target);
    return { userId: row.profile_user_id, profileId: row.profile_id, fictional: row.fictional };
  }

  /** The other member of a conversation the viewer takes part in, if the viewer may message them. */
  async messageableIn(viewer: NonNullable<Viewer>, conversationId: number): Promise<Correspondent> {
    const rows = await queryRows(
      this.prisma.pool,
      chatPartnerInStatement(viewer.userId, conversationId),
    );
    const row = rows[0];
    if (!row) throw new AppError('not_found');
    return { userId: row.user_id, profileId: row.id, fictional: row.fictional };
  }

  /** The card of a member the viewer may message, for the conversation page. */
  async messageableCard(
    viewer: NonNullable<Viewer>,
    target: CorrespondentTarget,
    now = new Date(),
  ): Promise<{ userId: number; card: ProfileCard }> {
    const row = await this.row(viewer, target);
    const card = cardRowOf(row);
    return { userId: card.userId, card: this.photos.card(viewer, card, row.partner, now) };
  }

  /** The profile ids of those accounts the viewer may message (catch-up), keyed by account. */
  async messageableProfileIds(
    viewer: NonNullable<Viewer>,
    userIds: number[],
  ): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await queryRows(this.prisma.pool, chatPartnerIdsStatement(viewer.userId, userIds));
    return new Map(rows.map((row) => [row.user_id, row.id]));
  }

  /** Which of these accounts are fictional profiles (chat pals): their messages wait for staff. */
  async fictionalAmong(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.prisma.profile.findMany({
      where: { userId: { in: userIds }, fictional: true },
      select: { userId: true },
    });
    return new Set(rows.map((row) => row.userId));
  }

  /**
   * The viewer's chat list (GET /api/chats.php): each conversation whose other member the viewer
   * may still message, with its newest message and that member's card, newest first; and the
   * count of new likes for the badge.
   */
  async chatList(
    viewer: NonNullable<Viewer>,
    previewLength: number,
    now = new Date(),
  ): Promise<{
    newLikes: number;
    chats: (Omit<ChatListColumns, 'new_likes'> & { conversation_id: number; card: ProfileCard })[];
  }> {
    const rows = await queryRows(this.prisma.pool, chatListStatement(viewer.userId, previewLength));
    const chats = rows.flatMap((row) => {
      if (row.conversation_id === null) return [];
      const card = this.photos.card(viewer, cardRowOf(row), row.partner, now);
      return [{ ...row, conversation_id: row.conversation_id, card }];
    });
    return { newLikes: rows[0]?.new_likes ?? 0, chats };
  }

  private async row(
    viewer: NonNullable<Viewer>,
    target: CorrespondentTarget,
  ): Promise<ChatPartnerColumns> {
    const rows = await queryRows(
      this.prisma.pool,
      chatPartnerStatement(
        viewer.userId,
        'profileId' in target ? target.profileId : 0,
        'userId' in target ? target.userId : 0,
      ),
    );
    if (!rows[0]) throw new AppError('not_found');
    return rows[0];
  }
}
