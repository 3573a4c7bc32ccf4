import { Injectable } from '@nestjs/common';
import {
  CATCH_UP_LIMIT,
  CHAT_PAGE_SIZE,
  DB_INT_MAX,
  MESSAGE_PREVIEW_LENGTH,
  type CatchUpResponse,
  type ChatDeleteRequest,
  type ChatListItem,
  type ChatMessage,
  type ChatResponse,
  type ChatsResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement, queryRows } from '../prisma/sql';
import { Correspondents, ProfileTargets, type Viewer } from '../member-access';
import { SettingsService } from '../settings';
import { Realtime } from '../realtime';
import { chatSettings, historyFrom, mayStartAnother, pair, type ChatSettings } from './chat-rules';
import {
  catchUpStatement,
  removeConversationsStatement,
  type CatchUpRow,
} from './conversations.sql';
import { GiftsService } from './gifts.service';
import { AccountLinks } from '../account-links';
import { MESSAGE_SELECT, MessagePresenter, statusOf, type Markers } from './message.presenter';

type Member = NonNullable<Viewer> & { profileId: number };

/**
 * Catch-up also answers messages that got their seq within this window, even at or below
 * `since`: an event that overtook an earlier one on its way through Redis (two app processes)
 * cannot make a reconnecting client skip the earlier one. The client stores messages by id.
 */
const CATCH_UP_OVERLAP_MS = 30_000;
/** At most this many messages at or below `since` are answered again. */
const CATCH_UP_OVERLAP_MAX = 50;

/**
 * Conversations as their members see them (SPEC points 2-4, 7): the chat list with unread counts
 * and the badges' totals, one conversation with a page of its history, catch-up by seq after a
 * reconnect, removal (the read and delivery markers are markers.service.ts). The other member
 * is read through member-access with the `contact` rule: a conversation with a member who
 * blocked the viewer or whom the viewer blocked, or who is deleted or banned, is neither listed
 * nor opened (404), and its messages are left out of catch-up. Messages older than the history
 * limit (settings chat_history_days) and those a removal cleared are never answered; a
 * recipient never sees held messages.
 */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly correspondents: Correspondents,
    private readonly targets: ProfileTargets,
    private readonly settings: SettingsService,
    private readonly gifts: GiftsService,
    private readonly messages: MessagePresenter,
    private readonly realtime: Realtime,
    private readonly links: AccountLinks,
  ) {}

  async chatSettings(): Promise<ChatSettings> {
    return chatSettings(await this.settings.stored());
  }

  // ------------------------------------------------------------- the list

  /** GET /api/chats.php: newest activity first; removed conversations until a new message. */
  async list(viewer: NonNullable<Viewer>, now = new Date()): Promise<ChatsResponse> {
    const [{ newLikes, chats: rows }, settings] = await Promise.all([
      this.correspondents.chatList(viewer, MESSAGE_PREVIEW_LENGTH, now),
      this.chatSettings(),
    ]);
    const oldest = historyFrom(settings, now.getTime());
    let unread = 0;
    const chats = rows.map((row): ChatListItem => {
      const mine = row.sender_id === viewer.userId;
      unread += row.unread_count;
      return {
        conversation: { id: row.conversation_id },
        profile: row.card,
        num_unread_messages: row.unread_count,
        last_message:
          row.created_at < oldest
            ? null
            : {
                id: row.message_id,
                type: row.type,
                preview: row.type === 'text' ? row.preview : null,
                mine,
                status: statusOf(
                  row.held,
                  row.seq,
                  mine
                    ? { read: row.other_read, delivered: row.other_delivered }
                    : { read: row.own_read, delivered: row.own_delivered },
                ),
                created_at: row.created_at.toISOString(),
              },
        updated_at: row.created_at.toISOString(),
      };
    });
    return { chats, unread_messages: unread, new_likes: newLikes };
  }

  // ------------------------------------------------------------- one conversation

  /**
   * GET /api/chat.php: by conversation id (the viewer must take part in it) or by the other
   * member's profile id (no conversation yet: `conversation` null and no messages).
   */
  async open(
    viewer: Member,
    status: string,
    query: { conversation?: number; member?: number; before?: number },
    now = new Date(),
  ): Promise<ChatResponse> {
    let conversationId: number | null;
    let partner: Awaited<ReturnType<Correspondents['messageableCard']>>;
    if (query.conversation !== undefined) {
      const own = await this.participation(viewer.userId, query.conversation);
      partner = await this.correspondents.messageableCard(viewer, { userId: own.otherId }, now);
      conversationId = query.conversation;
    } else {
      partner = await this.correspondents.messageableCard(
        viewer,
        { profileId: query.member! },
        now,
      );
      const found = await this.prisma.conversation.findUnique({
        where: { userLowId_userHighId: pair(viewer.userId, partner.userId) },
        select: { id: true },
      });
      conversationId = found?.id ?? null;
    }
    const [settings, gifts] = await Promise.all([this.chatSettings(), this.gifts.all()]);
    const base = {
      profile: partner.card,
      costs: { text: settings.messageCredits, photo: settings.photoCredits },
      held: status === 'not_confirmed',
      fictional: partner.card.fictional,
    };
    if (conversationId === null) {
      const started = viewer.paidUser
        ? 0
        : (await this.startedBy(viewer.userId)) + (await this.startedBySamePerson(viewer.userId));
      return {
        ...base,
        conversation: null,
        messages: [],
        has_older: false,
        can_start: mayStartAnother(viewer.paidUser, started),
      };
    }
    const sides = await this.prisma.conversationParticipant.findMany({
      where: { conversationId },
      select: { userId: true, lastReadSeq: true, lastDeliveredSeq: true, clearedSeq: true },
    });
    const mine = sides.find((side) => side.userId === viewer.userId);
    const other = sides.find((side) => side.userId === partner.userId);
    if (!mine || !other) throw new AppError('not_found');
    const before = query.before !== undefined && query.before <= DB_INT_MAX ? query.before : null;
    const rows = await this.prisma.message.findMany({
      where: {
        conversationId,
        ...(before === null ? {} : { id: { lt: before } }),
        seq: { gt: mine.clearedSeq },
        createdAt: { gte: historyFrom(settings, now.getTime()) },
        OR: [{ senderId: viewer.userId }, { held: false }],
      },
      orderBy: { id: 'desc' },
      take: CHAT_PAGE_SIZE + 1,
      select: MESSAGE_SELECT,
    });
    const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
    const side = {
      viewerId: viewer.userId,
      profileOf: (userId: number) =>
        userId === viewer.userId ? viewer.profileId : partner.card.id,
      own: markers(mine),
      other: markers(other),
    };
    return {
      ...base,
      conversation: {
        id: conversationId,
        read_seq: Number(other.lastReadSeq),
        delivered_seq: Number(other.lastDeliveredSeq),
      },
      messages: page.map((row) => this.messages.present(row, side, gifts)),
      has_older: rows.length > CHAT_PAGE_SIZE,
      can_start: true,
    };
  }

  /** How many conversations a member started (free members: at most FREE_MAX_CONVERSATIONS). */
  startedBy(userId: number, tx: Pick<PrismaService, 'conversation'> = this.prisma) {
    return tx.conversation.count({ where: { initiatorId: userId } });
  }

  /**
   * The free conversations go once per person: the conversations started by the member's other
   * free accounts of the same person (the same browser or payment instrument, AccountLinks).
   */
  async startedBySamePerson(
    userId: number,
    tx: Pick<PrismaService, 'conversation' | 'user' | 'accountSignal'> = this.prisma,
  ): Promise<number> {
    const others = await this.links.samePerson(userId, tx as PrismaService);
    if (others.length === 0) return 0;
    const free = await tx.user.findMany({
      where: { id: { in: others }, paidUser: false },
      select: { id: true },
    });
    if (free.length === 0) return 0;
    return tx.conversation.count({ where: { initiatorId: { in: free.map((u) => u.id) } } });
  }

  /** The viewer's part in a conversation and the other member's account; else 404. */
  async participation(
    userId: number,
    conversationId: number,
  ): Promise<{ otherId: number; clearedSeq: bigint }> {
    if (conversationId > DB_INT_MAX) throw new AppError('not_found');
    const row = await this.prisma.conversationParticipant.findUnique({
      where: { conversationId_userId: { conversationId, userId } },
      select: {
        clearedSeq: true,
        conversation: { select: { userLowId: true, userHighId: true } },
      },
    });
    if (!row) throw new AppError('not_found');
    const { userLowId, userHighId } = row.conversation;
    return { otherId: userLowId === userId ? userHighId : userLowId, clearedSeq: row.clearedSeq };
  }

  /**
   * Whether the member may fetch a chat photo (GET /media/chat/:file, behind a valid signature):
   * one sent in a conversation they take part in (a held photo: its sender only), whose other
   * member they may still write to (the `contact` rule, as opening the conversation). So a block
   * either way, or the other member gone, also closes the URLs handed out before.
   */
  async mayFetchPhoto(viewer: NonNullable<Viewer>, filename: string): Promise<boolean> {
    const message = await this.prisma.message.findFirst({
      where: {
        imageFilename: filename,
        OR: [{ senderId: viewer.userId }, { held: false }],
        conversation: { participants: { some: { userId: viewer.userId } } },
      },
      select: { conversationId: true },
    });
    if (!message) return false;
    try {
      await this.correspondents.messageableIn(viewer, message.conversationId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return false;
      throw error;
    }
  }

  // ------------------------------------------------------------- catch-up

  /**
   * GET /api/messages.php?since=: the member's messages with a seq above `since` (and those
   * sequenced within the overlap window), in seq order, CATCH_UP_LIMIT at a time. The sender's
   * own held messages are included (their other tabs show them); removed and too old ones not.
   */
  async catchUp(viewer: Member, since: number, now = new Date()): Promise<CatchUpResponse> {
    const settings = await this.chatSettings();
    // two index range scans: everything above `since` (a page, and one more to know of the
    // next), and the few at or below it that were sequenced in the overlap window
    const rows = await queryRows<CatchUpRow>(
      this.prisma,
      catchUpStatement(
        viewer.userId,
        since,
        historyFrom(settings, now.getTime()),
        new Date(now.getTime() - CATCH_UP_OVERLAP_MS),
        CATCH_UP_OVERLAP_MAX,
      ),
    );
    const newer = rows.filter((row) => row.seq > BigInt(since));
    const more = newer.length > CATCH_UP_LIMIT;
    const last = more ? newer[CATCH_UP_LIMIT - 1].seq : null;
    const page = last === null ? rows : rows.filter((row) => row.seq <= last);
    const [partners, gifts] = await Promise.all([
      this.correspondents.messageableProfileIds(viewer, [
        ...new Set(page.map((row) => row.otherId)),
      ]),
      this.gifts.all(),
    ]);
    const messages: ChatMessage[] = [];
    for (const row of page) {
      const partnerProfile = partners.get(row.otherId);
      if (partnerProfile === undefined) continue;
      messages.push(
        this.messages.present(
          row,
          {
            viewerId: viewer.userId,
            profileOf: (userId) => (userId === viewer.userId ? viewer.profileId : partnerProfile),
            own: { read: Number(row.ownRead), delivered: Number(row.ownDelivered) },
            other: { read: Number(row.otherRead), delivered: Number(row.otherDelivered) },
          },
          gifts,
        ),
      );
    }
    return { messages, more };
  }

  // ------------------------------------------------------------- removal

  /**
   * DELETE /api/chat.php: removes a conversation (or every conversation with a member) from the
   * member's list: its messages up to now stay hidden for them, the other member keeps theirs, a
   * new message brings the conversation back (SPEC point 4). What the member wrote no longer
   * counts: in privacy mode their photos are locked for the other member again until they write
   * anew (member-access/privacy-partner.sql.ts).
   */
  async remove(viewer: NonNullable<Viewer>, input: ChatDeleteRequest, now = new Date()) {
    let conversationIds: number[];
    if ('conversation' in input) {
      await this.participation(viewer.userId, input.conversation);
      conversationIds = [input.conversation];
    } else {
      if (input.member > DB_INT_MAX) throw new AppError('not_found');
      const { userId } = await this.targets.openable(viewer, input.member);
      const found = await this.prisma.conversation.findMany({
        where: { ...pair(viewer.userId, userId) },
        select: { id: true },
      });
      conversationIds = found.map((c) => c.id);
    }
    if (conversationIds.length > 0) {
      await executeStatement(
        this.prisma,
        removeConversationsStatement(viewer.userId, conversationIds, now),
      );
    }
    this.realtime.toMember(viewer.userId, 'chats:changed');
    return { ok: true as const };
  }
}

function markers(side: { lastReadSeq: bigint; lastDeliveredSeq: bigint }): Markers {
  return { read: Number(side.lastReadSeq), delivered: Number(side.lastDeliveredSeq) };
}
