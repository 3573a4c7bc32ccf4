import { Injectable } from '@nestjs/common';
import { DIRECT_DEBIT_LIMIT_CENTS, DIRECT_DEBIT_LIMIT_DAYS } from '@app/contract';
import { AppError } from '../common/app-error';
import type { Prisma } from '../generated/prisma/client';
import { ADVISORY_LOCK, lockStatement, lockTextStatement } from '../prisma/advisory-locks';
import type { PrismaService } from '../prisma/prisma.service';
import { executeStatement } from '../prisma/sql';

const DAY_MS = 86_400_000;

/**
 * One bank account is debited for at most this many member accounts, and one phone number
 * confirms direct debits of at most this many (a couple sharing an account; more is one person
 * with several accounts, or a stranger's IBAN). Counted over confirmed forms.
 */
export const DIRECT_DEBIT_ACCOUNTS_PER_IBAN = 2;
export const DIRECT_DEBIT_ACCOUNTS_PER_PHONE = 2;

type Db = Pick<PrismaService, 'directDebitMandate' | 'payment'>;

/** A direct debit about to be made; IBAN and phone where known (a form's, not an iDEAL mandate). */
export interface Debit {
  userId: number;
  iban: string | null;
  phone: string | null;
  amountCents: number;
  now: Date;
}

/**
 * The rules every direct debit is held to, the form's confirmation and a repeat order on a SEPA
 * mandate alike (security review 2026-11-25, M3).
 *
 * Blocked (`directdebit_blocked`): a debit of this member, or of this account by anyone, failed
 * or was charged back; or the account or the phone number already serves
 * DIRECT_DEBIT_ACCOUNTS_PER_IBAN / _PER_PHONE other members (confirmed forms).
 * Limit (`directdebit_limit_reached`): the direct debits (pending or paid, whether handed to the
 * provider yet or not) in the last DIRECT_DEBIT_LIMIT_DAYS plus this one, of the member and of
 * the IBAN whoever the member, stay within DIRECT_DEBIT_LIMIT_CENTS.
 *
 * `check` alone is a first look (the form, before anything is written); `reserve` is the real
 * one: under advisory locks on the member, the IBAN and the phone, in the transaction that then
 * writes the payment, so two debits at the same moment cannot both take the same room.
 */
@Injectable()
export class DirectDebitLimits {
  async reserve(tx: Prisma.TransactionClient, debit: Debit): Promise<void> {
    await executeStatement(tx, lockStatement(ADVISORY_LOCK.DIRECT_DEBIT_MEMBER, debit.userId));
    if (debit.iban !== null) {
      await executeStatement(tx, lockTextStatement(ADVISORY_LOCK.DIRECT_DEBIT_IBAN, debit.iban));
    }
    if (debit.phone !== null) {
      await executeStatement(tx, lockTextStatement(ADVISORY_LOCK.DIRECT_DEBIT_PHONE, debit.phone));
    }
    await this.check(tx, debit);
  }

  async check(db: Db, debit: Debit): Promise<void> {
    const { userId, iban, phone, amountCents, now } = debit;
    const blocked = await db.directDebitMandate.count({
      where: { blocked: true, OR: [{ userId }, ...(iban !== null ? [{ iban }] : [])] },
    });
    if (blocked > 0) throw new AppError('directdebit_blocked');
    const others = async (where: Prisma.DirectDebitMandateWhereInput) => {
      const rows = await db.directDebitMandate.findMany({
        where: { ...where, userId: { not: userId }, mandateRef: { not: null } },
        distinct: ['userId'],
        select: { userId: true },
        take: Math.max(DIRECT_DEBIT_ACCOUNTS_PER_IBAN, DIRECT_DEBIT_ACCOUNTS_PER_PHONE),
      });
      return rows.length;
    };
    if (
      (iban !== null && (await others({ iban })) >= DIRECT_DEBIT_ACCOUNTS_PER_IBAN) ||
      (phone !== null && (await others({ phone })) >= DIRECT_DEBIT_ACCOUNTS_PER_PHONE)
    ) {
      throw new AppError('directdebit_blocked');
    }
    const debited = async (where: Prisma.PaymentWhereInput) => {
      const { _sum } = await db.payment.aggregate({
        where: {
          ...where,
          method: 'sdd',
          status: { in: ['pending', 'paid'] },
          createdAt: { gte: new Date(now.getTime() - DIRECT_DEBIT_LIMIT_DAYS * DAY_MS) },
        },
        _sum: { amountCents: true },
      });
      return _sum.amountCents ?? 0;
    };
    if (
      (await debited({ userId })) + amountCents > DIRECT_DEBIT_LIMIT_CENTS ||
      (iban !== null &&
        (await debited({ directDebitMandate: { iban } })) + amountCents > DIRECT_DEBIT_LIMIT_CENTS)
    ) {
      throw new AppError('directdebit_limit_reached');
    }
  }
}
