import { Injectable } from '@nestjs/common';
import type { CreditAdjustmentRequest, CreditAdjustmentResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import { CreditsService } from '../credits';
import { PrismaService } from '../prisma/prisma.service';
import { AuditLog, type StaffPrincipal } from '../staff';

/**
 * An admin's change of a member's credits: one ledger row and one audit row in one transaction,
 * booked once per Idempotency-Key.
 */
@Injectable()
export class CreditAdjustments {
  constructor(
    private readonly prisma: PrismaService,
    private readonly credits: CreditsService,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Gives (amount > 0) or takes (< 0) credits through the credits service: a ledger row
   * (`adjustment`, the reason as its note) and the audit row whose subject is the
   * Idempotency-Key. The key is unique among adjustments (index
   * staff_audit_log_credit_adjustment_key), so a retried click, even racing the first, books
   * once and gets the first answer; the same key for another member or amount is 422.
   */
  async adjustCredits(
    staff: Pick<StaffPrincipal, 'userId' | 'roles'>,
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
}
