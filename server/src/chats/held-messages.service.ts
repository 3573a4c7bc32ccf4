import { Injectable, Logger } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement, queryRows } from '../prisma/sql';
import { Correspondents, OwnProfileReads } from '../member-access';
import { lockChats } from './chat-locks';
import { GiftsService } from './gifts.service';
import {
  awaitReplyStatement,
  releasedArriveStatement,
  releaseHeldStatement,
  type ReleasedRow,
} from './held-messages.sql';
import { MessageDelivery } from './message-delivery';
import { MESSAGE_SELECT, MessagePresenter } from './message.presenter';

/** What releaseHeld released, for announceReleased once the activation has committed. */
export interface Released {
  userId: number;
  messageIds: number[];
}

/**
 * Held messages (SPEC point 2): a member whose e-mail is not confirmed pays and writes, but the
 * message is held: only their own tabs see it. The activation releases them (accounts/
 * `activate`): in its transaction they become visible, after it both members' tabs get them.
 */
@Injectable()
export class HeldMessagesService {
  private readonly logger = new Logger('Chat');

  constructor(
    private readonly prisma: PrismaService,
    private readonly correspondents: Correspondents,
    private readonly ownProfile: OwnProfileReads,
    private readonly gifts: GiftsService,
    private readonly messages: MessagePresenter,
    private readonly delivery: MessageDelivery,
  ) {}

  /**
   * In the activation's transaction: the member's held messages become visible, each with a new
   * seq (in the order they were written), under the chat locks of the member and every partner.
   * Returns what announceReleased emits once the transaction has committed.
   */
  async releaseHeld(tx: Prisma.TransactionClient, userId: number): Promise<Released> {
    const held = await tx.message.findMany({
      where: { senderId: userId, held: true },
      distinct: ['conversationId'],
      select: { conversation: { select: { id: true, userLowId: true, userHighId: true } } },
    });
    if (held.length === 0) return { userId, messageIds: [] };
    const partnerOf = new Map(
      held.map(({ conversation: c }) => [
        c.id,
        c.userLowId === userId ? c.userHighId : c.userLowId,
      ]),
    );
    await lockChats(tx, [userId, ...partnerOf.values()]);
    const released = await queryRows<ReleasedRow>(tx, releaseHeldStatement(userId));
    const ids = released.map((row) => row.id);
    // the partners' sides: the messages arrive; the member's own side: they wrote (privacy
    // mode), unless they removed the conversation since
    await executeStatement(tx, releasedArriveStatement(userId, ids));
    const pals = await this.correspondents.fictionalAmong([...partnerOf.values()]);
    const waiting = [...partnerOf].filter(([, partner]) => pals.has(partner)).map(([id]) => id);
    if (waiting.length > 0) {
      await executeStatement(tx, awaitReplyStatement(waiting));
    }
    return { userId, messageIds: ids };
  }

  /** After the activation committed: both members' tabs get the released messages. */
  async announceReleased(released: Released): Promise<void> {
    if (released.messageIds.length === 0) return;
    try {
      const rows = await this.prisma.message.findMany({
        where: { id: { in: released.messageIds } },
        orderBy: { seq: 'asc' },
        select: {
          ...MESSAGE_SELECT,
          conversation: {
            select: {
              participants: {
                select: { userId: true, lastReadSeq: true, lastDeliveredSeq: true },
              },
            },
          },
        },
      });
      const others = rows.flatMap((row) =>
        row.conversation.participants
          .filter((p) => p.userId !== released.userId)
          .map((p) => p.userId),
      );
      const sender = { userId: released.userId, roles: [], paidUser: false };
      const partners = await this.correspondents.messageableProfileIds(sender, [
        ...new Set(others),
      ]);
      const ownProfile = (await this.ownProfile.read(released.userId, { id: true }))?.id;
      const gifts = await this.gifts.all();
      for (const row of rows) {
        const other = row.conversation.participants.find((p) => p.userId !== released.userId);
        const partnerProfile = other && partners.get(other.userId);
        if (!other || partnerProfile === undefined || ownProfile === undefined) continue;
        this.delivery.deliver(
          row,
          released.userId,
          other.userId,
          this.messages.presentToBoth(
            row,
            { userId: released.userId, profileId: ownProfile },
            { userId: other.userId, profileId: partnerProfile },
            gifts,
          ),
        );
      }
    } catch (error) {
      // released and stored: the clients catch up
      this.logger.warn(`Could not announce released messages: ${String(error)}`);
    }
  }
}
