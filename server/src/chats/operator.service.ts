import { Injectable } from '@nestjs/common';
import type { OperatorQueueResponse } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { ChatPartnerReads, type Viewer } from '../member-access';
import { GiftsService } from './gifts.service';
import { MESSAGE_SELECT, MessagePresenter } from './message.presenter';

const QUEUE_SIZE = 50;

/**
 * The operator queue (staff: operator, admin): conversations with a chat pal whose newest
 * message is the member's, oldest waiting first (conversations.awaiting_reply_since, set by a
 * member's visible message to a chat pal and cleared by an operator's reply). The operator
 * console comes later; this is its data.
 */
@Injectable()
export class OperatorService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly partners: ChatPartnerReads,
    private readonly gifts: GiftsService,
    private readonly messages: MessagePresenter,
  ) {}

  async queue(viewer: NonNullable<Viewer>): Promise<OperatorQueueResponse> {
    const waiting = await this.prisma.conversation.findMany({
      where: { awaitingReplySince: { not: null } },
      orderBy: [{ awaitingReplySince: 'asc' }, { id: 'asc' }],
      take: QUEUE_SIZE,
      select: {
        id: true,
        userLowId: true,
        userHighId: true,
        awaitingReplySince: true,
        messages: {
          where: { held: false },
          orderBy: { seq: 'desc' },
          take: 1,
          select: MESSAGE_SELECT,
        },
      },
    });
    const profiles = await this.partners.conversationProfiles(
      viewer,
      waiting.flatMap((c) => [c.userLowId, c.userHighId]),
    );
    const gifts = await this.gifts.all();
    const conversations: OperatorQueueResponse['conversations'] = [];
    for (const c of waiting) {
      const low = profiles.get(c.userLowId);
      const high = profiles.get(c.userHighId);
      const last = c.messages[0];
      if (!low || !high || !last || low.fictional === high.fictional) continue;
      const [pal, palUserId, member] = low.fictional
        ? [low, c.userLowId, high]
        : [high, c.userHighId, low];
      const none = { read: 0, delivered: 0 };
      conversations.push({
        conversation_id: c.id,
        fictional_profile: { id: pal.id, name: pal.name },
        member_profile: { id: member.id, name: member.name },
        waiting_since: (c.awaitingReplySince as Date).toISOString(),
        last_message: this.messages.present(
          last,
          {
            viewerId: palUserId,
            profileOf: (userId) => (userId === palUserId ? pal.id : member.id),
            own: none,
            other: none,
          },
          gifts,
        ),
      });
    }
    return { conversations };
  }
}
