import { Injectable } from '@nestjs/common';
import { INBOX_COUNT_CAP, INBOX_PAGE } from '@app/contract';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../common/app-error';
import { PrismaService } from '../../prisma/prisma.service';
import { PHOTO_SELECT, PhotoPresenter } from '../photo.presenter';
import { PROFILE_DETAILS_SELECT } from '../details.presenter';
import { isStaff, visibleProfileWhere, type Viewer } from '../visibility';

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

/** A row of the operators' inbox (one statement: inboxPage). */
export interface InboxRow {
  id: number;
  waiting_since: Date;
  partner_id: number;
  partner_name: string;
  member_id: number;
  member_name: string;
  body: string | null;
  lock_operator: number | null;
  lock_name: string | null;
  lock_expires: Date | null;
}

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
    const rows = await this.prisma.$queryRaw<{ user_id: number; n: number }[]>`
      SELECT u.id AS user_id, count(c.id)::int AS n
      FROM unnest(${userIds}::int[]) AS u(id)
      JOIN conversations c ON c.user_low_id = u.id OR c.user_high_id = u.id
      GROUP BY u.id`;
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
      this.prisma.$queryRaw<InboxRow[]>`
      SELECT c.id, c.awaiting_reply_since AS waiting_since,
        pp.id AS partner_id, pp.name AS partner_name, mp.id AS member_id, mp.name AS member_name,
        lm.body, l.operator_id AS lock_operator,
        COALESCE(ou.staff_name, split_part(ou.email, '@', 1)) AS lock_name,
        l.expires_at AS lock_expires
      FROM conversations c
      JOIN profiles pl ON pl.user_id = c.user_low_id
      JOIN profiles ph ON ph.user_id = c.user_high_id
      CROSS JOIN LATERAL (SELECT CASE WHEN pl.fictional THEN pl.id ELSE ph.id END AS id,
          CASE WHEN pl.fictional THEN pl.name ELSE ph.name END AS name) pp
      JOIN profiles mp ON mp.id = CASE WHEN pl.fictional THEN ph.id ELSE pl.id END
      LEFT JOIN LATERAL (SELECT m.body FROM messages m
        WHERE m.conversation_id = c.id AND NOT m.held ORDER BY m.seq DESC LIMIT 1) lm ON true
      LEFT JOIN operator_locks l ON l.conversation_id = c.id AND l.expires_at > now()
      LEFT JOIN users ou ON ou.id = l.operator_id
      WHERE c.awaiting_reply_since IS NOT NULL AND pl.fictional <> ph.fictional
        ${
          after
            ? Prisma.sql`AND (c.awaiting_reply_since, c.id) > (${after.at}::timestamp(3), ${after.id}::int)`
            : Prisma.empty
        }
      ORDER BY c.awaiting_reply_since, c.id
      LIMIT ${INBOX_PAGE + 1}`,
      // counted up to the cap only: an exact count reads every waiting row on every page
      this.prisma.$queryRaw<{ waiting: number }[]>`
      SELECT count(*)::int AS waiting FROM (SELECT 1 FROM conversations
        WHERE awaiting_reply_since IS NOT NULL LIMIT ${INBOX_COUNT_CAP + 1}) w`,
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
    const [found] = await this.prisma.$queryRaw<{ id: number }[]>`
      SELECT c.id FROM conversations c
      JOIN profiles p ON p.user_id = CASE WHEN c.user_low_id = ${userId}::int
        THEN c.user_high_id ELSE c.user_low_id END
      JOIN profiles own ON own.user_id = ${userId}::int AND NOT own.fictional
      WHERE (c.user_low_id = ${userId}::int OR c.user_high_id = ${userId}::int) AND p.fictional
      LIMIT 1`;
    return found !== undefined;
  }
}
