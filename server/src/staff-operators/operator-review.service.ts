import { Injectable } from '@nestjs/common';
import type {
  OperatorFigures,
  OperatorReviewResponse,
  OperatorsResponse,
  ReviewedReply,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { GiftsService } from '../chats';
import { ChatPartnerReads, staffViewerOf } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { AuditLog, type StaffPrincipal } from '../staff';
import {
  operatorFiguresStatement,
  operatorsFiguresStatement,
  sampledRepliesStatement,
  type OperatorFiguresRow,
  type SampledReplyRow,
} from './operator-review.sql';

const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

function presentFigures(row: OperatorFiguresRow): OperatorFigures {
  return {
    operator: { id: row.operator_id, name: row.name },
    answered_conversations: row.answered_conversations,
    replies: row.replies,
    photos: row.photos,
    gifts: row.gifts,
    median_seconds: round(row.median_seconds),
    p90_seconds: round(row.p90_seconds),
  };
}

/**
 * The admins' review of the operators (issue 38 item 5), for a chosen period: per operator the
 * conversations they answered, their replies (photos and gifts among them) and reply times
 * (median and 90th percentile from the member's first unanswered message, as the figures'
 * reply times), and for one operator a random sample of their replies, each beside the member's
 * message it answered. Reading the sample (members' messages) writes an audit row.
 */
@Injectable()
export class OperatorReviewService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: ChatPartnerReads,
    private readonly gifts: GiftsService,
    private readonly audit: AuditLog,
  ) {}

  async operators(days: number): Promise<OperatorsResponse> {
    const rows = await queryRows<OperatorFiguresRow>(this.prisma, operatorsFiguresStatement(days));
    return { days, operators: rows.map(presentFigures) };
  }

  async review(
    staff: StaffPrincipal,
    operatorId: number,
    days: number,
  ): Promise<OperatorReviewResponse> {
    const [figures] = await queryRows<OperatorFiguresRow>(
      this.prisma,
      operatorFiguresStatement(operatorId, days),
    );
    if (!figures) throw new AppError('not_found');
    const rows = await queryRows<SampledReplyRow>(
      this.prisma,
      sampledRepliesStatement(operatorId, days),
    );
    const [profiles, gifts] = await Promise.all([
      this.reads.conversationProfiles(staffViewerOf(staff), [
        ...new Set(rows.flatMap((row) => [row.sender_id, row.member_id])),
      ]),
      this.gifts.all(),
    ]);
    const sample: ReviewedReply[] = rows.map((row) => {
      const partner = profiles.get(row.sender_id);
      const member = profiles.get(row.member_id);
      const gift = row.gift_id === null ? undefined : gifts.get(row.gift_id);
      return {
        message_id: row.id,
        conversation_id: row.conversation_id,
        at: row.created_at.toISOString(),
        type: row.type,
        text: row.type === 'text' ? row.body : null,
        gift: gift ? { slug: gift.slug, image: gift.image } : null,
        waited_seconds: round(row.waited_seconds),
        partner: partner?.fictional
          ? { id: partner.id, name: partner.name, fictional: true as const }
          : null,
        member: member && !member.fictional ? { id: member.id, name: member.name } : null,
        in_reply_to: row.in_reply_to,
      };
    });
    await this.audit.record(this.prisma, staff, {
      action: 'operator.review_viewed',
      targetUserId: null,
      subjectType: 'staff_account',
      subjectId: operatorId,
      after: { days, messages: rows.map((row) => row.id) },
    });
    return { days, figures: presentFigures(figures), sample };
  }
}
