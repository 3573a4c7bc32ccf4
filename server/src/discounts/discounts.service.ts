import { Inject, Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import {
  TIME_BONUS_CODE,
  TIME_BONUS_WINDOW_S,
  centsToDecimal,
  discountCents,
  type DeleteDiscountResponse,
  type DiscountCode as DiscountCodeView,
  type DiscountCodeQuery,
  type DiscountCodeResponse,
  type PaymentMethodId,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { consumeOrRefuse, namedLimiter } from '../common/rate-limit.guard';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { DiscountCode, DiscountRedemptionState, Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.service';
import { AccountLinks } from '../account-links';

type Db = PrismaService | Prisma.TransactionClient;

const DAY_MS = 86_400_000;
/** The random part of a personal code: 10 of 32 letters and digits (50 bits), none alike. */
const RANDOM_PART = { alphabet: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789', length: 10 };

interface Member {
  id: number;
  paidUser: boolean;
  signupDate: Date;
  /** Set while the member is on the deletion page past its first step (DeletionService.start). */
  deletionStartedAt: Date | null;
}

/** A discount a payment carries: the code and the cents it takes off. */
export interface AppliedDiscount {
  codeId: number;
  code: string;
  cents: number;
  /** once: one payment of anyone may have it; the others per member or per payment. */
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
 * Discount codes (SPEC points 3, 5, 7): looking one up, the checks a payment makes, the
 * reservation a checkout makes, and the claim when its payment is paid. The welcome code
 * TIMEBONUS25 (the time bonus, SPEC points 1, 4, 9) is a once-per-member code valid for a member
 * who has not paid yet, until TIME_BONUS_WINDOW_S after signup.
 *
 * A code is reserved when a checkout is created: a `held` redemption row with the payment, in
 * the transaction that writes the payment, under the code's claim key (`once:<code>`,
 * `user:<code>:<member>`, `payment:<id>`), whose uniqueness refuses a second open checkout
 * with a code meant for one use or one use per member. The reservation is released when its
 * payment fails, expires or is cancelled (or never reached the provider), and becomes the claim
 * when it is paid. A lookup neither reserves nor claims.
 *
 * Codes typed that do not exist count as guesses (`discount_code_guesses`, per member per
 * hour, whichever route the code came through); past the limit every typed code is answered
 * 429. The deletion offer is a template (`issue_days`) never accepted itself: each member who
 * asked for deletion (on the deletion page, the step before confirming it) is issued a personal
 * copy with a random part, bound to them, for days, and it is accepted only while that deletion
 * is begun: once the member stayed (or confirmed, and reactivated) it is `discount_offer_ended`
 * (security review 2026-11-28, L8).
 */
@Injectable()
export class DiscountsService {
  private readonly guesses: RateLimiterRedis;

  constructor(
    private readonly prisma: PrismaService,
    private readonly links: AccountLinks,
    redis: RedisService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.guesses = namedLimiter(redis, config, 'discount_code_guesses');
  }

  /** GET /api/discountcode.php */
  async lookup(
    userId: number,
    query: DiscountCodeQuery,
    now = new Date(),
  ): Promise<DiscountCodeResponse> {
    const member = await this.member(userId);
    const name = query.welcome ? TIME_BONUS_CODE : (query.code ?? '');
    const code = await this.find(this.prisma, name, member);
    if (offerEnded(code, member)) throw new AppError('discount_offer_ended');
    await this.refuseSamePerson(this.prisma, code, member.id);
    await this.refuseTaken(this.prisma, code, member.id);
    const discountcode = this.present(code, member, now);
    // the welcome code is offered only while the time bonus runs; any other answer is ignored
    if (query.welcome && (discountcode.expired || member.paidUser)) {
      throw new AppError('discount_not_found');
    }
    return { discountcode };
  }

  /**
   * POST /api/delete-discount.php: the member's personal copy of the deletion offer, made on
   * the first call (one per member and template: a unique key), its expiry renewed when it ran
   * out unused; null when the site makes no offer or the member has used theirs. Only for a
   * member who asked for deletion: 409 `deletion_not_started` otherwise.
   */
  async deletionOffer(userId: number, now = new Date()): Promise<DeleteDiscountResponse> {
    const member = await this.member(userId);
    if (member.deletionStartedAt === null) throw new AppError('deletion_not_started');
    const template = await this.deletionTemplate();
    if (!template) return { discountcode: null };
    const expiresAt = new Date(now.getTime() + template.issueDays * DAY_MS);
    const key = { issuedFromId_userId: { issuedFromId: template.id, userId } };
    await this.prisma.discountCode.createMany({
      data: [
        {
          code: `${template.code.slice(0, 50 - RANDOM_PART.length - 1)}-${randomPart()}`,
          valuePercentage: template.valuePercentage,
          minimumOrderCents: template.minimumOrderCents,
          countryCode: template.countryCode,
          currency: template.currency,
          paymentMethods: template.paymentMethods,
          validity: 'once_per_user',
          userId,
          issuedFromId: template.id,
          expiresAt,
        },
      ],
      skipDuplicates: true,
    });
    const { redemptions, ...copy } = await this.prisma.discountCode.findUniqueOrThrow({
      where: key,
      include: { redemptions: { select: { state: true } } },
    });
    if (copy.status !== 'active' || redemptions.some((r) => r.state === 'claimed')) {
      return { discountcode: null };
    }
    // ran out unused (and no open checkout holds it): the offer is made again
    if (copy.expiresAt !== null && copy.expiresAt <= now && redemptions.length === 0) {
      await this.prisma.discountCode.update({ where: key, data: { expiresAt } });
      copy.expiresAt = expiresAt;
    }
    return { discountcode: this.present(copy, member, now) };
  }

  /**
   * The discount a code gives an order, after every check: found and meant for this member
   * (`discount_not_found`), not claimed (`discount_used`) nor reserved by an open checkout
   * (`discount_reserved`), not expired (`discount_expired`), the welcome code only before the
   * first purchase, country, currency and method (`discount_not_applicable`), minimum order
   * (`discount_minimum_order`).
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
    await this.refuseTaken(db, code, member.id);
    await this.refuseSamePerson(db, code, member.id);
    const closed = this.closed(code, member, now);
    if (closed) throw new AppError(closed);
    const notApplicable =
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
   * Reserves the code for a checkout, in the transaction that writes its payment: refused
   * (`discount_reserved`, `discount_used`) when another payment holds or claimed it, so the
   * transaction, and with it the payment, is undone.
   */
  async reserve(
    tx: Prisma.TransactionClient,
    discount: AppliedDiscount,
    payment: { id: number; userId: number },
  ): Promise<void> {
    const claimKey = keyOf(discount.validity, discount.codeId, payment.userId, payment.id);
    const { count } = await tx.discountRedemption.createMany({
      data: [
        {
          codeId: discount.codeId,
          userId: payment.userId,
          paymentId: payment.id,
          claimKey,
          state: 'held',
        },
      ],
      skipDuplicates: true,
    });
    if (count === 1) return;
    const taken = await tx.discountRedemption.findUnique({
      where: { claimKey },
      select: { state: true },
    });
    throw new AppError(takenError(taken?.state ?? 'held'));
  }

  /** Releases what these payments reserved (failed, expired, cancelled, never submitted). */
  async release(tx: Prisma.TransactionClient, paymentIds: number[]): Promise<void> {
    if (paymentIds.length === 0) return;
    await tx.discountRedemption.deleteMany({
      where: { paymentId: { in: paymentIds }, state: 'held' },
    });
  }

  /**
   * Claims the code for its paid payment, inside the crediting transaction: its reservation
   * becomes the claim. A payment whose reservation is gone (released when we saw it fail,
   * expire or be cancelled, or opened before reservations existed) gets the discount only if
   * the code is still open to the member now (active, not expired, the welcome code before
   * their first purchase and inside its window) and nobody else reserved or claimed it since.
   * False: the discount does not stand (the caller books the payment at full price).
   *
   * A reservation that held until the payment is paid is not checked again: the checks were
   * made when the checkout reserved the code, and the reservation kept it to this one payment
   * for the payment's whole life, so paying late (a bank transfer takes days) cannot give a
   * member the discount twice, and the order in which their payments are paid changes nothing.
   */
  async claim(
    tx: Prisma.TransactionClient,
    payment: { id: number; userId: number; discountCodeId: number },
    now = new Date(),
  ): Promise<boolean> {
    const { count } = await tx.discountRedemption.updateMany({
      where: { paymentId: payment.id, state: 'held' },
      data: { state: 'claimed' },
    });
    if (count === 1) return true;
    const code = await tx.discountCode.findUnique({ where: { id: payment.discountCodeId } });
    if (!code || code.status !== 'active' || code.issueDays !== null) return false;
    const member = await this.member(payment.userId, tx);
    if (this.closed(code, member, now)) return false;
    const claimed = await tx.discountRedemption.createMany({
      data: [
        {
          codeId: code.id,
          userId: payment.userId,
          paymentId: payment.id,
          claimKey: keyOf(code.validity, code.id, payment.userId, payment.id),
          state: 'claimed',
        },
      ],
      skipDuplicates: true,
    });
    return claimed.count === 1;
  }

  private async member(userId: number, db: Db = this.prisma): Promise<Member> {
    const member = await db.user.findUnique({
      where: { id: userId },
      select: { id: true, paidUser: true, signupDate: true, deletionStartedAt: true },
    });
    if (!member) throw new AppError('authentication_required');
    return member;
  }

  /**
   * An active code of this name that is everyone's or this member's own (never a template).
   * Each lookup first costs the member a guess (so a burst of guesses at once is limited too),
   * given back when the code exists.
   */
  private async find(db: Db, text: string, member: Member): Promise<DiscountCode> {
    const limitKey = `member:${member.id}`;
    await consumeOrRefuse(this.guesses, limitKey);
    const code = await db.discountCode.findFirst({
      where: {
        code: { equals: text.trim(), mode: 'insensitive' },
        status: 'active',
        issueDays: null,
        OR: [{ userId: null }, { userId: member.id }],
      },
    });
    if (!code) throw new AppError('discount_not_found');
    await this.guesses.reward(limitKey, 1);
    return code;
  }

  /**
   * The welcome code (the welcome discount and the time bonus) goes once per person:
   * `discount_linked_account` when an account of the same person (the same browser or payment
   * instrument, AccountLinks.samePerson) has paid already or holds or used the code.
   */
  private async refuseSamePerson(db: Db, code: DiscountCode, userId: number): Promise<void> {
    if (code.code !== TIME_BONUS_CODE) return;
    const others = await this.links.samePerson(userId, db);
    if (others.length === 0) return;
    const [paid, redeemed] = await Promise.all([
      db.user.count({ where: { id: { in: others }, paidUser: true } }),
      db.discountRedemption.count({ where: { userId: { in: others }, codeId: code.id } }),
    ]);
    if (paid + redeemed > 0) throw new AppError('discount_linked_account');
  }

  /** `discount_used` when claimed, `discount_reserved` while an open checkout holds it. */
  private async refuseTaken(db: Db, code: DiscountCode, userId: number): Promise<void> {
    if (code.validity === 'unlimited') return;
    const found = await db.discountRedemption.findUnique({
      where: { claimKey: keyOf(code.validity, code.id, userId, 0) },
      select: { state: true },
    });
    if (found) throw new AppError(takenError(found.state));
  }

  /**
   * Why the code is closed to this member now: a deletion offer's code after the deletion, expired,
   * or the welcome code after a purchase.
   */
  private closed(
    code: DiscountCode,
    member: Member,
    now: Date,
  ): 'discount_offer_ended' | 'discount_expired' | 'discount_not_applicable' | null {
    if (offerEnded(code, member)) return 'discount_offer_ended';
    const expires = this.expiresAt(code, member);
    if (expires !== null && expires <= now) return 'discount_expired';
    if (code.code === TIME_BONUS_CODE && member.paidUser) return 'discount_not_applicable';
    return null;
  }

  /** The welcome code ends TIME_BONUS_WINDOW_S after the member's signup; others at expires_at. */
  private expiresAt(code: DiscountCode, member: Member): Date | null {
    if (code.code === TIME_BONUS_CODE) {
      return new Date(member.signupDate.getTime() + TIME_BONUS_WINDOW_S * 1000);
    }
    return code.expiresAt;
  }

  /** The template company_info.delete_discount names, if it is one and active. */
  private async deletionTemplate(): Promise<(DiscountCode & { issueDays: number }) | null> {
    const info = await this.prisma.companyInfo.findUnique({
      where: { id: 1 },
      select: { deleteDiscount: true },
    });
    if (!info?.deleteDiscount) return null;
    const template = await this.prisma.discountCode.findUnique({
      where: { code: info.deleteDiscount },
    });
    if (!template || template.status !== 'active' || template.issueDays === null) return null;
    return { ...template, issueDays: template.issueDays };
  }

  private present(code: DiscountCode, member: Member, now: Date): DiscountCodeView {
    const expires = this.expiresAt(code, member);
    return {
      code: code.code,
      value_percentage: Number(code.valuePercentage),
      minimum_order_value: code.minimumOrderCents,
      country: code.countryCode,
      currency: code.currency,
      paymentmethods: code.paymentMethods,
      expires: expires?.toISOString() ?? null,
      status: code.status,
      validity: code.validity,
      expired: expires !== null && expires <= now,
      seconds_left:
        expires === null
          ? null
          : Math.max(0, Math.floor((expires.getTime() - now.getTime()) / 1000)),
    };
  }
}

/** A copy of the deletion offer while the member is not (or no longer) deleting their account. */
function offerEnded(code: DiscountCode, member: Member): boolean {
  return code.issuedFromId !== null && member.deletionStartedAt === null;
}

/** once: `once:<code>`; once per member: `user:<code>:<member>`; unlimited: `payment:<id>`. */
function keyOf(
  validity: DiscountCode['validity'],
  codeId: number,
  userId: number,
  paymentId: number,
): string {
  if (validity === 'once') return `once:${codeId}`;
  if (validity === 'once_per_user') return `user:${codeId}:${userId}`;
  return `payment:${paymentId}`;
}

function takenError(state: DiscountRedemptionState): 'discount_used' | 'discount_reserved' {
  return state === 'claimed' ? 'discount_used' : 'discount_reserved';
}

function randomPart(): string {
  const { alphabet, length } = RANDOM_PART;
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}
