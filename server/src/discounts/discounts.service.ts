import { Injectable } from '@nestjs/common';
import {
  TIME_BONUS_CODE,
  TIME_BONUS_WINDOW_S,
  centsToDecimal,
  discountCents,
  type DiscountCodeQuery,
  type DiscountCodeResponse,
  type PaymentMethodId,
} from '@app/contract';
import { AppError } from '../common/app-error';
import type { DiscountCode, Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

type Db = PrismaService | Prisma.TransactionClient;

interface Member {
  id: number;
  paidUser: boolean;
  signupDate: Date;
}

/** A discount a payment carries: the code and the cents it takes off. */
export interface AppliedDiscount {
  codeId: number;
  code: string;
  cents: number;
  /** once: one payment of anyone may claim it; the others per member or per payment. */
  validity: DiscountCode['validity'];
}

/** What a payment of a package needs a code to allow. */
export interface DiscountOrder {
  priceCents: number;
  currency: string;
  country: string;
  method?: PaymentMethodId;
}

/**
 * Discount codes (SPEC points 3, 5, 7): looking one up, the checks a payment makes, and the claim
 * when the payment is paid. The welcome code TIMEBONUS25 (the time bonus, SPEC points 1, 4, 9)
 * is a once-per-member code valid for a member who has not paid yet, until TIME_BONUS_WINDOW_S
 * after signup. Codes are claimed by their paid payment only, with a claim key whose uniqueness
 * lets two payments racing for one claim have it once (discount_redemptions.claim_key).
 */
@Injectable()
export class DiscountsService {
  constructor(private readonly prisma: PrismaService) {}

  /** GET /api/discountcode.php */
  async lookup(
    userId: number,
    query: DiscountCodeQuery,
    now = new Date(),
  ): Promise<DiscountCodeResponse> {
    const member = await this.member(userId);
    const name = query.welcome ? TIME_BONUS_CODE : (query.code ?? '');
    const code = await this.find(this.prisma, name, member);
    if (await this.claimed(this.prisma, code, member.id)) throw new AppError('discount_used');
    const expires = this.expiresAt(code, member);
    const expired = expires !== null && expires <= now;
    // the welcome code is offered only while the time bonus runs; any other answer is ignored
    if (query.welcome && (expired || member.paidUser)) throw new AppError('discount_not_found');
    return {
      discountcode: {
        code: code.code,
        value_percentage: Number(code.valuePercentage),
        minimum_order_value: code.minimumOrderCents,
        country: code.countryCode,
        currency: code.currency,
        paymentmethods: code.paymentMethods,
        expires: expires?.toISOString() ?? null,
        status: code.status,
        validity: code.validity,
        expired,
        seconds_left:
          expires === null
            ? null
            : Math.max(0, Math.floor((expires.getTime() - now.getTime()) / 1000)),
      },
    };
  }

  /**
   * The discount a code gives an order, after every check: found and meant for this member
   * (`discount_not_found`), not claimed yet (`discount_used`), not expired (`discount_expired`),
   * the welcome code only before the first purchase, country, currency and method
   * (`discount_not_applicable`), minimum order (`discount_minimum_order`).
   */
  async apply(
    db: Db,
    userId: number,
    codeText: string,
    order: DiscountOrder,
    now = new Date(),
  ): Promise<AppliedDiscount> {
    const member = await this.member(userId, db);
    const code = await this.find(db, codeText, member);
    if (await this.claimed(db, code, member.id)) throw new AppError('discount_used');
    const expires = this.expiresAt(code, member);
    if (expires !== null && expires <= now) throw new AppError('discount_expired');
    const notApplicable =
      (code.code === TIME_BONUS_CODE && member.paidUser) ||
      (code.countryCode !== null && code.countryCode !== order.country) ||
      (code.currency !== null && code.currency !== order.currency) ||
      (order.method !== undefined &&
        code.paymentMethods.length > 0 &&
        !code.paymentMethods.includes(order.method));
    if (notApplicable) throw new AppError('discount_not_applicable');
    if (order.priceCents < code.minimumOrderCents) {
      throw new AppError('discount_minimum_order', {
        amount: `${order.currency} ${centsToDecimal(code.minimumOrderCents)}`,
      });
    }
    const cents = discountCents(order.priceCents, code.valuePercentage.toFixed(2));
    // a payment must still cost something: a free package is not a payment
    if (cents >= order.priceCents) throw new AppError('discount_not_applicable');
    return { codeId: code.id, code: code.code, cents, validity: code.validity };
  }

  /**
   * Claims the code for its paid payment, inside the crediting transaction. False when another
   * payment claimed it first (two payments racing for a code meant for one use): the claim
   * is then not made twice.
   */
  async claim(
    tx: Prisma.TransactionClient,
    claim: {
      codeId: number;
      validity: DiscountCode['validity'];
      userId: number;
      paymentId: number;
    },
  ): Promise<boolean> {
    const { count } = await tx.discountRedemption.createMany({
      data: [
        {
          codeId: claim.codeId,
          userId: claim.userId,
          paymentId: claim.paymentId,
          claimKey: claimKey(claim.validity, claim.codeId, claim.userId, claim.paymentId),
        },
      ],
      skipDuplicates: true,
    });
    return count === 1;
  }

  private async member(userId: number, db: Db = this.prisma): Promise<Member> {
    const member = await db.user.findUnique({
      where: { id: userId },
      select: { id: true, paidUser: true, signupDate: true },
    });
    if (!member) throw new AppError('authentication_required');
    return member;
  }

  /** An active code of this name that is everyone's or this member's own. */
  private async find(db: Db, text: string, member: Member): Promise<DiscountCode> {
    const code = await db.discountCode.findFirst({
      where: {
        code: { equals: text.trim(), mode: 'insensitive' },
        status: 'active',
        OR: [{ userId: null }, { userId: member.id }],
      },
    });
    if (!code) throw new AppError('discount_not_found');
    return code;
  }

  private async claimed(db: Db, code: DiscountCode, userId: number): Promise<boolean> {
    if (code.validity === 'unlimited') return false;
    const found = await db.discountRedemption.findUnique({
      where: { claimKey: claimKey(code.validity, code.id, userId, 0) },
      select: { id: true },
    });
    return found !== null;
  }

  /** The welcome code ends TIME_BONUS_WINDOW_S after the member's signup; others at expires_at. */
  private expiresAt(code: DiscountCode, member: Member): Date | null {
    if (code.code === TIME_BONUS_CODE) {
      return new Date(member.signupDate.getTime() + TIME_BONUS_WINDOW_S * 1000);
    }
    return code.expiresAt;
  }
}

/** once: `once:<code>`; once per member: `user:<code>:<member>`; unlimited: `payment:<id>`. */
function claimKey(
  validity: DiscountCode['validity'],
  codeId: number,
  userId: number,
  paymentId: number,
): string {
  if (validity === 'once') return `once:${codeId}`;
  if (validity === 'once_per_user') return `user:${codeId}:${userId}`;
  return `payment:${paymentId}`;
}
