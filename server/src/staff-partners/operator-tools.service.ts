import { Injectable } from '@nestjs/common';
import {
  asksIfReal,
  type NextConversationResponse,
  type OperatorGiftsResponse,
  type OperatorReplyResponse,
  type PartnerLibraryResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { GiftsService, OperatorRepliesService } from '../chats';
import { ChatPartnerReads, staffViewerOf } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { AuditLog, type StaffPrincipal } from '../staff';
import { InboxService } from './inbox.service';
import { LibraryService } from './library.service';
import {
  claimNextStatement,
  releaseHoldsStatement,
  type ClaimRow,
  type ReleasedHoldRow,
} from './next-conversation.sql';

/** A claim that lost its candidate to another operator is tried again this often. */
const CLAIM_ATTEMPTS = 5;

/**
 * The operators' tools beyond the text reply (issue 38 item 5), on the inbox's own rails: a
 * photo of the partner's own library and a gift, each sent as the chat partner through the same
 * lock (InboxService.lock: taken if free, 409 while another operator holds it), the same chat
 * send path with its Idempotency-Key (OperatorRepliesService: live to the member, free of
 * credits, the operator on the message) and an audit row, like the text reply. Honesty first: while
 * the member's newest messages ask whether a real person writes, a photo or a gift is refused
 * (409 honest_answer_first) until a text (the honest answer) has gone. And "next conversation":
 * the longest-waiting conversation nobody holds, claimed atomically.
 */
@Injectable()
export class OperatorToolsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly inbox: InboxService,
    private readonly library: LibraryService,
    private readonly reads: ChatPartnerReads,
    private readonly replies: OperatorRepliesService,
    private readonly gifts: GiftsService,
    private readonly audit: AuditLog,
  ) {}

  /** The library of the conversation's chat partner (only that partner's). */
  async conversationLibrary(
    staff: StaffPrincipal,
    conversationId: number,
  ): Promise<PartnerLibraryResponse> {
    const { partner } = await this.sides(staff, conversationId);
    return this.library.library(staff, partner.id);
  }

  /** The gifts on offer, which an operator may send as the partner. */
  async giftCatalogue(): Promise<OperatorGiftsResponse> {
    return { gifts: await this.gifts.active() };
  }

  /** A photo of the partner's own library as a photo message (404 for another's photo). */
  async sendPhoto(
    staff: StaffPrincipal,
    conversationId: number,
    photoId: number,
    key: string,
  ): Promise<OperatorReplyResponse> {
    const { conversation, partner, member } = await this.prepare(staff, conversationId);
    const photo = await this.library.ownPhoto(partner.id, photoId);
    const turn = this.inbox.turn(staff, conversation.id, (message) => ({
      action: 'inbox.photo_sent',
      targetUserId: member.userId,
      subjectType: 'message',
      subjectId: message.id,
      after: { conversation: conversation.id, library_photo: photo.id },
    }));
    return this.replies.replyPhoto(turn, photo, key);
  }

  /** A gift of the catalogue as the partner: free for the member, charged to nobody. */
  async sendGift(
    staff: StaffPrincipal,
    conversationId: number,
    giftId: number,
    key: string,
  ): Promise<OperatorReplyResponse> {
    const { conversation, member } = await this.prepare(staff, conversationId);
    const turn = this.inbox.turn(staff, conversation.id, (message) => ({
      action: 'inbox.gift_sent',
      targetUserId: member.userId,
      subjectType: 'message',
      subjectId: message.id,
      after: { conversation: conversation.id, gift: giftId },
    }));
    return this.replies.replyGift(turn, giftId, key);
  }

  /**
   * "Next conversation": the asking operator's live holds are released (they move on) and the
   * longest-waiting conversation nobody holds is claimed for them, one transaction; the one they
   * just left is not handed back. Two operators pressing at once get two different
   * conversations (next-conversation.sql.ts). Null when none waits.
   */
  async next(staff: StaffPrincipal): Promise<NextConversationResponse> {
    const claimed = await this.prisma.$transaction(async (tx) => {
      const released = await queryRows<ReleasedHoldRow>(tx, releaseHoldsStatement(staff.userId));
      const left = released.map((row) => row.conversation_id);
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
        const [row] = await queryRows<ClaimRow>(tx, claimNextStatement(staff.userId, left));
        if (row.candidate === null) return { id: null, left };
        if (row.claimed !== null) {
          await this.audit.record(tx, staff, {
            action: 'inbox.next_claimed',
            subjectType: 'conversation',
            subjectId: row.claimed,
            after: { operator: staff.userId, expires_at: row.expires_at, released: left },
          });
          return { id: row.claimed, left };
        }
      }
      return { id: null, left };
    });
    if (claimed.id !== null || claimed.left.length > 0) this.inbox.changed();
    if (claimed.id === null) return { conversation: null };
    return { conversation: await this.inbox.open(staff, claimed.id) };
  }

  // ------------------------------------------------------------------ the parts

  /**
   * What every send as the partner starts with: the text reply's (InboxService.hold: 404 for
   * a conversation without a chat partner, the operator's hold or 409), and the honest answer
   * first.
   */
  private async prepare(staff: StaffPrincipal, conversationId: number) {
    const held = await this.inbox.hold(staff, conversationId);
    await this.honestAnswerFirst(held.conversation.id, held.member.userId);
    return held;
  }

  private async sides(staff: StaffPrincipal, conversationId: number) {
    const conversation = await this.inbox.conversation(conversationId);
    const sides = await this.reads.conversationSides(staffViewerOf(staff), conversation);
    return { conversation, ...sides };
  }

  /**
   * 409 honest_answer_first while one of the member's messages since the chat partner last
   * wrote asks whether a real person writes (the console's own test, contract asksIfReal).
   */
  private async honestAnswerFirst(conversationId: number, memberUserId: number) {
    const recent = await this.prisma.message.findMany({
      where: { conversationId, held: false },
      orderBy: { seq: 'desc' },
      take: 50,
      select: { senderId: true, type: true, body: true },
    });
    for (const message of recent) {
      if (message.senderId !== memberUserId) return;
      if (message.type === 'text' && asksIfReal(message.body)) {
        throw new AppError('honest_answer_first');
      }
    }
  }
}
