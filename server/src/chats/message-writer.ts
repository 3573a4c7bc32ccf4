import { Injectable } from '@nestjs/common';
import type { LedgerReason, MessageType, Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows, type SqlRunner } from '../prisma/sql';
import { CreditsService } from '../credits';
import { lockChats } from './chat-locks';
import { mayStartAnother, pair } from './chat-rules';
import { ConversationsService } from './conversations.service';
import { MESSAGE_SELECT, type MessageRow } from './message.presenter';
import {
  insertMessage,
  messageRowOf,
  type InsertMeta,
  type InsertedRow,
} from './message-writer.sql';
import type { Content, Recipient, Sender } from './sending';

const REASON: Record<MessageType, LedgerReason> = { text: 'message', photo: 'photo', gift: 'gift' };

/** What the caller writes in the message's transaction once it is stored (not for a repeat). */
export type InTransaction = (tx: Prisma.TransactionClient, row: MessageRow) => Promise<void>;

/** What a write stored (or, for a repeated key, had stored) and the sender's balance after it. */
export interface Written {
  row: MessageRow;
  credits: number;
  /** The key had stored this message before: nothing was written or charged now. */
  replayed: boolean;
}

/**
 * Stores a message and its payment in one statement (CreditsService.debitSteps with a ledger
 * row naming the message: the balance can never go below zero, however many sends race). Into
 * an existing conversation on `pg`'s pool, the statement its own transaction (one round trip,
 * no ORM work: the common case); a new conversation in Prisma's transaction, counted and added
 * under the sender's chat lock; what the caller writes with the message (`inTransaction`: an
 * operator's audit row) commits with it or not at all. The Idempotency-Key is kept on the message (unique per sender), so two
 * racing requests with one key store and charge once: the second replays the first.
 */
@Injectable()
export class MessageWriter {
  constructor(
    private readonly prisma: PrismaService,
    private readonly credits: CreditsService,
    private readonly conversations: ConversationsService,
  ) {}

  async write(
    sender: Sender,
    to: Recipient,
    content: Content,
    meta: InsertMeta,
    inTransaction?: InTransaction,
  ): Promise<Written> {
    try {
      const stored = await this.insert(sender, to, content, meta, inTransaction);
      return { ...stored, replayed: false };
    } catch (error) {
      // the same key raced past the idempotency record (or outlived it): one message, paid once;
      // a repeat whose first send spent the last credits finds the message, not the balance
      const repeated =
        isUniqueViolation(error, 'idempotency_key') ||
        (error instanceof AppError &&
          error.code === 'insufficient_credits' &&
          (await this.stored(sender.userId, meta.key)));
      if (!repeated) throw error;
      return { ...(await this.replay(sender, to, content, meta.key)), replayed: true };
    }
  }

  /**
   * Into an existing conversation, the message alone is one statement on the pool (its own
   * transaction, no ORM work: the common case); a new conversation, or what the caller writes
   * with the message (an operator's audit row), takes Prisma's transaction.
   */
  private async insert(
    sender: Sender,
    to: Recipient,
    content: Content,
    meta: InsertMeta,
    inTransaction?: InTransaction,
  ): Promise<{ row: MessageRow; credits: number }> {
    const existing = to.conversationId;
    if (existing !== null && !inTransaction) {
      return this.insertAndPay(this.prisma.pool, existing, sender, to, content, meta);
    }
    return this.prisma.$transaction(async (tx) => {
      let conversationId = existing;
      if (conversationId === null) {
        // a new conversation: counted and added under the sender's lock
        await lockChats(tx, [sender.userId, to.partner.userId]);
        conversationId = await this.start(tx, sender, to.partner.userId);
      }
      const written = await this.insertAndPay(tx, conversationId, sender, to, content, meta);
      await inTransaction?.(tx, written.row);
      return written;
    });
  }

  /**
   * The message and, when it costs credits, its debit and ledger row (CreditsService.debitSteps)
   * in one statement: without the credits it writes nothing and answers 402.
   */
  private async insertAndPay(
    tx: SqlRunner,
    conversationId: number,
    sender: Sender,
    to: Recipient,
    content: Content,
    meta: InsertMeta,
  ): Promise<{ row: MessageRow; credits: number }> {
    const pay =
      content.cost > 0
        ? this.credits.debitSteps(
            { userId: sender.userId, amount: content.cost, reason: REASON[content.type] },
            'locked',
            'm',
          )
        : null;
    const [inserted] = await queryRows<InsertedRow>(
      tx,
      insertMessage(conversationId, sender.userId, to.partner, content, meta, pay),
    );
    if (!inserted) throw new AppError('insufficient_credits');
    const credits = pay ? (inserted.balance_after as number) : sender.credits;
    return { row: messageRowOf(inserted), credits };
  }

  /** Whether this sender's key already stored a message. */
  private async stored(senderId: number, key: string): Promise<boolean> {
    const found = await this.prisma.message.findUnique({
      where: { senderId_idempotencyKey: { senderId, idempotencyKey: key } },
      select: { id: true },
    });
    return found !== null;
  }

  /** A new conversation, after checking a free member may start one (under the sender's lock). */
  private async start(
    tx: Prisma.TransactionClient,
    sender: Sender,
    partnerId: number,
  ): Promise<number> {
    const ids = pair(sender.userId, partnerId);
    // started by the other member while this send waited for the lock
    const existing = await tx.conversation.findUnique({
      where: { userLowId_userHighId: ids },
      select: { id: true },
    });
    if (existing) return existing.id;
    if (!sender.paidUser) {
      const started = await this.conversations.startedBy(sender.userId, tx);
      if (!mayStartAnother(false, started)) throw new AppError('premium_only');
      // once per person: another free account in this browser (or paying with this card) used them
      const elsewhere = await this.conversations.startedBySamePerson(sender.userId, tx);
      if (!mayStartAnother(false, started + elsewhere)) {
        throw new AppError('free_conversations_linked');
      }
    }
    const created = await tx.conversation.create({
      data: {
        ...ids,
        initiatorId: sender.userId,
        participants: { createMany: { data: [{ userId: sender.userId }, { userId: partnerId }] } },
      },
      select: { id: true },
    });
    return created.id;
  }

  /**
   * The message a key already stored, with the balance as it is now; the same key for another
   * message is 422 idempotency_key_reused.
   */
  private async replay(
    sender: Sender,
    to: Recipient,
    content: Content,
    key: string,
  ): Promise<{ row: MessageRow; credits: number }> {
    const [row, balance] = await Promise.all([
      this.prisma.message.findUnique({
        where: { senderId_idempotencyKey: { senderId: sender.userId, idempotencyKey: key } },
        select: MESSAGE_SELECT,
      }),
      this.prisma.user.findUnique({ where: { id: sender.userId }, select: { credits: true } }),
    ]);
    if (!row || !balance) throw new AppError('idempotency_in_progress');
    const same =
      row.type === content.type &&
      (to.conversationId === null || row.conversationId === to.conversationId) &&
      (content.type === 'photo' ||
        (row.body === (content.body ?? null) && row.giftId === (content.giftId ?? null)));
    if (!same) throw new AppError('idempotency_key_reused');
    return { row, credits: balance.credits };
  }
}
