import { Injectable } from '@nestjs/common';
import type { StaffDiscount } from '@app/contract';
import { AppError } from '../common/app-error';
import { Prisma, type DiscountCode } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { StaffChanges, type StaffPrincipal } from '../staff';
import { lockStaffCodeStatement, type LockedCodeRow } from './discounts.sql';

const LIST_LIMIT = 500;

interface Usage {
  claimed: number;
  held: number;
}

function present(code: DiscountCode, usage: Usage): StaffDiscount {
  return {
    id: code.id,
    code: code.code,
    value_percentage: Number(code.valuePercentage),
    minimum_order_cents: code.minimumOrderCents,
    country: code.countryCode,
    currency: code.currency,
    expires_at: code.expiresAt?.toISOString() ?? null,
    status: code.status,
    validity: code.validity,
    payment_methods: code.paymentMethods,
    issue_days: code.issueDays,
    claimed: usage.claimed,
    held: usage.held,
    created_at: code.createdAt.toISOString(),
  };
}

/**
 * Admins' discount codes: list (with how often each was paid with and is held by an open
 * checkout), create, deactivate. The reservation rules of DiscountsService stay as they are: a
 * deactivated code is refused to every new lookup and checkout, while a checkout that reserved
 * it before keeps its price (its held redemption becomes the claim when it is paid). A code is
 * never deleted or edited: payments refer to it. Personal copies of the deletion offer belong
 * to their member and are not listed.
 */
@Injectable()
export class DiscountsAdmin {
  constructor(
    private readonly prisma: PrismaService,
    private readonly changes: StaffChanges,
  ) {}

  private async usage(ids: number[]): Promise<Map<number, Usage>> {
    const groups = await this.prisma.discountRedemption.groupBy({
      by: ['codeId', 'state'],
      where: { codeId: { in: ids } },
      _count: { _all: true },
    });
    const usage = new Map<number, Usage>();
    for (const group of groups) {
      const entry = usage.get(group.codeId) ?? { claimed: 0, held: 0 };
      entry[group.state] = group._count._all;
      usage.set(group.codeId, entry);
    }
    return usage;
  }

  async list() {
    const codes = await this.prisma.discountCode.findMany({
      where: { issuedFromId: null, userId: null },
      orderBy: { id: 'desc' },
      take: LIST_LIMIT,
    });
    const usage = await this.usage(codes.map((c) => c.id));
    return {
      discounts: codes.map((c) => present(c, usage.get(c.id) ?? { claimed: 0, held: 0 })),
    };
  }

  async create(
    staff: StaffPrincipal,
    body: {
      code: string;
      value_percentage: number;
      minimum_order_cents: number;
      country: string | null;
      currency: string | null;
      expires_at: string | null;
      validity: DiscountCode['validity'];
      payment_methods: string[];
      issue_days: number | null;
    },
    ip?: string,
  ) {
    const discount = await this.changes.apply(staff, ip, null, async (tx) => {
      const made = await tx.discountCode.createManyAndReturn({
        data: [
          {
            code: body.code,
            valuePercentage: new Prisma.Decimal(body.value_percentage),
            minimumOrderCents: body.minimum_order_cents,
            countryCode: body.country,
            currency: body.currency,
            expiresAt: body.expires_at ? new Date(body.expires_at) : null,
            validity: body.validity,
            paymentMethods: body.payment_methods as DiscountCode['paymentMethods'],
            issueDays: body.issue_days,
          },
        ],
        skipDuplicates: true,
      });
      if (made.length === 0) throw new AppError('code_taken', {}, 'code');
      const view = present(made[0], { claimed: 0, held: 0 });
      return {
        result: view,
        audit: {
          action: 'discount.create',
          subjectType: 'discount_code',
          subjectId: view.id,
          after: view,
        },
      };
    });
    return { discount };
  }

  /** Deactivates a code (a second time changes nothing). Open checkouts holding it keep it. */
  async deactivate(staff: StaffPrincipal, id: number, ip?: string) {
    const discount = await this.changes.apply(staff, ip, null, async (tx) => {
      const rows = await queryRows<LockedCodeRow>(tx, lockStaffCodeStatement(id));
      if (rows.length === 0) throw new AppError('not_found');
      const before = await tx.discountCode.findUniqueOrThrow({ where: { id } });
      const usage = (await this.usage([id])).get(id) ?? { claimed: 0, held: 0 };
      if (before.status === 'inactive') return { result: present(before, usage), audit: null };
      const after = await tx.discountCode.update({ where: { id }, data: { status: 'inactive' } });
      return {
        result: present(after, usage),
        audit: {
          action: 'discount.deactivate',
          subjectType: 'discount_code',
          subjectId: id,
          before: { status: before.status },
          after: { status: after.status },
        },
      };
    });
    return { discount };
  }
}
