import { Injectable } from '@nestjs/common';
import {
  HONEST_ANSWERS,
  INBOX_PAGE,
  SUPPORTED_LANGUAGES,
  asksIfReal,
  soundsVulnerable,
  type InboxConversation,
  type InboxMessage,
  type InboxResponse,
  type OperatorLock,
  type OperatorNote,
  type OperatorQueueResponse,
  type OperatorReplyResponse,
  type VulnerableRequest,
  type VulnerableResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { ageOn } from '../common/age';
import { memberLanguage } from '../i18n/i18n';
import { OperatorRepliesService, PalNewestMessages, type OperatorTurn } from '../chats';
import { ChatPartnerReads, staffViewerOf, type InboxRow } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { Realtime } from '../realtime';
import { AuditLog, mayAct, type AuditRecord, type StaffPrincipal } from '../staff';
import {
  holdForUpdateStatement,
  liveHoldStatement,
  takeHoldStatement,
  takeOverHoldStatement,
  type OperatorHoldRow,
  type TakenHoldRow,
} from './operator-locks.sql';

/** How a staff account is named in the console (never a member's data). */
const staffName = (user: { staffName: string | null; email: string | null } | null) =>
  user ? (user.staffName ?? user.email?.split('@')[0] ?? '—') : '—';

/**
 * The operators' inbox: conversations waiting for a chat partner's reply, longest wait first;
 * opening one locks it to the operator (operator_locks: one atomic statement, so of two
 * operators racing exactly one gets it; the hold ends OPERATOR_LOCK_MINUTES after their last
 * action, and an admin may take it over); the reply goes through the chat's own send path
 * (OperatorRepliesService.reply: the member gets it live, labelled fictional, with the operator
 * on the message). Honesty: a member asking whether a real person writes is highlighted and
 * offered the honest answer; a member flagged vulnerable (staff, or the care patterns) shows a
 * warning. Every action writes an audit row; every change tells the consoles ('queue:changed').
 */
@Injectable()
export class InboxService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: ChatPartnerReads,
    private readonly replies: OperatorRepliesService,
    private readonly newest: PalNewestMessages,
    private readonly audit: AuditLog,
    private readonly realtime: Realtime,
  ) {}

  async page(staff: StaffPrincipal, after?: string): Promise<InboxResponse> {
    const cursor = after ? parseCursor(after) : null;
    const { rows, waiting, capped } = await this.reads.inboxPage(staffViewerOf(staff), cursor);
    const more = rows.length > INBOX_PAGE;
    const shown = rows.slice(0, INBOX_PAGE);
    const last = shown[shown.length - 1];
    return {
      conversations: shown.map((row) => presentInboxRow(row, staff.userId)),
      waiting,
      waiting_capped: capped,
      next: more && last ? `${last.waiting_since.toISOString()}_${last.id}` : null,
    };
  }

  /**
   * The spec's GET /api/operator-queue.php, kept as an adapter: the inbox's first page in the
   * spec's shape, each conversation with its newest message as the chat pal sees it.
   */
  async operatorQueue(staff: StaffPrincipal): Promise<OperatorQueueResponse> {
    const { rows } = await this.reads.inboxPage(staffViewerOf(staff), null);
    const shown = rows.slice(0, INBOX_PAGE);
    const newest = await this.newest.of(
      shown.map((row) => ({
        id: row.id,
        palProfileId: row.partner_id,
        palUserId: row.partner_user_id,
        memberProfileId: row.member_id,
      })),
    );
    return {
      conversations: shown.flatMap((row) => {
        const last = newest.get(row.id);
        if (!last) return [];
        return [
          {
            conversation_id: row.id,
            fictional_profile: { id: row.partner_id, name: row.partner_name },
            member_profile: { id: row.member_id, name: row.member_name },
            waiting_since: row.waiting_since.toISOString(),
            last_message: last,
          },
        ];
      }),
    };
  }

  /** Opens a conversation: locked to the asking operator, or 409 conversation_locked. */
  async open(staff: StaffPrincipal, conversationId: number): Promise<InboxConversation> {
    const conversation = await this.conversation(conversationId);
    const lock = await this.lock(staff, conversation.id);
    if (lock.taken) {
      await this.audit.record(this.prisma, staff, {
        action: 'inbox.opened',
        subjectType: 'conversation',
        subjectId: conversation.id,
        after: { operator: staff.userId, expires_at: lock.expires_at },
      });
      this.changed();
    }
    return this.view(staff, conversation, lock);
  }

  /**
   * Reads a conversation the asking operator holds, without extending the hold: the console's
   * view again after a live event ('queue:changed'), which must not keep a lock alive that no
   * one works on. 409 conversation_locked once the hold is not theirs (expired or taken over).
   */
  async read(staff: StaffPrincipal, conversationId: number): Promise<InboxConversation> {
    const conversation = await this.conversation(conversationId);
    const [hold] = await queryRows<OperatorHoldRow>(
      this.prisma,
      liveHoldStatement(conversation.id),
    );
    if (!hold || hold.operator_id !== staff.userId) throw new AppError('conversation_locked');
    return this.view(staff, conversation, hold);
  }

  /** An admin takes over a conversation another operator holds (audited: from whom). */
  async takeOver(staff: StaffPrincipal, conversationId: number): Promise<InboxConversation> {
    if (!mayAct(staff.roles, ['admin'])) throw new AppError('forbidden');
    const conversation = await this.conversation(conversationId);
    const lock = await this.prisma.$transaction(async (tx) => {
      const [before] = await queryRows<OperatorHoldRow>(
        tx,
        holdForUpdateStatement(conversation.id),
      );
      const [row] = await queryRows<OperatorHoldRow>(
        tx,
        takeOverHoldStatement(conversation.id, staff.userId),
      );
      await this.audit.record(tx, staff, {
        action: 'inbox.taken_over',
        subjectType: 'conversation',
        subjectId: conversation.id,
        before: before ?? null,
        after: row,
      });
      return { ...row, taken: true };
    });
    this.changed();
    return this.view(staff, conversation, lock);
  }

  /**
   * The operator's reply as the chat partner, through the chat's send path (idempotent by the
   * key kept on the message): only while the operator holds the conversation (taken now if
   * nobody does), its audit row in the message's transaction. The spec's operator-reply.php
   * comes this way too.
   */
  async reply(
    staff: StaffPrincipal,
    conversationId: number,
    text: string,
    key: string,
  ): Promise<OperatorReplyResponse> {
    const { conversation } = await this.hold(staff, conversationId);
    const turn = this.turn(staff, conversation.id, (message) => ({
      action: 'inbox.replied',
      targetUserId: null,
      subjectType: 'message',
      subjectId: message.id,
      after: { conversation: conversation.id, honest: isHonestAnswer(text) },
    }));
    return this.replies.reply(turn, text, key);
  }

  async notes(staff: StaffPrincipal, memberUserId: number): Promise<OperatorNote[]> {
    await this.member(memberUserId);
    const rows = await this.prisma.operatorNote.findMany({
      where: { memberId: memberUserId },
      orderBy: { id: 'desc' },
      take: 100,
      select: {
        id: true,
        body: true,
        createdAt: true,
        author: { select: { staffName: true, email: true } },
      },
    });
    return rows.map((row) => ({
      id: row.id,
      body: row.body,
      author: row.author ? staffName(row.author) : null,
      at: row.createdAt.toISOString(),
    }));
  }

  async addNote(staff: StaffPrincipal, memberUserId: number, body: string) {
    await this.member(memberUserId);
    await this.prisma.$transaction(async (tx) => {
      const note = await tx.operatorNote.create({
        data: { memberId: memberUserId, authorId: staff.userId, body },
        select: { id: true },
      });
      await this.audit.record(tx, staff, {
        action: 'inbox.note_added',
        targetUserId: memberUserId,
        subjectType: 'operator_note',
        subjectId: note.id,
        after: { body },
      });
    });
    return { notes: await this.notes(staff, memberUserId) };
  }

  async setVulnerable(
    staff: StaffPrincipal,
    memberUserId: number,
    input: VulnerableRequest,
  ): Promise<VulnerableResponse> {
    await this.member(memberUserId);
    const reason = input.reason?.trim() || null;
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.memberCareFlag.findUnique({
        where: { userId: memberUserId },
        select: { reason: true },
      });
      if (input.flagged) {
        await tx.memberCareFlag.upsert({
          where: { userId: memberUserId },
          create: { userId: memberUserId, flaggedById: staff.userId, reason },
          update: { flaggedById: staff.userId, reason },
        });
      } else {
        await tx.memberCareFlag.deleteMany({ where: { userId: memberUserId } });
      }
      await this.audit.record(tx, staff, {
        action: input.flagged ? 'member.vulnerable_flagged' : 'member.vulnerable_unflagged',
        targetUserId: memberUserId,
        subjectType: 'member',
        subjectId: memberUserId,
        before: { flagged: before !== null, reason: before?.reason ?? null },
        after: { flagged: input.flagged, reason: input.flagged ? reason : null },
        reason,
      });
    });
    this.changed();
    return { flagged: input.flagged, reason: input.flagged ? reason : null };
  }

  // ------------------------------------------------------------------ the parts

  changed() {
    this.realtime.toStaff(['operator'], 'queue:changed', { queue: 'inbox' });
  }

  /** A conversation with a chat partner; 404 for any other (also operator-tools.service.ts). */
  async conversation(id: number) {
    const conversation = await this.prisma.conversation.findUnique({
      where: { id },
      select: { id: true, userLowId: true, userHighId: true, awaitingReplySince: true },
    });
    if (!conversation) throw new AppError('not_found');
    return conversation;
  }

  /** A member an operator may note or flag: one who writes a chat partner; else 404. */
  private async member(userId: number) {
    if (!(await this.reads.writesAChatPartner(userId))) throw new AppError('not_found');
  }

  /**
   * What every send as the chat partner starts with: the conversation and its two sides (404
   * for one without a chat partner), then the operator's hold (taken now if nobody has it; 409
   * while another operator does). The one place the lock is checked before a send.
   */
  async hold(staff: StaffPrincipal, conversationId: number) {
    const conversation = await this.conversation(conversationId);
    const sides = await this.reads.conversationSides(staffViewerOf(staff), conversation);
    await this.lock(staff, conversation.id);
    return { conversation, ...sides };
  }

  /**
   * The operator's turn handed to the chat's send path (OperatorRepliesService): the audit row
   * of the send, written in the message's transaction (none for a failed send or a repeat).
   */
  turn(
    staff: StaffPrincipal,
    conversationId: number,
    entry: (message: { id: number }) => AuditRecord,
  ): OperatorTurn {
    return {
      operatorId: staff.userId,
      conversationId,
      inTransaction: (tx, message) => this.audit.record(tx, staff, entry(message)),
    };
  }

  /**
   * Takes or extends the asking operator's hold: one statement, so of two operators racing for
   * a free (or expired) conversation exactly one gets it; 409 conversation_locked otherwise.
   */
  async lock(staff: StaffPrincipal, conversationId: number): Promise<TakenHoldRow> {
    const [row] = await queryRows<TakenHoldRow>(
      this.prisma,
      takeHoldStatement(conversationId, staff.userId),
    );
    if (!row) throw new AppError('conversation_locked');
    return row;
  }

  private async view(
    staff: StaffPrincipal,
    conversation: {
      id: number;
      userLowId: number;
      userHighId: number;
      awaitingReplySince: Date | null;
    },
    lock: OperatorHoldRow,
    now = new Date(),
  ): Promise<InboxConversation> {
    const { partner, member } = await this.reads.conversationSides(
      staffViewerOf(staff),
      conversation,
    );
    const [rows, notes, holder] = await Promise.all([
      this.prisma.message.findMany({
        where: { conversationId: conversation.id, held: false },
        orderBy: { seq: 'asc' },
        select: {
          id: true,
          senderId: true,
          type: true,
          body: true,
          createdAt: true,
          operator: { select: { staffName: true, email: true } },
        },
      }),
      this.notes(staff, member.userId),
      this.prisma.user.findUnique({
        where: { id: lock.operator_id },
        select: { staffName: true, email: true },
      }),
    ]);
    const messages: InboxMessage[] = rows.map((row) => {
      const fromMember = row.senderId === member.userId;
      return {
        id: row.id,
        from: fromMember ? 'member' : 'partner',
        type: row.type,
        text: row.body,
        at: row.createdAt.toISOString(),
        operator: row.operator ? staffName(row.operator) : null,
        asks_real: fromMember && asksIfReal(row.body),
        vulnerable: fromMember && soundsVulnerable(row.body),
      };
    });
    // the member's messages since the chat partner last wrote: does the newest exchange ask?
    const lastPartner = messages.map((m) => m.from).lastIndexOf('partner');
    // the language the member is shown (their stored one when the site offers it, else nl)
    const language = memberLanguage(member.language);
    return {
      conversation_id: conversation.id,
      partner: {
        id: partner.id,
        name: partner.name,
        fictional: true,
        age: ageOn(partner.dateOfBirth, now),
        city: partner.city,
      },
      member: {
        id: member.id,
        user_id: member.userId,
        name: member.name,
        gender: member.gender,
        age: ageOn(member.dateOfBirth, now),
        city: member.city,
        about: member.about,
        photo: member.photo,
        language,
      },
      messages,
      notes,
      vulnerable: {
        flagged: member.careFlag !== null,
        reason: member.careFlag?.reason ?? null,
        keywords: messages.some((m) => m.vulnerable),
      },
      asks_real: messages.slice(lastPartner + 1).some((m) => m.asks_real),
      honest_answer: HONEST_ANSWERS[language](partner.name),
      waiting_since: conversation.awaitingReplySince?.toISOString() ?? null,
      lock: presentLock(lock.operator_id, staffName(holder), lock.expires_at, staff.userId),
    };
  }
}

/** A cursor the query schema (inboxQuery) has checked: a date and a conversation's id. */
function parseCursor(after: string): { at: Date; id: number } {
  const [at, id] = after.split('_');
  return { at: new Date(at), id: Number(id) };
}

function presentLock(
  operatorId: number,
  name: string,
  expiresAt: Date,
  viewerId: number,
): OperatorLock {
  return {
    operator: { id: operatorId, name },
    mine: operatorId === viewerId,
    expires_at: expiresAt.toISOString(),
  };
}

export function presentInboxRow(row: InboxRow, viewerId: number) {
  return {
    conversation_id: row.id,
    partner: { id: row.partner_id, name: row.partner_name, fictional: true as const },
    member: { id: row.member_id, name: row.member_name },
    waiting_since: row.waiting_since.toISOString(),
    preview: row.body,
    asks_real: asksIfReal(row.body),
    lock:
      row.lock_operator !== null && row.lock_expires !== null
        ? presentLock(row.lock_operator, row.lock_name ?? '—', row.lock_expires, viewerId)
        : null,
  };
}

/** Whether a reply is (begins as) one of the honest answers, for the audit row. */
function isHonestAnswer(text: string): boolean {
  return SUPPORTED_LANGUAGES.some((language) =>
    text.trim().startsWith(HONEST_ANSWERS[language]('\u0000').split('\u0000')[0]),
  );
}
