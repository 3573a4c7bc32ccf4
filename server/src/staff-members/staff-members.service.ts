import { Injectable } from '@nestjs/common';
import {
  MEMBER_PAGE_LIST,
  MEMBER_SEARCH_PAGE,
  type MemberSearchResponse,
  type StaffMemberPage,
} from '@app/contract';
import { AppError } from '../common/app-error';
import type { Prisma } from '../generated/prisma/client';
import { StaffMemberReads } from '../member-access';
import { CONSOLE_PAYMENT, ConsoleRefunds, presentConsolePayment } from '../payments';
import { PrismaService } from '../prisma/prisma.service';
import { deviceOf } from './device';
import { reactivation } from './reactivation';
import { AccountLinks } from '../account-links';

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

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The console's members area (admins), its reads: finding a member by id, e-mail address or name
 * (each by an index: the primary key, the unique e-mail, the profile name's trigram or prefix
 * index) and their page. The actions on the account are CreditAdjustments and AccountActions.
 */
@Injectable()
export class StaffMembers {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: StaffMemberReads,
    private readonly refunds: ConsoleRefunds,
    private readonly links: AccountLinks,
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
    const [profile, payments, reversals, ledger, sessions, complaints, audit, deletion] =
      await Promise.all([
        this.reads.profile(userId),
        this.prisma.payment.findMany({
          where: { userId },
          orderBy: { createdAt: 'desc' },
          take,
          select: CONSOLE_PAYMENT,
        }),
        this.prisma.paymentReversal.findMany({
          where: { payment: { userId } },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take,
          select: {
            id: true,
            paymentId: true,
            kind: true,
            amountCents: true,
            creditsTaken: true,
            creditsShort: true,
            createdAt: true,
            undoneAt: true,
            payment: { select: { currency: true } },
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
    const pending = await this.refunds.pendingByPayment(payments.map((payment) => payment.id));
    const linked = await this.links.linked(userId);
    const linkedUsers = await this.prisma.user.findMany({
      where: { id: { in: linked.map((link) => link.userId) } },
      select: { id: true, email: true, status: true },
    });
    const linkedById = new Map(linkedUsers.map((row) => [row.id, row]));
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
      payments: payments.map((payment) =>
        presentConsolePayment(
          payment,
          payment.creditedAt === null
            ? 0
            : Math.max(
                0,
                payment.amountCents - payment.reversedCents - (pending.get(payment.id) ?? 0),
              ),
        ),
      ),
      reversals: reversals.map((reversal) => ({
        id: reversal.id,
        payment: reversal.paymentId,
        kind: reversal.kind === 'chargeback' ? ('chargeback' as const) : ('refund' as const),
        amount_cents: reversal.amountCents,
        currency: reversal.payment.currency,
        credits_taken: reversal.creditsTaken,
        credits_short: reversal.creditsShort,
        created_at: reversal.createdAt.toISOString(),
        undone_at: reversal.undoneAt?.toISOString() ?? null,
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
      linked_accounts: linked.flatMap((link) => {
        const other = linkedById.get(link.userId);
        return other
          ? [{ id: other.id, email: other.email, status: other.status, kinds: link.kinds }]
          : [];
      }),
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
}
