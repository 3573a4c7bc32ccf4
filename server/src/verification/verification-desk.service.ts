import { Injectable } from '@nestjs/common';
import {
  INSPECTION_CLAIM_SECONDS,
  type InspectionStats,
  type VerificationDecisionRequest,
  type VerificationDecisionResponse,
  type VerificationGesture,
  type VerificationNextResponse,
  type VerificationWithdrawRequest,
  type VerificationWithdrawResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { InspectionReads, staffViewerOf } from '../member-access';
import { Realtime } from '../realtime';
import { AuditLog, type StaffPrincipal } from '../staff';
import { Statements } from '../statement-writer';
import { Selfies } from './selfies';
import {
  claimStatement,
  lockBadgeStatement,
  lockRequestStatement,
  type ClaimedRow,
  type LockedBadgeRow,
  type LockedRequestRow,
} from './verification.sql';

/**
 * The moderators' verification desk, beside the photo desk: the selfies waiting (oldest
 * first), the claim (two moderators never hold one, INSPECTION_CLAIM_SECONDS like the other
 * desks), and the decision. Approve gives the member the badge, never a chat pal; reject keeps
 * the reason for the member. Either way the selfie's file and name go at once, and the audit
 * row is written in the deciding transaction. There is no undo: the selfie is gone once
 * decided; a wrong rejection is put right by the member asking again, a wrong approval (or a
 * later suspicion) by `withdraw`, which takes the badge away with a statement of reasons.
 */
@Injectable()
export class VerificationDesk {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: InspectionReads,
    private readonly selfies: Selfies,
    private readonly audit: AuditLog,
    private readonly realtime: Realtime,
    private readonly statements: Statements,
  ) {}

  async stats(): Promise<InspectionStats> {
    const [waiting, oldest] = await Promise.all([
      this.prisma.verificationRequest.count({ where: { status: 'pending' } }),
      this.prisma.verificationRequest.findFirst({
        where: { status: 'pending' },
        orderBy: { submittedAt: 'asc' },
        select: { submittedAt: true },
      }),
    ]);
    return { waiting, oldest_at: oldest?.submittedAt?.toISOString() ?? null };
  }

  /** Claims the next selfie with the gesture asked for and the member's approved photos. */
  async next(
    staff: StaffPrincipal,
    exclude: number[],
    now = new Date(),
  ): Promise<VerificationNextResponse> {
    const until = new Date(now.getTime() + INSPECTION_CLAIM_SECONDS * 1000);
    const [claimed] = await queryRows<ClaimedRow>(
      this.prisma,
      claimStatement(staff.userId, exclude, now, until),
    );
    if (!claimed) return { request: null, stats: await this.stats() };
    const row = await this.prisma.verificationRequest.findUniqueOrThrow({
      where: { id: claimed.id },
      select: { id: true, userId: true, gesture: true, submittedAt: true },
    });
    const member = await this.reads.member(staffViewerOf(staff), row.userId, now);
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'verification' });
    return {
      request: {
        id: row.id,
        gesture: row.gesture as VerificationGesture,
        submitted_at: (row.submittedAt ?? now).toISOString(),
        claimed_until: claimed.claimed_until.toISOString(),
        selfie_url: `/api/staff/verification/${row.id}/selfie`,
        member: {
          user_id: member.user_id,
          profile_id: member.profile_id,
          name: member.name,
          age: member.age,
          gender: member.gender,
          country: member.country,
          city: member.city,
          member_since: member.member_since,
          // only what members see of them: the approved photos
          photos: member.photos
            .filter((photo) => photo.status === 'active')
            .map((photo) => ({ id: photo.id, full_url: photo.full_url, main: photo.main })),
        },
      },
      stats: await this.stats(),
    };
  }

  /** The selfie of a request still waiting (null: decided, expired or gone). */
  async selfie(id: number): Promise<Buffer | null> {
    const row = await this.prisma.verificationRequest.findFirst({
      where: { id, status: 'pending' },
      select: { selfieFilename: true },
    });
    return row?.selfieFilename ? this.selfies.read(row.selfieFilename) : null;
  }

  /**
   * Approves (the badge) or rejects (with a reason) a waiting selfie. Not one decided already
   * or expired, nor one another moderator holds (409 conflict); a chat pal is never verified
   * (403 verification_unavailable).
   */
  async decide(
    staff: StaffPrincipal,
    id: number,
    input: VerificationDecisionRequest,
    ip?: string,
    now = new Date(),
  ): Promise<VerificationDecisionResponse> {
    const approve = input.action === 'approve';
    const reason = approve ? null : (input.reason ?? null);
    const decided = await this.prisma.$transaction(async (tx) => {
      const [row] = await queryRows<LockedRequestRow>(tx, lockRequestStatement(id));
      if (!row) throw new AppError('not_found');
      if (row.status !== 'pending') throw new AppError('conflict');
      const heldByOther =
        row.claimed_by_id !== null &&
        row.claimed_by_id !== staff.userId &&
        row.claimed_until !== null &&
        row.claimed_until > now;
      if (heldByOther) throw new AppError('conflict');
      if (approve) {
        const badge = await tx.profile.updateMany({
          where: { userId: row.user_id, fictional: false },
          data: { verified: true, verifiedAt: now },
        });
        if (badge.count === 0) throw new AppError('verification_unavailable');
      }
      const status = approve ? 'approved' : 'rejected';
      await tx.verificationRequest.update({
        where: { id },
        data: {
          status,
          reason,
          decidedById: staff.userId,
          decidedAt: now,
          selfieFilename: null,
          claimedById: null,
          claimedUntil: null,
        },
      });
      await this.audit.record(
        tx,
        staff,
        {
          action: approve ? 'verification.approve' : 'verification.reject',
          targetUserId: row.user_id,
          subjectType: 'verification_request',
          subjectId: id,
          before: { status: row.status, gesture: row.gesture },
          after: { status, verified: approve },
          reason,
        },
        ip,
      );
      return row;
    });
    // the selfie is kept only until decided
    await this.selfies.remove(decided.selfie_filename);
    this.realtime.toMember(decided.user_id, 'profile:changed');
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'verification' });
    return { stats: await this.stats() };
  }

  /**
   * Takes a member's verified badge away (approved by mistake, or a later suspicion): in one
   * transaction the badge goes, the statement of reasons (kind `badge_withdrawn`, appealable;
   * a reversal gives the badge back) and the audit row are written; the member is mailed after
   * the commit and may verify again. 404 not_found for no such (real) member, 409 not_verified
   * for one without the badge (a second withdrawal, or two moderators at once).
   */
  async withdraw(
    staff: StaffPrincipal,
    input: VerificationWithdrawRequest,
    ip?: string,
    now = new Date(),
  ): Promise<VerificationWithdrawResponse> {
    const done = await this.prisma.$transaction(async (tx) => {
      // the row lock makes two withdrawals at once one success and one 409
      const [locked] = await queryRows<LockedBadgeRow>(tx, lockBadgeStatement(input.member));
      if (!locked) throw new AppError('not_found');
      if (!locked.verified) throw new AppError('not_verified');
      const profile = { id: locked.id, userId: locked.user_id };
      await tx.profile.update({
        where: { id: profile.id },
        data: { verified: false, verifiedAt: null },
      });
      const ground = input.ground ?? 'impersonation';
      const statement = await this.statements.write(tx, {
        userId: profile.userId,
        kind: 'badge_withdrawn',
        item: 'badge',
        itemId: profile.id,
        ground,
        explanation: input.reason,
        decidedById: staff.userId,
        decidedAt: now,
        itemAt: locked.verified_at,
        ref: { profileId: profile.id, verifiedAt: locked.verified_at?.toISOString() ?? '' },
      });
      await this.audit.record(
        tx,
        staff,
        {
          action: 'verification.withdraw',
          targetUserId: profile.userId,
          subjectType: 'profile',
          subjectId: profile.id,
          before: { verified: true, verified_at: locked.verified_at?.toISOString() ?? null },
          after: { verified: false, statement_id: statement.id, ground },
          reason: input.reason,
        },
        ip,
      );
      return { profile, statement };
    });
    await this.statements.dispatch([done.statement.mail]);
    this.realtime.toMember(done.profile.userId, 'profile:changed');
    return {
      member: { profile_id: done.profile.id, verified: false },
      statement_id: done.statement.id,
    };
  }
}
