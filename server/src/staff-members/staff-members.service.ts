import { Injectable } from '@nestjs/common';
import {
  MEMBER_PAGE_LIST,
  MEMBER_SEARCH_PAGE,
  type CreditAdjustmentRequest,
  type CreditAdjustmentResponse,
  type EndSessionsResponse,
  type MemberSearchResponse,
  type StaffMemberPage,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import { CreditsService } from '../credits';
import { DeletionService } from '../deletion';
import type { Prisma } from '../generated/prisma/client';
import { StaffMemberReads } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { AuditLog, type StaffPrincipal } from '../staff';
import { deviceOf } from './device';

const ACCOUNT = {
  id: true,
  email: true,
  status: true,
  credits: true,
  paidUser: true,
  language: true,
  roles: true,
  signupDate: true,
  confirmedAt: true,
  lastLoginAt: true,
  lastSeenAt: true,
  deletedAt: true,
  signupIp: true,
} satisfies Prisma.UserSelect;

type Actor = Pick<StaffPrincipal, 'userId' | 'roles'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The console's members area (admins): finding a member by id, e-mail address or name (each by
 * an index: the primary key, the unique e-mail, the profile name's trigram or prefix index),
 * their page, and the actions on their account. Every action writes its audit row in its own
 * transaction (AuditLog): before, after and the admin's reason.
 */
@Injectable()
export class StaffMembers {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: StaffMemberReads,
    private readonly credits: CreditsService,
    private readonly deletion: DeletionService,
    private readonly audit: AuditLog,
  ) {}

  async search(q: string, after?: number): Promise<MemberSearchResponse> {
    const query = q.trim();
    const by = /^\d{1,10}$/.test(query) ? 'id' : query.includes('@') ? 'email' : 'name';
    let ids: number[];
    if (by === 'id') {
      const id = Number(query);
      ids = id >= 1 && id <= 2_147_483_647 && !after ? [id] : [];
    } else if (by === 'email') {
      const found = after
        ? null
        : await this.prisma.user.findUnique({
            where: { email: query.toLowerCase() },
            select: { id: true },
          });
      ids = found ? [found.id] : [];
    } else {
      ids = await this.reads.userIdsByName(query, after, MEMBER_SEARCH_PAGE + 1);
    }
    const page = ids.slice(0, MEMBER_SEARCH_PAGE);
    const users = await this.prisma.user.findMany({
      where: { id: { in: page } },
      select: { id: true, email: true, status: true, credits: true, signupDate: true },
    });
    const profiles = await this.reads.summaries(page);
    const byId = new Map(users.map((user) => [user.id, user]));
    return {
      by,
      members: page.flatMap((id) => {
        const user = byId.get(id);
        if (!user) return [];
        const profile = profiles.get(id);
        return [
          {
            id,
            email: user.email,
            name: profile?.name ?? null,
            status: user.status,
            profile_status: profile?.status ?? null,
            credits: user.credits,
            signup_date: user.signupDate.toISOString(),
            thumb_url: profile?.thumbUrl ?? null,
          },
        ];
      }),
      next_after: ids.length > MEMBER_SEARCH_PAGE ? page[page.length - 1] : null,
    };
  }

  async page(userId: number): Promise<StaffMemberPage> {
    const user = await this.prisma.user.findUnique({ where: { id: userId }, select: ACCOUNT });
    if (!user) throw new AppError('not_found');
    const take = MEMBER_PAGE_LIST;
    const [profile, payments, ledger, sessions, complaints, audit, deletion] = await Promise.all([
      this.reads.profile(userId),
      this.prisma.payment.findMany({
        where: { userId },
        orderBy: { createdAt: 'desc' },
        take,
        select: {
          id: true,
          paymentId: true,
          method: true,
          status: true,
          credits: true,
          amountCents: true,
          currency: true,
          reversedCents: true,
          createdAt: true,
          paidAt: true,
        },
      }),
      this.prisma.creditLedgerEntry.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take,
        select: {
          id: true,
          delta: true,
          balanceAfter: true,
          reason: true,
          note: true,
          createdAt: true,
        },
      }),
      this.prisma.session.findMany({
        where: { userId },
        orderBy: { lastSeenAt: 'desc' },
        take,
        select: {
          id: true,
          createdAt: true,
          lastSeenAt: true,
          expiresAt: true,
          ip: true,
          userAgent: true,
        },
      }),
      this.complaintsOf(userId),
      this.prisma.staffAuditEntry.findMany({
        where: { targetUserId: userId },
        orderBy: { at: 'desc' },
        take,
        select: {
          id: true,
          at: true,
          actorId: true,
          action: true,
          before: true,
          after: true,
          reason: true,
        },
      }),
      this.openDeletion(userId),
    ]);
    return {
      member: {
        id: user.id,
        email: user.email,
        status: user.status,
        banned: user.status === 'banned',
        credits: user.credits,
        paid_user: user.paidUser,
        language: user.language,
        roles: user.roles,
        signup_date: user.signupDate.toISOString(),
        confirmed_at: iso(user.confirmedAt),
        last_login_at: iso(user.lastLoginAt),
        last_seen_at: iso(user.lastSeenAt),
        deleted_at: iso(user.deletedAt),
        signup_ip: user.signupIp,
        purge_at: iso(deletion?.purgeAt ?? null),
        reactivatable: reactivation(user.status, profile?.status ?? null) !== null,
      },
      profile: profile && {
        name: profile.name,
        status: profile.status,
        gender: profile.gender,
        date_of_birth: profile.dateOfBirth,
        country: profile.country,
        city: profile.city,
        about: profile.about,
        invisible: profile.invisible,
        privacy_mode: profile.privacyMode,
        fictional: profile.fictional,
      },
      photos: (profile?.photos ?? []).map((photo) => ({
        id: photo.id,
        status: photo.status,
        main: photo.main,
        rejected_reason: photo.rejectedReason,
        thumb_url: photo.thumbUrl,
        full_url: photo.fullUrl,
        created_at: photo.createdAt,
      })),
      payments: payments.map((payment) => ({
        id: payment.id,
        payment_id: payment.paymentId,
        method: payment.method,
        status: payment.status,
        credits: payment.credits,
        amount_cents: payment.amountCents,
        currency: payment.currency,
        reversed_cents: payment.reversedCents,
        created_at: payment.createdAt.toISOString(),
        paid_at: iso(payment.paidAt),
      })),
      ledger: ledger.map((entry) => ({
        id: entry.id,
        delta: entry.delta,
        balance_after: entry.balanceAfter,
        reason: entry.reason,
        note: entry.note,
        created_at: entry.createdAt.toISOString(),
      })),
      sessions: sessions.map((session) => ({
        id: session.id,
        created_at: session.createdAt.toISOString(),
        last_seen_at: session.lastSeenAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
        ip: session.ip,
        device: deviceOf(session.userAgent),
        user_agent: session.userAgent,
      })),
      complaints,
      audit: audit.map((row) => ({
        id: row.id.toString(),
        at: row.at.toISOString(),
        actor_id: row.actorId,
        action: row.action,
        before: row.before,
        after: row.after,
        reason: row.reason,
      })),
    };
  }

  /** Complaints the member made and complaints about them, newest first (two indexed reads). */
  private async complaintsOf(userId: number): Promise<StaffMemberPage['complaints']> {
    const select = {
      id: true,
      about: true,
      subject: true,
      status: true,
      createdAt: true,
    } satisfies Prisma.ComplaintSelect;
    const [by, against] = await Promise.all([
      this.prisma.complaint.findMany({
        where: { reporterId: userId },
        orderBy: { createdAt: 'desc' },
        take: MEMBER_PAGE_LIST,
        select,
      }),
      this.prisma.complaint.findMany({
        where: { reportedUserId: userId },
        orderBy: { createdAt: 'desc' },
        take: MEMBER_PAGE_LIST,
        select,
      }),
    ]);
    return [
      ...by.map((row) => ({ ...row, side: 'by' as const })),
      ...against.map((row) => ({ ...row, side: 'against' as const })),
    ]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .slice(0, MEMBER_PAGE_LIST)
      .map((row) => ({
        id: row.id,
        side: row.side,
        about: row.about,
        subject: row.subject,
        status: row.status,
        created_at: row.createdAt.toISOString(),
      }));
  }

  private openDeletion(userId: number) {
    return this.prisma.deletionRequest.findFirst({
      where: { userId, cancelledAt: null, purgedAt: null },
      orderBy: { id: 'desc' },
      select: { purgeAt: true },
    });
  }

  /**
   * Gives (amount > 0) or takes (< 0) credits through the credits service: a ledger row
   * (`adjustment`, the reason as its note) and the audit row whose subject is the
   * Idempotency-Key. The key is unique among adjustments (index
   * staff_audit_log_credit_adjustment_key), so a retried click, even racing the first, books
   * once and gets the first answer; the same key for another member or amount is 422.
   */
  async adjustCredits(
    staff: Actor,
    userId: number,
    body: CreditAdjustmentRequest,
    key: string,
    ip?: string,
  ): Promise<CreditAdjustmentResponse> {
    const earlier = await this.earlierAdjustment(key, userId, body.amount);
    if (earlier) return earlier;
    try {
      return await this.prisma.$transaction(async (tx) => {
        const user = await tx.user.findUnique({
          where: { id: userId },
          select: { status: true },
        });
        if (!user) throw new AppError('not_found');
        if (user.status === 'purged') throw new AppError('conflict');
        const change = {
          userId,
          amount: Math.abs(body.amount),
          reason: 'adjustment' as const,
          note: body.reason,
        };
        let credits: number;
        if (body.amount > 0) {
          credits = await this.credits.credit(tx, change);
        } else {
          credits = await this.credits.debit(tx, change).catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'insufficient_credits') {
              throw new AppError('credits_below_zero', {}, 'amount');
            }
            throw error;
          });
        }
        // the row just booked: the balance's row lock is ours until commit
        const entry = await tx.creditLedgerEntry.findFirstOrThrow({
          where: { userId, reason: 'adjustment' },
          orderBy: { id: 'desc' },
          select: { id: true },
        });
        await this.audit.record(
          tx,
          staff,
          {
            action: 'member.credits_adjusted',
            targetUserId: userId,
            subjectType: 'credit_adjustment',
            subjectId: key,
            before: { credits: credits - body.amount },
            after: { credits, delta: body.amount, ledger_id: entry.id },
            reason: body.reason,
          },
          ip,
        );
        return { credits, ledger_id: entry.id };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const first = await this.earlierAdjustment(key, userId, body.amount);
      if (!first) throw new AppError('idempotency_in_progress');
      return first;
    }
  }

  /** The answer of an adjustment already booked with this key (422: for something else). */
  private async earlierAdjustment(
    key: string,
    userId: number,
    amount: number,
  ): Promise<CreditAdjustmentResponse | null> {
    const row = await this.prisma.staffAuditEntry.findFirst({
      where: { action: 'member.credits_adjusted', subjectId: key },
      select: { targetUserId: true, after: true },
    });
    if (!row) return null;
    const after = row.after as { credits?: number; delta?: number; ledger_id?: number } | null;
    if (row.targetUserId !== userId || !after || after.delta !== amount) {
      throw new AppError('idempotency_key_reused');
    }
    return { credits: after.credits ?? 0, ledger_id: after.ledger_id ?? 0 };
  }

  /**
   * Ends every session of the member: their sessions are deleted, and the database's trigger
   * tells every process to disconnect those sessions' sockets at commit (realtime gateway,
   * `session_ended`); the member's open pages are logged out at once.
   */
  async endSessions(
    staff: Actor,
    userId: number,
    reason: string,
    ip?: string,
  ): Promise<EndSessionsResponse> {
    return this.prisma.$transaction(async (tx) => {
      await this.existing(tx, userId);
      const ended = await tx.session.deleteMany({ where: { userId } });
      await this.audit.record(
        tx,
        staff,
        {
          action: 'member.sessions_ended',
          targetUserId: userId,
          before: { sessions: ended.count },
          after: { sessions: 0 },
          reason,
        },
        ip,
      );
      return { ended: ended.count };
    });
  }

  /**
   * Back to active (SPEC point 4 "Account"): an account deleted by its member and not yet
   * purged (its deletion request is cancelled, so the purge leaves it alone), or a confirmed
   * account whose profile was switched off. A banned account is unbanned in the complaints area
   * instead; a purged one is gone.
   */
  async reactivate(staff: Actor, userId: number, reason: string, ip?: string) {
    const profile = await this.reads.profile(userId);
    return this.prisma.$transaction(async (tx) => {
      const user = await this.existing(tx, userId);
      const kind = reactivation(user.status, profile?.status ?? null);
      if (!kind) throw new AppError('member_not_reactivatable');
      const confirmed = user.confirmedAt !== null;
      const status = kind === 'deleted' ? (confirmed ? 'confirmed' : 'not_confirmed') : user.status;
      if (kind === 'deleted') {
        // conditional: two admins racing (or the member's own link) reactivate once
        const changed = await tx.user.updateMany({
          where: { id: userId, status: 'deleted' },
          data: { status, deletedAt: null },
        });
        if (changed.count === 0) throw new AppError('member_not_reactivatable');
        await tx.deletionRequest.updateMany({
          where: { userId, cancelledAt: null, purgedAt: null },
          data: { cancelledAt: new Date() },
        });
      }
      await tx.profile.updateMany({
        where: { userId },
        data: { status: confirmed ? 'active' : 'disabled' },
      });
      await this.audit.record(
        tx,
        staff,
        {
          action: 'member.reactivated',
          targetUserId: userId,
          before: { status: user.status, profile_status: profile?.status ?? null },
          after: { status, profile_status: confirmed ? 'active' : 'disabled' },
          reason,
        },
        ip,
      );
      return { status };
    });
  }

  /**
   * Erase now: the purge of GDPR article 17 (every feature's `@Purges()` step, the deletion
   * feature's purge), at once. The admin types the member's id to confirm. The audit row is
   * written in the purge's transaction, after the purge emptied what earlier rows held of the
   * member, and holds nothing personal itself (states only; no free text).
   */
  async erase(staff: Actor, userId: number, typedId: string, ip?: string) {
    if (typedId.trim() !== String(userId)) {
      throw new AppError('erase_confirmation_mismatch', {}, 'confirm_id');
    }
    const user = await this.existing(this.prisma, userId);
    if (user.status === 'purged' || user.roles.length > 0) {
      throw new AppError('member_not_erasable');
    }
    const result = await this.deletion.eraseNow(userId, (tx) =>
      this.audit.record(
        tx,
        staff,
        {
          action: 'member.erased',
          targetUserId: userId,
          before: { status: user.status },
          after: { status: 'purged' },
        },
        ip,
      ),
    );
    if (result !== 'purged') throw new AppError('member_not_erasable');
    return { status: 'purged' as const };
  }

  private async existing(db: Prisma.TransactionClient | PrismaService, userId: number) {
    const user = await db.user.findUnique({
      where: { id: userId },
      select: { status: true, confirmedAt: true, roles: true },
    });
    if (!user) throw new AppError('not_found');
    return user;
  }
}

/** What reactivating would undo: a member's deletion, a switched-off profile, or nothing. */
function reactivation(
  status: string,
  profileStatus: 'disabled' | 'active' | 'hidden' | null,
): 'deleted' | 'profile' | null {
  if (status === 'deleted') return 'deleted';
  if (status === 'confirmed' && profileStatus === 'disabled') return 'profile';
  return null;
}
