import { Injectable } from '@nestjs/common';
import { INBOX_COUNT_CAP } from '@app/contract';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../common/app-error';
import { PrismaService } from '../../prisma/prisma.service';
import { queryRows } from '../../prisma/sql';
import { PHOTO_SELECT, PhotoPresenter } from '../photo.presenter';
import { PROFILE_DETAILS_SELECT } from '../details.presenter';
import { isStaff, visibleProfileWhere, type Viewer } from '../visibility';
import {
  conversationCountsStatement,
  inboxPageStatement,
  inboxWaitingStatement,
  writesAChatPartnerStatement,
  type ConversationCountRow,
  type ConversationIdRow,
  type InboxRow,
  type InboxWaitingRow,
} from './chat-partners.sql';

export type { InboxRow } from './chat-partners.sql';

/** What the partner editor shows of a chat partner. */
export const PARTNER_SELECT = {
  id: true,
  userId: true,
  name: true,
  gender: true,
  seekingGender: true,
  dateOfBirth: true,
  countryCode: true,
  regionId: true,
  cityId: true,
  city: { select: { name: true } },
  mainPhotoId: true,
  ...PROFILE_DETAILS_SELECT,
  photos: { orderBy: [{ position: 'asc' }, { id: 'asc' }], select: PHOTO_SELECT },
} satisfies Prisma.ProfileSelect;
export type PartnerRow = Prisma.ProfileGetPayload<{ select: typeof PARTNER_SELECT }>;

/** The member of a conversation, as an operator may see them (their public profile only). */
export interface OperatorViewOfMember {
  id: number;
  userId: number;
  name: string;
  gender: 'male' | 'female';
  dateOfBirth: Date;
  city: string | null;
  about: string | null;
  photo: string | null;
  language: string;
  careFlag: { reason: string | null } | null;
}

/**
 * Staff reads of chat partners (fictional profiles) and of the members who write them: the
 * admins' partner editor and the operators' inbox. Staff only; an operator sees a member's
 * public profile, never their e-mail, address or payments.
 */
@Injectable()
export class ChatPartnerReads {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
  ) {}

  private guard(viewer: Viewer) {
    if (!isStaff(viewer)) throw new AppError('forbidden');
  }

  /** Every chat partner, by name, with its main photo and how many conversations it has. */
  async partners(viewer: Viewer) {
    this.guard(viewer);
    const rows = await this.prisma.profile.findMany({
      where: { fictional: true, user: { status: { not: 'purged' } } },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        userId: true,
        name: true,
        gender: true,
        dateOfBirth: true,
        city: { select: { name: true } },
        mainPhoto: { select: { filename: true, status: true } },
      },
    });
    const counts = await this.conversationCounts(rows.map((row) => row.userId));
    return rows.map((row) => ({
      ...row,
      photo: row.mainPhoto ? this.photos.url(row.mainPhoto.filename, 'card', 'private') : null,
      conversations: counts.get(row.userId) ?? 0,
    }));
  }

  /** One chat partner for the editor; 404 for any other profile. */
  async partner(viewer: Viewer, profileId: number) {
    this.guard(viewer);
    const row = await this.prisma.profile.findFirst({
      where: { id: profileId, fictional: true, user: { status: { not: 'purged' } } },
      select: PARTNER_SELECT,
    });
    if (!row) throw new AppError('not_found');
    const counts = await this.conversationCounts([row.userId]);
    return {
      row,
      photos: row.photos.map((photo) => ({
        id: photo.id,
        filename: photo.filename,
        url: this.photos.url(photo.filename, 'card', 'private'),
        main: photo.id === row.mainPhotoId,
      })),
      conversations: counts.get(row.userId) ?? 0,
    };
  }

  private async conversationCounts(userIds: number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await queryRows<ConversationCountRow>(
      this.prisma,
      conversationCountsStatement(userIds),
    );
    return new Map(rows.map((row) => [row.user_id, row.n]));
  }

  /**
   * A page of conversations waiting for a chat partner's reply, longest wait first, with the
   * member's newest message and the lock (if alive): one statement on the index of
   * conversations.awaiting_reply_since. `after`: the previous page's last (time, id).
   */
  async inboxPage(
    viewer: Viewer,
    after: { at: Date; id: number } | null,
  ): Promise<{ rows: InboxRow[]; waiting: number; capped: boolean }> {
    this.guard(viewer);
    const [rows, [{ waiting }]] = await Promise.all([
      queryRows<InboxRow>(this.prisma, inboxPageStatement(after)),
      queryRows<InboxWaitingRow>(this.prisma, inboxWaitingStatement),
    ]);
    return { rows, waiting: Math.min(waiting, INBOX_COUNT_CAP), capped: waiting > INBOX_COUNT_CAP };
  }

  /** The chat partner and the member of a conversation with one; 404 otherwise. */
  async conversationSides(
    viewer: Viewer,
    conversation: { userLowId: number; userHighId: number },
  ): Promise<{
    partner: { id: number; userId: number; name: string; dateOfBirth: Date; city: string | null };
    member: OperatorViewOfMember;
  }> {
    this.guard(viewer);
    const rows = await this.prisma.profile.findMany({
      where: {
        userId: { in: [conversation.userLowId, conversation.userHighId] },
        user: { status: { not: 'purged' } },
      },
      select: {
        id: true,
        userId: true,
        name: true,
        gender: true,
        dateOfBirth: true,
        fictional: true,
        about: true,
        city: { select: { name: true } },
        mainPhoto: { select: { filename: true, status: true } },
        user: { select: { language: true, careFlag: { select: { reason: true } } } },
      },
    });
    const partner = rows.find((row) => row.fictional);
    const member = rows.find((row) => !row.fictional);
    if (!partner || !member) throw new AppError('not_found');
    return {
      partner: {
        id: partner.id,
        userId: partner.userId,
        name: partner.name,
        dateOfBirth: partner.dateOfBirth,
        city: partner.city?.name ?? null,
      },
      member: {
        id: member.id,
        userId: member.userId,
        name: member.name,
        gender: member.gender,
        dateOfBirth: member.dateOfBirth,
        city: member.city?.name ?? null,
        about: member.about,
        photo:
          member.mainPhoto?.status === 'active'
            ? this.photos.url(member.mainPhoto.filename, 'card')
            : null,
        language: member.user.language,
        careFlag: member.user.careFlag,
      },
    };
  }

  /** The profiles of the members of conversations (the operator queue), keyed by account. */
  async conversationProfiles(
    viewer: Viewer,
    userIds: number[],
  ): Promise<Map<number, { id: number; name: string; fictional: boolean }>> {
    this.guard(viewer);
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.profile.findMany({
      where: { AND: [{ userId: { in: userIds } }, visibleProfileWhere(viewer, 'staff')] },
      select: { id: true, userId: true, name: true, fictional: true },
    });
    return new Map(
      rows.map((row) => [row.userId, { id: row.id, name: row.name, fictional: row.fictional }]),
    );
  }

  /** Whether a (real) member has a conversation with a chat partner. */
  async writesAChatPartner(userId: number): Promise<boolean> {
    const [found] = await queryRows<ConversationIdRow>(
      this.prisma,
      writesAChatPartnerStatement(userId),
    );
    return found !== undefined;
  }
}
