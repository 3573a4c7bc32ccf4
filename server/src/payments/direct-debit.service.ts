import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomInt } from 'node:crypto';
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import {
  DIRECT_DEBIT_LIMIT_CENTS,
  DIRECT_DEBIT_LIMIT_DAYS,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_MINUTES,
  SMS_CODES_PER_HOUR,
  type DirectDebitConfirmRequest,
  type DirectDebitRequest,
  type DirectDebitResponse,
  type PaymentResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { isLanguage, translate } from '../i18n/i18n';
import { DiscountsService } from '../discounts';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.service';
import { SettingsService } from '../settings';
import { SmsService } from '../sms';
import { CheckoutService, type Member } from './checkout.service';
import { PricingService } from './pricing.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider';
import { ibanLabel } from './providers/sandbox/sandbox.provider';

/** The advisory-lock class of one member's direct debits (second key: the member's id). */
const DIRECT_DEBIT_LOCK = 0xdd11;
const DAY_MS = 86_400_000;

const hashCode = (mandateId: number, code: string) =>
  createHash('sha256').update(`${mandateId}:${code}`).digest('hex');

/**
 * Direct debit (SPEC points 3, 8: the direct debit form with IBAN, address, phone, consent and
 * an SMS code). The form is checked (the IBAN with ibantools: valid and in SEPA), the member or
 * the account must not be blocked for direct debit (a debit of theirs failed or was reversed),
 * and the member's debits within DIRECT_DEBIT_LIMIT_DAYS stay under DIRECT_DEBIT_LIMIT_CENTS.
 * The code is texted to the phone (SMS_CODE_MINUTES, SMS_CODE_MAX_ATTEMPTS tries, kept only as
 * a hash); the right code stores the mandate at the provider and debits the package: a pending
 * payment until the bank collects it.
 */
@Injectable()
export class DirectDebitService {
  /** Texts cost money and can annoy a phone's owner: SMS_CODES_PER_HOUR per member. */
  private readonly texts: RateLimiterRedis;

  constructor(
    private readonly prisma: PrismaService,
    private readonly checkout: CheckoutService,
    private readonly pricing: PricingService,
    private readonly discounts: DiscountsService,
    private readonly settings: SettingsService,
    private readonly sms: SmsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    redis: RedisService,
  ) {
    this.texts = redis.limiter('ratelimit:sms_codes', SMS_CODES_PER_HOUR, 3600);
  }

  /** POST /api/directdebit.php */
  async start(
    userId: number,
    body: DirectDebitRequest,
    now = new Date(),
  ): Promise<DirectDebitResponse> {
    if (!body.consent) throw new AppError('consent_required', {}, 'consent');
    const iban = electronicFormatIBAN(body.iban) ?? '';
    if (!isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) {
      throw new AppError('invalid_iban', {}, 'iban');
    }
    const phone = normalisePhone(body.phone);
    if (!phone) throw new AppError('invalid_phone', {}, 'phone');
    const member = await this.checkout.member(userId);
    const order = await this.order(member, body.package, body.code);
    await this.assertAllowed(member.id, iban, order.amountCents, now);
    const mandate = await this.prisma.directDebitMandate.create({
      data: {
        userId,
        accountHolder: body.account_holder,
        iban,
        street: body.street,
        houseNumber: body.house_number,
        zip: body.zip,
        city: body.city,
        phone,
        consentAt: now,
        packageId: order.packageId,
      },
    });
    return this.sendCode(member, mandate.id, phone, now);
  }

  /** POST /api/directdebit-code.php: a new code for a form not confirmed yet. */
  async resend(userId: number, mandateId: number, now = new Date()): Promise<DirectDebitResponse> {
    const mandate = await this.prisma.directDebitMandate.findFirst({
      where: { id: mandateId, userId, phoneVerified: null },
    });
    if (!mandate) throw new AppError('not_found');
    return this.sendCode(await this.checkout.member(userId), mandate.id, mandate.phone, now);
  }

  /** POST /api/directdebit-confirm.php */
  async confirm(
    userId: number,
    idempotencyKey: string,
    body: DirectDebitConfirmRequest,
    now = new Date(),
  ): Promise<PaymentResponse> {
    const existing = await this.checkout.byKey(userId, idempotencyKey);
    if (existing) return this.checkout.submit(existing);
    const mandate = await this.prisma.directDebitMandate.findFirst({
      where: { id: body.mandate, userId },
    });
    if (!mandate || mandate.packageId === null) throw new AppError('not_found');
    if (!mandate.phoneVerified) {
      // every try counts, right or wrong, before the code is compared
      const [tried] = await this.prisma.directDebitMandate.updateManyAndReturn({
        where: {
          id: mandate.id,
          phoneVerified: null,
          otpHash: { not: null },
          otpExpiresAt: { gt: now },
          otpAttempts: { lt: SMS_CODE_MAX_ATTEMPTS },
        },
        data: { otpAttempts: { increment: 1 } },
      });
      const code = body.otp.replace(/\s+/g, '');
      if (tried && tried.otpHash === hashCode(mandate.id, code)) {
        await this.prisma.directDebitMandate.update({
          where: { id: mandate.id },
          data: { phoneVerified: now },
        });
      } else {
        // a confirmation racing this one may have verified the same code a moment ago
        const current = await this.prisma.directDebitMandate.findUniqueOrThrow({
          where: { id: mandate.id },
          select: { phoneVerified: true, otpHash: true },
        });
        if (!current.phoneVerified || current.otpHash !== hashCode(mandate.id, code)) {
          throw new AppError('otp_invalid', {}, 'otp');
        }
      }
    }
    const member = await this.checkout.member(userId);
    const order = await this.order(member, mandate.packageId, undefined);
    // one payment per form: the first confirmation claims it; a repeat finds its payment
    const claim = `claimed:${idempotencyKey}`;
    const claimed = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DIRECT_DEBIT_LOCK}::int, ${userId}::int)`;
      const current = await tx.directDebitMandate.findUniqueOrThrow({
        where: { id: mandate.id },
        select: { mandateRef: true },
      });
      if (current.mandateRef !== null && current.mandateRef !== claim) return false;
      await this.assertAllowed(userId, mandate.iban, order.amountCents, now, tx);
      await tx.directDebitMandate.update({
        where: { id: mandate.id },
        data: { mandateRef: claim },
      });
      return true;
    });
    if (!claimed) {
      const made = await this.prisma.payment.findFirst({
        where: { directDebitMandateId: mandate.id },
      });
      if (!made) throw new AppError('idempotency_in_progress');
      return this.checkout.submit(made);
    }
    const customerRef = await this.checkout.customer(member);
    const provided = await this.provider.createDirectDebitMandate({
      customerRef,
      accountHolder: mandate.accountHolder,
      iban: mandate.iban,
      signatureDate: now.toISOString().slice(0, 10),
      mandateReference: `VONKJE-${mandate.id}`,
      idempotencyKey: `${idempotencyKey}-mandate`,
    });
    const stored = await this.prisma.paymentMandate.upsert({
      where: { mandateRef: provided.ref },
      create: {
        userId,
        provider: this.provider.name,
        customerRef,
        mandateRef: provided.ref,
        method: 'sdd',
        label: ibanLabel(mandate.iban),
      },
      update: {},
    });
    await this.prisma.directDebitMandate.update({
      where: { id: mandate.id },
      data: { mandateRef: provided.ref },
    });
    const created = await this.checkout.record(member, idempotencyKey, {
      ...order,
      method: 'sdd',
      discount: null,
      sequenceType: 'recurring',
      mandateId: stored.id,
      directDebitMandateId: mandate.id,
    });
    return this.checkout.submit(created);
  }

  private async order(member: Member, packageId: number, code: string | undefined) {
    const pkg = await this.pricing.package(packageId, member.country);
    if (pkg.currency !== 'EUR') throw new AppError('payment_method_unavailable');
    const discount = code
      ? await this.discounts.apply(this.prisma, member.id, code, {
          priceCents: pkg.price_cents,
          currency: pkg.currency,
          country: member.country,
          method: 'sdd',
        })
      : null;
    return {
      packageId: pkg.id,
      credits: pkg.credits,
      amountCents: pkg.price_cents - (discount?.cents ?? 0),
      currency: pkg.currency,
      country: member.country,
    };
  }

  /**
   * Blocked: a debit of this member, or of this account by anyone, failed or was charged back.
   * Limit: the member's debits (pending or paid) in the last DIRECT_DEBIT_LIMIT_DAYS plus this one.
   */
  private async assertAllowed(
    userId: number,
    iban: string,
    amountCents: number,
    now: Date,
    db: Pick<PrismaService, 'directDebitMandate' | 'payment'> = this.prisma,
  ): Promise<void> {
    const blocked = await db.directDebitMandate.count({
      where: { blocked: true, OR: [{ userId }, { iban }] },
    });
    if (blocked > 0) throw new AppError('directdebit_blocked');
    const { _sum } = await db.payment.aggregate({
      where: {
        userId,
        method: 'sdd',
        status: { in: ['pending', 'paid'] },
        providerRef: { not: null },
        createdAt: { gte: new Date(now.getTime() - DIRECT_DEBIT_LIMIT_DAYS * DAY_MS) },
      },
      _sum: { amountCents: true },
    });
    if ((_sum.amountCents ?? 0) + amountCents > DIRECT_DEBIT_LIMIT_CENTS) {
      throw new AppError('directdebit_limit_reached');
    }
  }

  private async sendCode(
    member: Member,
    mandateId: number,
    phone: string,
    now: Date,
  ): Promise<DirectDebitResponse> {
    if (!this.sms.available) throw new AppError('payment_method_unavailable');
    try {
      await this.texts.consume(`member:${member.id}`);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new AppError('rate_limited', {
        retry_after: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      });
    }
    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const expiresAt = new Date(now.getTime() + SMS_CODE_MINUTES * 60_000);
    await this.prisma.directDebitMandate.update({
      where: { id: mandateId },
      data: {
        otpHash: hashCode(mandateId, code),
        otpExpiresAt: expiresAt,
        otpAttempts: 0,
        otpSends: { increment: 1 },
      },
    });
    const language = isLanguage(member.language) ? member.language : 'nl';
    const site = (await this.settings.stored()).name;
    await this.sms.send(
      phone,
      translate(language, 'sms.directDebitCode', { site, code, minutes: SMS_CODE_MINUTES }),
    );
    return {
      mandate: { id: mandateId, phone_hint: phoneHint(phone), expires_at: expiresAt.toISOString() },
    };
  }
}

/**
 * +31612345678 from "06-12345678", "0031 6 1234 5678" or "+31 6 12345678"; a number without
 * a country code is Dutch. Null when it cannot be a phone number.
 */
export function normalisePhone(input: string): string | null {
  let digits = input.replace(/[\s\-().]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  else if (digits.startsWith('0')) digits = `+31${digits.slice(1)}`;
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/** "+31 ••• •• 78": enough to recognise the number, not to read it. */
function phoneHint(phone: string): string {
  return `${phone.slice(0, 3)} ••• •• ${phone.slice(-2)}`;
}
