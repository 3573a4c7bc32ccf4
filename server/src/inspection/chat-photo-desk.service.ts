import { Injectable } from '@nestjs/common';
import {
  CHAT_PHOTO_DESK_PAGE,
  PHOTO_REASON_GROUNDS,
  type ChatPhotoDecisionRequest,
  type ChatPhotoDecisionResponse,
  type ChatPhotoQueueResponse,
  type InspectionStats,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { ModeratedContent, screeningOf, staffViewerOf } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { Realtime } from '../realtime';
import { AuditLog, type StaffPrincipal } from '../staff';
import { Statements } from '../statement-writer';
import { FileStorage } from '../storage';
import {
  chatPhotoFileStatement,
  chatPhotoQueueStatement,
  chatPhotoStatsStatement,
  lockChatPhotoStatement,
  type ChatPhotoRow,
  type LockedChatPhotoRow,
} from './chat-photos.sql';

/**
 * Chat photos on the photo desk (issue 35, point 1). A chat photo is delivered when sent, so
 * nothing waits; but the pre-screening scores it like a profile photo, and one it flagged (a
 * match of a photo rejected for abuse, or a risk of PHOTO_SCREEN_FLAG_RISK or more) waits here,
 * riskiest first, until a moderator keeps it or removes it. Chat photos are private to two
 * members: the desk shows only flagged ones, with who sent it to whom (names and profile ids, as
 * the desk shows of a profile photo's member) and never the rest of the conversation; its file
 * is served to staff only while it is on the desk. Removing hides it from both members as a
 * complaint's hiding does (a hidden-content record an appeal can put back) and writes the
 * sender's statement of reasons, automated detection true; each decision is audited.
 */
@Injectable()
export class ChatPhotoDesk {
  constructor(
    private readonly prisma: PrismaService,
    private readonly moderated: ModeratedContent,
    private readonly storage: FileStorage,
    private readonly audit: AuditLog,
    private readonly statements: Statements,
    private readonly realtime: Realtime,
  ) {}

  async stats(): Promise<InspectionStats> {
    const [row] = await queryRows<{ waiting: number; oldest: Date | null }>(
      this.prisma,
      chatPhotoStatsStatement(),
    );
    return { waiting: row?.waiting ?? 0, oldest_at: row?.oldest?.toISOString() ?? null };
  }

  async queue(staff: StaffPrincipal): Promise<ChatPhotoQueueResponse> {
    const rows = await queryRows<ChatPhotoRow>(
      this.prisma,
      chatPhotoQueueStatement(CHAT_PHOTO_DESK_PAGE),
    );
    const ids = [...new Set(rows.flatMap((r) => [r.sender_id, r.recipient_id]))];
    const profiles = await this.moderated.profiles(staffViewerOf(staff), ids);
    const member = (userId: number) => {
      const profile = profiles.get(userId);
      return {
        user_id: userId,
        profile_id: profile?.profileId ?? null,
        name: profile?.name ?? null,
      };
    };
    return {
      photos: rows.map((row) => ({
        message_id: row.message_id,
        conversation_id: row.conversation_id,
        sent_at: row.sent_at.toISOString(),
        image_url: `/api/staff/inspection/chat-photos/${row.message_id}/image`,
        screening: screeningOf(row),
        sender: member(row.sender_id),
        recipient: member(row.recipient_id),
      })),
      stats: await this.stats(),
    };
  }

  /** The file of a chat photo on the desk (null: not on it, or gone). */
  async image(messageId: number): Promise<Buffer | null> {
    const [row] = await queryRows<{ filename: string }>(
      this.prisma,
      chatPhotoFileStatement(messageId),
    );
    return row ? this.storage.get('chat', row.filename) : null;
  }

  /**
   * Keeps a flagged chat photo (off the desk) or removes it (hidden from both members, the
   * sender's statement of reasons). 404 for a chat photo never on the desk, 409 conflict for
   * one decided already (two moderators at once: the second).
   */
  async decide(
    staff: StaffPrincipal,
    messageId: number,
    input: ChatPhotoDecisionRequest,
    ip?: string,
    now = new Date(),
  ): Promise<ChatPhotoDecisionResponse> {
    const mails: number[] = [];
    await this.prisma.$transaction(async (tx) => {
      const [row] = await queryRows<LockedChatPhotoRow>(tx, lockChatPhotoStatement(messageId));
      if (!row) throw new AppError('not_found');
      if (!row.on_desk)
        throw new AppError(row.reviewed_at || row.hidden_at ? 'conflict' : 'not_found');
      await tx.photoScreening.update({ where: { messageId }, data: { reviewedAt: now } });
      const entry = {
        targetUserId: row.sender_id,
        subjectType: 'message',
        subjectId: messageId,
        before: { reviewed: false },
      };
      if (input.action === 'keep') {
        await this.audit.record(
          tx,
          staff,
          { ...entry, action: 'chat_photo.keep', after: { reviewed: true } },
          ip,
        );
        return;
      }
      await tx.message.update({
        where: { id: messageId },
        data: { body: null, imageFilename: null, hiddenAt: now },
      });
      const hidden = await tx.hiddenContent.create({
        data: {
          userId: row.sender_id,
          hiddenById: staff.userId,
          kind: 'message',
          messageId,
          text: row.body,
          imageFilename: row.image_filename,
        },
        select: { id: true },
      });
      // the schema requires both for a removal
      const reason = input.reason!;
      const explanation = input.explanation!;
      const ground = PHOTO_REASON_GROUNDS[reason];
      const statement = await this.statements.write(tx, {
        userId: row.sender_id,
        kind: 'content_hidden',
        item: 'message',
        itemId: messageId,
        ground,
        explanation,
        // the pre-screening put it on the desk
        automatedDetection: true,
        decidedById: staff.userId,
        decidedAt: now,
        itemAt: row.created_at,
        ref: { hiddenId: hidden.id },
      });
      mails.push(statement.mail);
      await this.audit.record(
        tx,
        staff,
        {
          ...entry,
          action: 'chat_photo.remove',
          after: { reviewed: true, hidden_id: hidden.id, ground, statement_id: statement.id },
          reason: `${reason}: ${explanation}`,
        },
        ip,
      );
    });
    if (mails.length > 0) await this.statements.dispatch(mails);
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'photos' });
    return { stats: await this.stats() };
  }
}
