import { Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { DB_INT_MAX } from '@app/contract';
import type {
  ChatMessage,
  OperatorReplyResponse,
  SendMessageRequest,
  SendMessageResponse,
  SendPhotoFields,
} from '@app/contract';
import {
  Prisma,
  type LedgerReason,
  type MessageType,
  type StaffRole,
} from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import { PrismaService } from '../prisma/prisma.service';
import { pgTransaction, queryRows, type SqlTx } from '../prisma/sql';
import { CreditsService } from '../credits';
import { Correspondents, OwnProfileReads, type Viewer } from '../member-access';
import { processPhoto } from '../photos';
import { Realtime } from '../realtime';
import { FileStorage, newPhotoBase } from '../storage';
import { CHAT_LOCK, lockChats } from './chat-locks';
import { checkedText, mayStartAnother, oneTarget, pair } from './chat-rules';
import { Notifier } from '../notifications';
import { ConversationsService } from './conversations.service';
import { GiftsService } from './gifts.service';
import {
  MESSAGE_SELECT,
  MessagePresenter,
  chatImageFiles,
  type MessageRow,
} from './message.presenter';

/** Who sends: the member of the session (or, for an operator's reply, the chat pal). */
export interface Sender {
  userId: number;
  profileId: number;
  paidUser: boolean;
  roles: StaffRole[];
  /** not_confirmed: what they send is held until the e-mail address is confirmed. */
  status: string;
  /** The balance the session read (a photo is refused before it is processed when too low). */
  credits: number;
}

/** What a send stored (or, for a repeated key, had stored), and whether it was a repeat. */
export interface Sent {
  answer: SendMessageResponse;
  replayed: boolean;
}

interface Partner {
  userId: number;
  profileId: number;
  fictional: boolean;
}

interface Content {
  type: MessageType;
  body?: string;
  giftId?: number;
  image?: { filename: string; width: number; height: number };
  cost: number;
}

const REASON: Record<MessageType, LedgerReason> = { text: 'message', photo: 'photo', gift: 'gift' };

/** A row of the send's insert, as PostgreSQL names its columns. */
interface InsertedRow {
  id: number;
  /** bigint through Prisma, a number through pg (prisma/pg-types.ts) */
  seq: bigint | number;
  conversation_id: number;
  sender_id: number;
  type: MessageType;
  held: boolean;
  body: string | null;
  image_filename: string | null;
  image_width: number | null;
  image_height: number | null;
  gift_id: number | null;
  credits_cost: number;
  created_at: Date;
}
/** The longer side of a chat photo's preview (the full size is at most 1600 px). */
const CHAT_THUMB_SIDE = 480;

/**
 * Sending (SPEC points 2-4, 6): text, photo and gift messages, paid in the transaction that
 * stores them (CreditsService.debit with a ledger row naming the message: the balance can never
 * go below zero, however many sends race), to a member the `contact` rule allows. Every send
 * carries the client's Idempotency-Key, kept on the message too (unique per sender), so even two
 * racing requests with one key store and charge once. A new conversation counts against a free
 * member's FREE_MAX_CONVERSATIONS, counted and added under the sender's chat lock. A member
 * whose e-mail is not confirmed pays and writes, but the message is held: only their own tabs
 * see it until activation releases it (releaseHeld). Messages to a chat pal wait in the
 * operator queue; an operator's reply is sent as the chat pal, free of credits.
 */
@Injectable()
export class SendsService {
  private readonly logger = new Logger('Chat');

  constructor(
    private readonly prisma: PrismaService,
    private readonly correspondents: Correspondents,
    private readonly ownProfile: OwnProfileReads,
    private readonly credits: CreditsService,
    private readonly conversations: ConversationsService,
    private readonly gifts: GiftsService,
    private readonly messages: MessagePresenter,
    private readonly realtime: Realtime,
    private readonly notifier: Notifier,
    private readonly storage: FileStorage,
  ) {}

  /** POST /api/message.php: a text or a gift. */
  async send(sender: Sender, input: SendMessageRequest, key: string): Promise<Sent> {
    const target = oneTarget(input);
    const settings = await this.conversations.chatSettings();
    let content: Content;
    if (input.type === 'text') {
      content = {
        type: 'text',
        body: checkedText(input.text, settings),
        cost: settings.messageCredits,
      };
    } else {
      const gift = await this.gifts.offered(input.gift);
      if (!gift) throw new AppError('not_found', {}, 'gift');
      content = { type: 'gift', giftId: gift.id, cost: gift.credits };
    }
    const resolved = await this.resolve(sender, target);
    return this.store(sender, resolved, content, key);
  }

  /**
   * POST /api/message-photo.php: the photo goes through the profile photos' pipeline (sniffed,
   * checked, decoded, re-encoded without metadata) into two files of the `chat` storage, which
   * only the conversation's two members can fetch. The partner and the balance are checked
   * before the costly processing; whatever fails after the files were written removes them.
   */
  async sendPhoto(
    sender: Sender,
    fields: SendPhotoFields,
    upload: Buffer,
    key: string,
  ): Promise<SendMessageResponse> {
    const target = oneTarget(fields);
    const settings = await this.conversations.chatSettings();
    const cost = settings.photoCredits;
    if (sender.credits < cost) throw new AppError('insufficient_credits');
    const resolved = await this.resolve(sender, target);
    const processed = await processPhoto(upload);
    const thumb = await sharp(processed.files.full)
      .resize(CHAT_THUMB_SIDE, CHAT_THUMB_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const files = chatImageFiles(`${newPhotoBase()}-full.webp`);
    const written: string[] = [];
    try {
      for (const [name, data] of [
        [files.full, processed.files.full],
        [files.thumb, thumb],
      ] as const) {
        written.push(name);
        await this.storage.put('chat', name, data, 'image/webp');
      }
      const sent = await this.store(
        sender,
        resolved,
        {
          type: 'photo',
          image: { filename: files.full, width: processed.width, height: processed.height },
          cost,
        },
        key,
      );
      // a racing request with the same key stored its photo first: this one's files go
      if (sent.replayed) await this.removeFiles(written);
      return sent.answer;
    } catch (error) {
      await this.removeFiles(written);
      throw error;
    }
  }

  /**
   * POST /api/operator-reply.php: staff answer in a conversation with a chat pal, as the chat
   * pal (free of credits), with the operator recorded on the message.
   */
  async operatorReply(
    operator: NonNullable<Viewer>,
    conversationId: number,
    rawText: string,
    key: string,
  ): Promise<OperatorReplyResponse> {
    const settings = await this.conversations.chatSettings();
    const text = checkedText(rawText, settings);
    if (conversationId > DB_INT_MAX) throw new AppError('not_found');
    const conversation = await this.prisma.conversation.findUnique({
      where: { id: conversationId },
      select: { id: true, userLowId: true, userHighId: true },
    });
    if (!conversation) throw new AppError('not_found');
    // another operator holds it (the console's lock, staff-partners/inbox-locks.ts)
    const [held] = await this.prisma.$queryRaw<{ operator_id: number }[]>`
      SELECT operator_id FROM operator_locks
      WHERE conversation_id = ${conversation.id} AND expires_at > now()`;
    if (held && held.operator_id !== operator.userId) throw new AppError('conversation_locked');
    const pals = await this.correspondents.fictionalAmong([
      conversation.userLowId,
      conversation.userHighId,
    ]);
    if (pals.size !== 1) throw new AppError('not_found');
    const palId = [...pals][0];
    const memberId =
      palId === conversation.userLowId ? conversation.userHighId : conversation.userLowId;
    const palViewer = { userId: palId, roles: [], paidUser: true };
    const member = await this.correspondents.messageable(palViewer, { userId: memberId });
    const pal = await this.correspondents.messageable(
      { userId: memberId, roles: [], paidUser: true },
      {
        userId: palId,
      },
    );
    const sent = await this.store(
      { ...palViewer, profileId: pal.profileId, status: 'confirmed', credits: 0 },
      { conversationId: conversation.id, partner: member },
      { type: 'text', body: text, cost: 0 },
      key,
      operator.userId,
    );
    return { message: sent.answer.message };
  }

  // ------------------------------------------------------------- held messages

  /**
   * In the activation's transaction: the member's held messages become visible, each with a new
   * seq (in the order they were written), under the chat locks of the member and every partner.
   * Returns what announceReleased emits once the transaction has committed.
   */
  async releaseHeld(
    tx: Prisma.TransactionClient,
    userId: number,
  ): Promise<{ userId: number; messageIds: number[] }> {
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
    const released = await tx.$queryRaw<{ id: number }[]>`
      WITH ordered AS (
        SELECT id FROM messages WHERE sender_id = ${userId}::int AND held ORDER BY id FOR UPDATE
      ), numbered AS (
        SELECT id, nextval(pg_get_serial_sequence('messages', 'seq')) AS seq FROM ordered
      )
      UPDATE messages m SET held = false, seq = numbered.seq, seq_at = now()
      FROM numbered WHERE m.id = numbered.id
      RETURNING m.id`;
    const ids = released.map((row) => row.id);
    // the partners' sides: the messages arrive; the member's own side: they wrote (privacy
    // mode), unless they removed the conversation since
    await tx.$executeRaw`
      UPDATE conversation_participants cp SET
        unread_count = cp.unread_count + CASE WHEN cp.user_id <> ${userId}::int THEN r.n ELSE 0 END,
        last_message_id = CASE WHEN cp.user_id <> ${userId}::int
          THEN GREATEST(COALESCE(cp.last_message_id, 0), r.last_id) ELSE cp.last_message_id END,
        removed_at = CASE WHEN cp.user_id <> ${userId}::int THEN NULL ELSE cp.removed_at END,
        wrote_at = CASE WHEN cp.user_id = ${userId}::int AND cp.removed_at IS NULL
          THEN now() ELSE cp.wrote_at END
      FROM (
        SELECT conversation_id, count(*)::int AS n, max(id) AS last_id FROM messages
        WHERE id = ANY(${ids}::int[]) GROUP BY conversation_id
      ) r
      WHERE cp.conversation_id = r.conversation_id`;
    const pals = await this.correspondents.fictionalAmong([...partnerOf.values()]);
    const waiting = [...partnerOf].filter(([, partner]) => pals.has(partner)).map(([id]) => id);
    if (waiting.length > 0) {
      await tx.$executeRaw`
        UPDATE conversations SET awaiting_reply_since = COALESCE(awaiting_reply_since, now())
        WHERE id = ANY(${waiting}::int[])`;
    }
    return { userId, messageIds: ids };
  }

  /** After the activation committed: both members' tabs get the released messages. */
  async announceReleased(released: { userId: number; messageIds: number[] }): Promise<void> {
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
        const profileOf = (id: number) => (id === released.userId ? ownProfile : partnerProfile);
        const none = { read: 0, delivered: 0 };
        this.emitNew(
          row,
          released.userId,
          other.userId,
          this.messages.present(
            row,
            { viewerId: released.userId, profileOf, own: none, other: none },
            gifts,
          ),
          this.messages.present(
            row,
            { viewerId: other.userId, profileOf, own: none, other: none },
            gifts,
          ),
        );
      }
    } catch (error) {
      // released and stored: the clients catch up
      this.logger.warn(`Could not announce released messages: ${String(error)}`);
    }
  }

  // ------------------------------------------------------------- the send itself

  /** The conversation (if any) and the partner the sender may message; else 404. */
  private async resolve(
    sender: Sender,
    target: { conversation: number } | { member: number },
  ): Promise<{ conversationId: number | null; partner: Partner }> {
    if ('conversation' in target) {
      const partner = await this.correspondents.messageableIn(sender, target.conversation);
      return { conversationId: target.conversation, partner };
    }
    const partner = await this.correspondents.messageable(sender, { profileId: target.member });
    const found = await this.prisma.conversation.findUnique({
      where: { userLowId_userHighId: pair(sender.userId, partner.userId) },
      select: { id: true },
    });
    return { conversationId: found?.id ?? null, partner };
  }

  private async store(
    sender: Sender,
    resolved: { conversationId: number | null; partner: Partner },
    content: Content,
    key: string,
    operatorId?: number,
  ): Promise<Sent> {
    const { partner } = resolved;
    const held = sender.status === 'not_confirmed';
    let stored: { row: MessageRow; credits: number };
    const insertAndPay = async (tx: SqlTx, conversationId: number) => {
      const row = await this.insert(tx, conversationId, sender, partner, content, {
        held,
        key,
        operatorId,
      });
      const credits =
        content.cost > 0
          ? await this.credits.debit(tx, {
              userId: sender.userId,
              amount: content.cost,
              reason: REASON[content.type],
              messageId: row.id,
            })
          : sender.credits;
      return { row, credits };
    };
    const existing = resolved.conversationId;
    try {
      stored =
        existing !== null
          ? // the common case, on a pooled connection of its own: two statements, no ORM work
            await pgTransaction(this.prisma.pool, (client) => insertAndPay(client, existing))
          : await this.prisma.$transaction(async (tx) => {
              // a new conversation: counted and added under the sender's lock
              await lockChats(tx, [sender.userId, partner.userId]);
              return insertAndPay(tx, await this.start(tx, sender, partner.userId));
            });
    } catch (error) {
      // the same key raced past the idempotency record (or outlived it): one message, paid once
      if (!isUniqueViolation(error, 'idempotency_key')) throw error;
      return { answer: await this.replay(sender, resolved, content, key), replayed: true };
    }
    const { row, credits } = stored;
    const profileOf = (id: number) => (id === sender.userId ? sender.profileId : partner.profileId);
    const none = { read: 0, delivered: 0 };
    const own = this.messages.present(
      row,
      { viewerId: sender.userId, profileOf, own: none, other: none },
      await this.gifts.all(),
    );
    const theirs = this.messages.present(
      row,
      { viewerId: partner.userId, profileOf, own: none, other: none },
      await this.gifts.all(),
    );
    this.emitNew(
      row,
      sender.userId,
      partner.userId,
      own,
      theirs,
      existing === null ? 'conversation' : 'message',
    );
    // the operators' inbox: a member's message to a chat partner waits, a reply answers it
    if ((partner.fictional && !held) || operatorId) {
      this.realtime.toStaff(['operator'], 'queue:changed', { queue: 'inbox' });
    }
    if (content.cost > 0) this.realtime.toMember(sender.userId, 'credits:changed', { credits });
    return { answer: { message: own, credits }, replayed: false };
  }

  /**
   * The message, in one statement: under the chat locks of both members (taken first, so the
   * seq the insert draws commits in order for each of them; chat-locks.ts), the insert, and
   * both members' rows of the conversation (the list's newest message, the recipient's unread
   * count unless held, a removed conversation back, and unless held that the sender wrote: the
   * privacy-mode partner, member-access/privacy-partner.ts) and the conversation itself (its last
   * message, and the operator queue: a member's message to a chat pal waits, a reply answers).
   */
  private async insert(
    tx: SqlTx,
    conversationId: number,
    sender: Sender,
    partner: Partner,
    content: Content,
    meta: { held: boolean; key: string; operatorId?: number },
  ): Promise<MessageRow> {
    const [low, high] = [sender.userId, partner.userId].sort((a, b) => a - b);
    const waiting =
      partner.fictional && !meta.held ? 'wait' : meta.operatorId ? 'answered' : 'same';
    const [row] = await queryRows<InsertedRow>(
      tx,
      Prisma.sql`
      WITH locked AS (
        SELECT pg_advisory_xact_lock(${CHAT_LOCK}::int, ${low}::int)::text AS a,
               pg_advisory_xact_lock(${CHAT_LOCK}::int, ${high}::int)::text AS b
      ), m AS (
        INSERT INTO messages (conversation_id, sender_id, operator_id, waited_since, type, held,
          body, image_filename, image_width, image_height, gift_id, credits_cost, idempotency_key)
        SELECT ${conversationId}::int, ${sender.userId}::int, ${meta.operatorId ?? null}::int,
          CASE WHEN ${meta.operatorId ?? null}::int IS NULL THEN NULL ELSE
            (SELECT awaiting_reply_since FROM conversations WHERE id = ${conversationId}::int) END,
          ${content.type}::"MessageType", ${meta.held}::boolean, ${content.body ?? null}::text,
          ${content.image?.filename ?? null}::text, ${content.image?.width ?? null}::int,
          ${content.image?.height ?? null}::int, ${content.giftId ?? null}::int,
          ${content.cost}::int, ${meta.key}::text
        FROM locked
        RETURNING id, seq, conversation_id, sender_id, type::text AS type, held, body,
          image_filename, image_width, image_height, gift_id, credits_cost, created_at
      ), p AS (
        UPDATE conversation_participants SET
          last_message_id = (SELECT id FROM m), removed_at = NULL,
          unread_count = unread_count + CASE WHEN user_id = ${partner.userId}::int THEN 1 ELSE 0 END,
          wrote_at = CASE WHEN user_id = ${sender.userId}::int AND NOT ${meta.held}::boolean
            THEN (SELECT created_at FROM m) ELSE wrote_at END
        WHERE conversation_id = ${conversationId}::int
          AND (user_id = ${sender.userId}::int
            OR (user_id = ${partner.userId}::int AND NOT ${meta.held}::boolean))
      ), c AS (
        UPDATE conversations SET last_message_at = (SELECT created_at FROM m),
          awaiting_reply_since = CASE ${waiting}::text
            WHEN 'wait' THEN COALESCE(awaiting_reply_since, (SELECT created_at FROM m))
            WHEN 'answered' THEN NULL
            ELSE awaiting_reply_since END
        WHERE id = ${conversationId}::int
      )
      SELECT * FROM m`,
    );
    return {
      id: row.id,
      seq: BigInt(row.seq),
      conversationId: row.conversation_id,
      senderId: row.sender_id,
      type: row.type,
      held: row.held,
      body: row.body,
      imageFilename: row.image_filename,
      imageWidth: row.image_width,
      imageHeight: row.image_height,
      giftId: row.gift_id,
      creditsCost: row.credits_cost,
      createdAt: row.created_at,
    };
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
   * The message a key already stored, answered as its first answer was (the balance as it is
   * now); the same key for another message is 422 idempotency_key_reused.
   */
  private async replay(
    sender: Sender,
    resolved: { conversationId: number | null; partner: Partner },
    content: Content,
    key: string,
  ): Promise<SendMessageResponse> {
    const { partner } = resolved;
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
      (resolved.conversationId === null || row.conversationId === resolved.conversationId) &&
      (content.type === 'photo' ||
        (row.body === (content.body ?? null) && row.giftId === (content.giftId ?? null)));
    if (!same) throw new AppError('idempotency_key_reused');
    const profileOf = (id: number) => (id === sender.userId ? sender.profileId : partner.profileId);
    const none = { read: 0, delivered: 0 };
    return {
      message: this.messages.present(
        row,
        { viewerId: sender.userId, profileOf, own: none, other: none },
        await this.gifts.all(),
      ),
      credits: balance.credits,
    };
  }

  /** Both members' tabs: the message as each sees it (the recipient's only when not held). */
  private emitNew(
    row: MessageRow,
    senderId: number,
    recipientId: number,
    own: ChatMessage,
    theirs: ChatMessage,
    kind: 'message' | 'conversation' = 'message',
  ): void {
    this.realtime.toMember(senderId, 'message:new', { message: own });
    if (row.held) {
      this.realtime.toMember(senderId, 'chats:changed');
      return;
    }
    this.realtime.toMember(recipientId, 'message:new', { message: theirs });
    this.realtime.toMembers([senderId, recipientId], 'chats:changed');
    // the recipient's mail and push, when away (the notify worker decides)
    void this.notifier.notify({
      kind,
      recipientId,
      actorId: senderId,
      conversationId: row.conversationId,
    });
  }

  private async removeFiles(names: string[]): Promise<void> {
    for (const name of names) {
      try {
        await this.storage.delete('chat', name);
      } catch (error) {
        this.logger.warn(`Could not remove chat file ${name}: ${String(error)}`);
      }
    }
  }
}
