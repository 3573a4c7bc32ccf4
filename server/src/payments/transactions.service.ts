import { Injectable } from '@nestjs/common';
import {
  PAYMENT_CHECK_INTERVAL_MS,
  TRANSACTIONS_PAGE_SIZE,
  type PaymentResponse,
  type Transaction,
  type TransactionResponse,
  type TransactionsResponse,
  vatIncludedCents,
} from '@app/contract';
import { AppError } from '../common/app-error';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { invoiceNumber, presentPayment, vatCountryOf, vatRateOf } from './payment.presenter';
import { SettlementService } from './settlement.service';

const ROW = {
  include: {
    discountCode: { select: { code: true } },
    package: { select: { slug: true, credits: true } },
    user: { select: { email: true, profile: { select: { name: true } } } },
  },
} satisfies Prisma.PaymentDefaultArgs;
type Row = Prisma.PaymentGetPayload<typeof ROW>;

/**
 * A member's own payments: the return check (GET payment.php reads a pending payment from the
 * provider, at most every PAYMENT_CHECK_INTERVAL_MS), the transactions list and one
 * transaction with its invoice. Only the member's own payments: another member's id is 404.
 */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settlement: SettlementService,
  ) {}

  private async own(userId: number, paymentId: string): Promise<Row> {
    const row = await this.prisma.payment.findFirst({ where: { paymentId, userId }, ...ROW });
    if (!row) throw new AppError('not_found');
    return row;
  }

  /** GET /api/payment.php: the return check. */
  async payment(userId: number, paymentId: string, now = new Date()): Promise<PaymentResponse> {
    const row = await this.own(userId, paymentId);
    if (SettlementService.unsettled(row.status) && row.providerRef) {
      // one reading per interval, however many tabs poll: the first to move checked_at reads
      const due = new Date(now.getTime() - PAYMENT_CHECK_INTERVAL_MS);
      const { count } = await this.prisma.payment.updateMany({
        where: { id: row.id, OR: [{ checkedAt: null }, { checkedAt: { lt: due } }] },
        data: { checkedAt: now },
      });
      if (count === 1) {
        await this.settlement.refresh(row.id);
        return { payment: this.present(await this.own(userId, paymentId)) };
      }
    }
    return { payment: this.present(row) };
  }

  /** GET /api/transactions.php: newest first; payments that never reached a provider are left out. */
  async list(userId: number, before?: number): Promise<TransactionsResponse> {
    const rows = await this.prisma.payment.findMany({
      where: { userId, providerRef: { not: null }, ...(before ? { id: { lt: before } } : {}) },
      orderBy: { id: 'desc' },
      take: TRANSACTIONS_PAGE_SIZE + 1,
      ...ROW,
    });
    const page = rows.slice(0, TRANSACTIONS_PAGE_SIZE);
    return {
      transactions: page.map((row) => this.present(row)),
      next_before: rows.length > TRANSACTIONS_PAGE_SIZE ? page[page.length - 1].id : null,
    };
  }

  /** GET /api/transaction.php: one payment and, once paid, its invoice (prices include VAT). */
  async transaction(userId: number, paymentId: string): Promise<TransactionResponse> {
    const row = await this.own(userId, paymentId);
    const number = invoiceNumber(row.invoiceNumber);
    // where the payer is: the card's or account's country when the provider told us, else the
    // billing country the payment was made in
    const vatCountry = vatCountryOf(row);
    const rate = vatRateOf(vatCountry);
    const invoice =
      number && row.paidAt
        ? {
            number,
            date: row.paidAt.toISOString(),
            buyer: {
              name: row.user.profile?.name ?? '',
              email: row.user.email,
              country: vatCountry ?? '',
            },
            description: row.package?.slug ?? 'credits',
            credits: row.credits,
            price_cents: row.amountCents + row.discountCents,
            discount_cents: row.discountCents,
            total_cents: row.amountCents,
            vat_rate: rate,
            vat_cents: rate === null ? 0 : vatIncludedCents(row.amountCents, rate),
            currency: row.currency,
          }
        : null;
    return { transaction: this.present(row), invoice };
  }

  private present(row: Row): Transaction {
    return {
      ...presentPayment(row, row.discountCode?.code ?? null),
      package: row.package,
      invoice_number: invoiceNumber(row.invoiceNumber),
    };
  }
}
