import { Injectable } from '@nestjs/common';
import type { EndSessionsResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { DeletionService } from '../deletion';
import type { Prisma } from '../generated/prisma/client';
import { StaffMemberReads } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { AuditLog, type StaffPrincipal } from '../staff';
import { reactivation } from './reactivation';

type Actor = Pick<StaffPrincipal, 'userId' | 'roles'>;

/**
 * The actions on a member's account (admins): ending their sessions, reactivating it, erasing it
 * now. Every action writes its audit row in its own transaction (AuditLog): before, after and
 * the admin's reason.
 */
@Injectable()
export class AccountActions {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: StaffMemberReads,
    private readonly deletion: DeletionService,
    private readonly audit: AuditLog,
  ) {}

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
