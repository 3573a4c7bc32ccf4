import { Injectable } from '@nestjs/common';
import type { ChatMessage } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { GiftsService } from './gifts.service';
import { MESSAGE_SELECT, MessagePresenter } from './message.presenter';

/** A conversation with a chat pal, by its two profiles (the operators' inbox has them). */
export interface PalConversation {
  id: number;
  palProfileId: number;
  /** The chat pal's account: the side the message is presented to. */
  palUserId: number;
  memberProfileId: number;
}

/**
 * The newest visible message of conversations with a chat pal, presented as the chat pal sees
 * it: what the spec's operator-queue.php (staff-partners, an adapter over the operators' inbox)
 * shows beside each waiting conversation. Conversations without one are left out.
 */
@Injectable()
export class PalNewestMessages {
  constructor(
    private readonly prisma: PrismaService,
    private readonly gifts: GiftsService,
    private readonly messages: MessagePresenter,
  ) {}

  async of(conversations: PalConversation[]): Promise<Map<number, ChatMessage>> {
    const newest = new Map<number, ChatMessage>();
    if (conversations.length === 0) return newest;
    const [rows, gifts] = await Promise.all([
      this.prisma.conversation.findMany({
        where: { id: { in: conversations.map((c) => c.id) } },
        select: {
          id: true,
          messages: {
            where: { held: false },
            orderBy: { seq: 'desc' },
            take: 1,
            select: MESSAGE_SELECT,
          },
        },
      }),
      this.gifts.all(),
    ]);
    const last = new Map(rows.map((row) => [row.id, row.messages[0]]));
    const none = { read: 0, delivered: 0 };
    for (const c of conversations) {
      const message = last.get(c.id);
      const palUserId = c.palUserId;
      if (!message) continue;
      const side = {
        viewerId: palUserId,
        profileOf: (userId: number) => (userId === palUserId ? c.palProfileId : c.memberProfileId),
        own: none,
        other: none,
      };
      newest.set(c.id, this.messages.present(message, side, gifts));
    }
    return newest;
  }
}
