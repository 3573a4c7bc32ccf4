import { Injectable } from '@nestjs/common';
import {
  CANNED_REPLIES_MAX,
  PERSONA_FACTS_MAX,
  fillPlaceholders,
  unknownPlaceholder,
  type CannedReply,
  type CannedReplyRequest,
  type ConversationNote,
  type Language,
  type PersonaPanelResponse,
  type PersonaRequest,
  type PersonaSheet,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { memberLanguage } from '../i18n/i18n';
import { ChatPartnerReads, staffViewerOf } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { AuditLog, mayAct, type StaffPrincipal } from '../staff';

/** How a staff account is named in the console (never a member's data). */
const staffName = (user: { staffName: string | null; email: string | null } | null) =>
  user ? (user.staffName ?? user.email?.split('@')[0] ?? null) : null;

const AUTHOR = { select: { staffName: true, email: true } } as const;

const REPLY_SELECT = {
  id: true,
  profileId: true,
  language: true,
  title: true,
  body: true,
} as const;

type ReplyRow = { id: number; profileId: number; language: string; title: string; body: string };

const presentReply = (row: ReplyRow): CannedReply => ({
  id: row.id,
  partner_id: row.profileId,
  language: row.language as Language,
  title: row.title,
  body: row.body,
});

/**
 * The chat partner as one person (issue 38, item 5): the partner's persona sheet (backstory and
 * writing style, written by admins; facts told, added by operators), the operators' notes on
 * one conversation (what was said, with author and time) and the partner's canned replies per
 * language, filled with the member's name and city (read through member-access's
 * ChatPartnerReads, the access rule's staff reader: the member's public profile only). Every
 * change writes its audit row in its transaction; a note is about the member (targetUserId),
 * so the member's purge empties its text in the audit log too.
 */
@Injectable()
export class PersonasService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: ChatPartnerReads,
    private readonly audit: AuditLog,
  ) {}

  // ------------------------------------------------------------------ the sheet

  async sheet(staff: StaffPrincipal, partnerId: number): Promise<PersonaSheet> {
    const partner = await this.partner(staff, partnerId);
    const [persona, facts] = await Promise.all([
      this.prisma.partnerPersona.findUnique({
        where: { profileId: partner.id },
        select: { backstory: true, writingStyle: true, updatedAt: true, updatedBy: AUTHOR },
      }),
      this.prisma.personaFact.findMany({
        where: { profileId: partner.id },
        orderBy: { id: 'asc' },
        take: PERSONA_FACTS_MAX,
        select: { id: true, body: true, createdAt: true, author: AUTHOR },
      }),
    ]);
    return {
      partner: { id: partner.id, name: partner.name, fictional: true },
      backstory: persona?.backstory ?? '',
      writing_style: persona?.writingStyle ?? '',
      facts: facts.map((fact) => ({
        id: fact.id,
        body: fact.body,
        author: staffName(fact.author),
        at: fact.createdAt.toISOString(),
      })),
      updated_at: persona?.updatedAt.toISOString() ?? null,
      updated_by: persona ? staffName(persona.updatedBy) : null,
    };
  }

  /** Admins: the backstory and the writing style (audited with before and after). */
  async write(staff: StaffPrincipal, partnerId: number, input: PersonaRequest) {
    if (!mayAct(staff.roles, ['admin'])) throw new AppError('forbidden');
    const partner = await this.partner(staff, partnerId);
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.partnerPersona.findUnique({
        where: { profileId: partner.id },
        select: { backstory: true, writingStyle: true },
      });
      const data = {
        backstory: input.backstory,
        writingStyle: input.writing_style,
        updatedById: staff.userId,
        updatedAt: new Date(),
      };
      await tx.partnerPersona.upsert({
        where: { profileId: partner.id },
        create: { profileId: partner.id, ...data },
        update: data,
      });
      await this.audit.record(tx, staff, {
        action: 'persona.updated',
        subjectType: 'partner',
        subjectId: partner.id,
        before: before ? { backstory: before.backstory, writing_style: before.writingStyle } : null,
        after: { backstory: input.backstory, writing_style: input.writing_style },
      });
    });
    return { persona: await this.sheet(staff, partner.id) };
  }

  /** Operators: a fact the partner has told (at most PERSONA_FACTS_MAX on a sheet). */
  async addFact(staff: StaffPrincipal, partnerId: number, body: string) {
    const partner = await this.partner(staff, partnerId);
    await this.prisma.$transaction(async (tx) => {
      const count = await tx.personaFact.count({ where: { profileId: partner.id } });
      if (count >= PERSONA_FACTS_MAX) throw new AppError('conflict');
      const fact = await tx.personaFact.create({
        data: { profileId: partner.id, body, authorId: staff.userId },
        select: { id: true },
      });
      await this.audit.record(tx, staff, {
        action: 'persona.fact_added',
        subjectType: 'persona_fact',
        subjectId: fact.id,
        after: { partner: partner.id, body },
      });
    });
    return { persona: await this.sheet(staff, partner.id) };
  }

  /** Operators: a fact that no longer holds (or was noted wrongly) comes off the sheet. */
  async removeFact(staff: StaffPrincipal, partnerId: number, factId: number) {
    const partner = await this.partner(staff, partnerId);
    await this.prisma.$transaction(async (tx) => {
      const fact = await tx.personaFact.findFirst({
        where: { id: factId, profileId: partner.id },
        select: { id: true, body: true },
      });
      if (!fact) throw new AppError('not_found');
      await tx.personaFact.delete({ where: { id: fact.id } });
      await this.audit.record(tx, staff, {
        action: 'persona.fact_removed',
        subjectType: 'persona_fact',
        subjectId: fact.id,
        before: { partner: partner.id, body: fact.body },
      });
    });
    return { persona: await this.sheet(staff, partner.id) };
  }

  // ------------------------------------------------------------------ notes per conversation

  async notes(conversationId: number): Promise<ConversationNote[]> {
    const rows = await this.prisma.conversationNote.findMany({
      where: { conversationId },
      orderBy: { id: 'desc' },
      take: 100,
      select: { id: true, body: true, createdAt: true, author: AUTHOR },
    });
    return rows.map((row) => ({
      id: row.id,
      body: row.body,
      author: staffName(row.author),
      at: row.createdAt.toISOString(),
    }));
  }

  /** Operators: what was said in this conversation, for the next operator (audited). */
  async addNote(staff: StaffPrincipal, conversationId: number, body: string) {
    const { conversation, member } = await this.sides(staff, conversationId);
    await this.prisma.$transaction(async (tx) => {
      const note = await tx.conversationNote.create({
        data: {
          conversationId: conversation.id,
          memberId: member.userId,
          authorId: staff.userId,
          body,
        },
        select: { id: true },
      });
      await this.audit.record(tx, staff, {
        action: 'conversation.note_added',
        targetUserId: member.userId,
        subjectType: 'conversation_note',
        subjectId: note.id,
        after: { conversation: conversation.id, body },
      });
    });
    return { notes: await this.notes(conversation.id) };
  }

  // ------------------------------------------------------------------ canned replies

  async replies(staff: StaffPrincipal, partnerId: number) {
    const partner = await this.partner(staff, partnerId);
    const rows = await this.prisma.cannedReply.findMany({
      where: { profileId: partner.id },
      orderBy: [{ language: 'asc' }, { title: 'asc' }, { id: 'asc' }],
      select: REPLY_SELECT,
    });
    return { replies: rows.map(presentReply) };
  }

  async createReply(staff: StaffPrincipal, partnerId: number, input: CannedReplyRequest) {
    checkPlaceholders(input);
    const partner = await this.partner(staff, partnerId);
    const row = await this.prisma.$transaction(async (tx) => {
      const count = await tx.cannedReply.count({ where: { profileId: partner.id } });
      if (count >= CANNED_REPLIES_MAX) throw new AppError('conflict');
      const created = await tx.cannedReply.create({
        data: { profileId: partner.id, ...input, createdById: staff.userId },
        select: REPLY_SELECT,
      });
      await this.audit.record(tx, staff, {
        action: 'canned_reply.created',
        subjectType: 'canned_reply',
        subjectId: created.id,
        after: { partner: partner.id, ...input },
      });
      return created;
    });
    return { reply: presentReply(row) };
  }

  async updateReply(staff: StaffPrincipal, replyId: number, input: CannedReplyRequest) {
    checkPlaceholders(input);
    const row = await this.prisma.$transaction(async (tx) => {
      const before = await tx.cannedReply.findUnique({
        where: { id: replyId },
        select: REPLY_SELECT,
      });
      if (!before) throw new AppError('not_found');
      const updated = await tx.cannedReply.update({
        where: { id: replyId },
        data: { ...input, updatedAt: new Date() },
        select: REPLY_SELECT,
      });
      await this.audit.record(tx, staff, {
        action: 'canned_reply.updated',
        subjectType: 'canned_reply',
        subjectId: replyId,
        before: { language: before.language, title: before.title, body: before.body },
        after: input,
      });
      return updated;
    });
    return { reply: presentReply(row) };
  }

  /** Deletes a canned reply; answers the partner's remaining ones. */
  async deleteReply(staff: StaffPrincipal, replyId: number) {
    const partnerId = await this.prisma.$transaction(async (tx) => {
      const before = await tx.cannedReply.findUnique({
        where: { id: replyId },
        select: REPLY_SELECT,
      });
      if (!before) throw new AppError('not_found');
      await tx.cannedReply.delete({ where: { id: replyId } });
      await this.audit.record(tx, staff, {
        action: 'canned_reply.deleted',
        subjectType: 'canned_reply',
        subjectId: replyId,
        before: {
          partner: before.profileId,
          language: before.language,
          title: before.title,
          body: before.body,
        },
      });
      return before.profileId;
    });
    return this.replies(staff, partnerId);
  }

  // ------------------------------------------------------------------ the conversation's panel

  /**
   * The panel beside a conversation: the partner's sheet, the notes on this conversation and
   * the partner's canned replies in the member's language, filled with the member's name and
   * city (the member's public profile, as the access rule's staff reader gives it).
   */
  async panel(staff: StaffPrincipal, conversationId: number): Promise<PersonaPanelResponse> {
    const { conversation, partner, member } = await this.sides(staff, conversationId);
    const language = memberLanguage(member.language);
    const [persona, notes, rows] = await Promise.all([
      this.sheet(staff, partner.id),
      this.notes(conversation.id),
      this.prisma.cannedReply.findMany({
        where: { profileId: partner.id, language },
        orderBy: [{ title: 'asc' }, { id: 'asc' }],
        select: REPLY_SELECT,
      }),
    ]);
    return {
      persona,
      notes,
      language,
      replies: rows.map((row) => ({
        ...presentReply(row),
        ...fillPlaceholders(row.body, { name: member.name, city: member.city }),
      })),
    };
  }

  // ------------------------------------------------------------------ the parts

  /** A chat partner (a fictional profile; 404 for any other), through the staff reader. */
  private async partner(staff: StaffPrincipal, partnerId: number) {
    const { row } = await this.reads.partner(staffViewerOf(staff), partnerId);
    return { id: row.id, name: row.name };
  }

  /** A conversation with a chat partner and its two sides; 404 for any other. */
  private async sides(staff: StaffPrincipal, conversationId: number) {
    const conversation = await this.prisma.conversation.findUnique({
      where: { id: conversationId },
      select: { id: true, userLowId: true, userHighId: true },
    });
    if (!conversation) throw new AppError('not_found');
    const sides = await this.reads.conversationSides(staffViewerOf(staff), conversation);
    return { conversation, ...sides };
  }
}

/** A canned reply may name only {name} and {city}: anything else is refused (400). */
function checkPlaceholders(input: CannedReplyRequest) {
  for (const field of ['title', 'body'] as const) {
    const unknown = unknownPlaceholder(input[field]);
    if (unknown !== null) {
      throw new AppError('canned_reply_placeholder_unknown', { placeholder: unknown }, field);
    }
  }
}
