import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomInt } from 'node:crypto';
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import {
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
import { memberLanguage, translate } from '../i18n/i18n';
import { DiscountsService } from '../discounts';
import type { Payment } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.service';
import { SettingsService } from '../settings';
import { SmsService } from '../sms';
import { DirectDebitLimits } from './direct-debit-limits';
import { Payers, type Member } from './payers';
import { PaymentRecorder } from './payment-recorder';
import { PaymentSubmitter, providerKey } from './payment-submitter';
import { PricingService } from './pricing.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider';
import { ibanLabel } from './providers/sandbox/sandbox.provider';

/**
 * The countries whose mobile numbers get the code: those the site serves where direct debit is
 * offered (SEPA, paying in EUR). The message `errors.phone_unsupported` names them: keep it in
 * step. Texts to far-away or premium-rate numbers are what SMS pumping lives on.
 */
export const DIRECT_DEBIT_PHONE_COUNTRIES: readonly CountryCode[] = [
  'NL',
  'BE',
  'DE',
  'AT',
  'FR',
  'IT',
  'ES',
  'IE',
];

const hashCode = (mandateId: number, code: string) =>
  createHash('sha256').update(`${mandateId}:${code}`).digest('hex');

/**
 * Direct debit (SPEC points 3, 8: the direct debit form with IBAN, address, phone, consent and
 * an SMS code). The form is checked (the IBAN with ibantools: valid and in SEPA; the phone with
 * libphonenumber-js: a mobile number of DIRECT_DEBIT_PHONE_COUNTRIES), the member or the account
 * is held to the blocks and limits of DirectDebitLimits (per member, per IBAN whoever the
 * member, accounts per IBAN and per phone). The SMS limits (SMS_CODES_PER_HOUR per member and
 * per number) are taken before the form is written. The code is texted to the phone
 * (SMS_CODE_MINUTES, SMS_CODE_MAX_ATTEMPTS tries, kept only as a hash); the right code stores
 * the mandate at the provider and debits the package, with the form's discount code: a pending
 * payment until the bank collects it.
 *
 * The confirmation reserves the limits and writes its payment in one transaction
 * (DirectDebitLimits.reserve): two confirmations at the same moment cannot both pass on the
 * same room (security review 2026-11-25, M3).
 */
@Injectable()
export class DirectDebitService {
  /** Texts cost money and can annoy a phone's owner: SMS_CODES_PER_HOUR per member and number. */
  private readonly texts: RateLimiterRedis;

  constructor(
    private readonly prisma: PrismaService,
    private readonly payers: Payers,
    private readonly recorder: PaymentRecorder,
    private readonly submitter: PaymentSubmitter,
    private readonly pricing: PricingService,
    private readonly discounts: DiscountsService,
    private readonly settings: SettingsService,
    private readonly sms: SmsService,
    private readonly limits: DirectDebitLimits,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    redis: RedisService,
  ) {
    this.texts = redis.limiter('ratelimit:sms_codes', SMS_CODES_PER_HOUR, 3600);
  }

  /** POST /api/directdebit.php: every check and the SMS limits come before the form is written. */
  async start(
    userId: number,
    body: DirectDebitRequest,
    now = new Date(),
  ): Promise<DirectDebitResponse> {
    if (!body.consent) throw new AppError('consent_required', {}, 'consent');
    if (body.delivery_consent !== true) {
      throw new AppError('delivery_consent_required', {}, 'delivery_consent');
    }
    const iban = electronicFormatIBAN(body.iban) ?? '';
    if (!isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) {
      throw new AppError('invalid_iban', {}, 'iban');
    }
    const phone = mobilePhone(body.phone);
    const member = await this.payers.of(userId);
    const order = await this.order(member, body.package, body.code);
    await this.limits.check(this.prisma, {
      userId,
      iban,
      phone,
      amountCents: order.amountCents,
      now,
    });
    await this.takeText(member.id, phone);
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
        deliveryConsentAt: now,
        packageId: order.packageId,
        discountCode: order.discount?.code ?? null,
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
    await this.takeText(userId, mandate.phone);
    return this.sendCode(await this.payers.of(userId), mandate.id, mandate.phone, now);
  }

  /** POST /api/directdebit-confirm.php */
  async confirm(
    userId: number,
    idempotencyKey: string,
    body: DirectDebitConfirmRequest,
    now = new Date(),
  ): Promise<PaymentResponse> {
    const existing = await this.recorder.earlier(userId, idempotencyKey, {
      directDebitMandateId: body.mandate,
    });
    if (existing) return this.finish(existing, now);
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
    const member = await this.payers.of(userId);
    // the amount the form showed: the package with the form's discount code (L4)
    const order = await this.order(member, mandate.packageId, mandate.discountCode ?? undefined);
    // one payment per form: the first confirmation claims the form and writes its payment in the
    // transaction that checked the limits; a repeat finds that payment
    const claim = `claimed:${idempotencyKey}`;
    const payment = await this.prisma.$transaction(async (tx) => {
      await this.limits.reserve(tx, {
        userId,
        iban: mandate.iban,
        phone: mandate.phone,
        amountCents: order.amountCents,
        now,
      });
      const current = await tx.directDebitMandate.findUniqueOrThrow({
        where: { id: mandate.id },
        select: { mandateRef: true },
      });
      if (current.mandateRef !== null) return null;
      await tx.directDebitMandate.update({
        where: { id: mandate.id },
        data: { mandateRef: claim },
      });
      return this.recorder.record(
        member,
        idempotencyKey,
        {
          packageId: order.packageId,
          credits: order.credits,
          amountCents: order.amountCents,
          currency: order.currency,
          country: order.country,
          method: 'sdd',
          discount: order.discount,
          sequenceType: 'recurring',
          directDebitMandateId: mandate.id,
          deliveryConsentAt: mandate.deliveryConsentAt ?? undefined,
        },
        tx,
      );
    });
    if (payment) return this.finish(payment, now);
    // the form's first payment is its confirmation's (repeat orders on its mandate come later)
    const made = await this.prisma.payment.findFirst({
      where: { directDebitMandateId: mandate.id },
      orderBy: { id: 'asc' },
    });
    if (!made) throw new AppError('idempotency_in_progress');
    return this.finish(made, now);
  }

  /**
   * A direct debit payment written by its confirmation: the mandate is stored at the provider
   * (once: its key is derived from the payment, L1) and the payment handed over. Run again by a
   * repeated confirmation when an earlier one stopped half-way.
   */
  private async finish(payment: Payment, now: Date): Promise<PaymentResponse> {
    if (payment.providerRef || payment.directDebitMandateId === null || payment.mandateId) {
      return this.submitter.submit(payment);
    }
    const form = await this.prisma.directDebitMandate.findUniqueOrThrow({
      where: { id: payment.directDebitMandateId },
    });
    const member = await this.payers.of(payment.userId);
    const customerRef = await this.submitter.customer(member);
    const provided = await this.provider.createDirectDebitMandate({
      customerRef,
      accountHolder: form.accountHolder,
      iban: form.iban,
      signatureDate: (form.phoneVerified ?? now).toISOString().slice(0, 10),
      mandateReference: `VONKJE-${form.id}`,
      idempotencyKey: providerKey(payment, 'mandate'),
    });
    // a second confirmation of the form may be finishing it at the same moment
    await this.prisma.paymentMandate.createMany({
      data: [
        {
          userId: payment.userId,
          provider: this.provider.name,
          customerRef,
          mandateRef: provided.ref,
          method: 'sdd',
          label: ibanLabel(form.iban),
        },
      ],
      skipDuplicates: true,
    });
    const stored = await this.prisma.paymentMandate.findUniqueOrThrow({
      where: { mandateRef: provided.ref },
    });
    await this.prisma.directDebitMandate.update({
      where: { id: form.id },
      data: { mandateRef: provided.ref },
    });
    const ready = await this.prisma.payment.update({
      where: { id: payment.id },
      data: { mandateId: stored.id },
    });
    return this.submitter.submit(ready);
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
      discount,
    };
  }

  /** One text of SMS_CODES_PER_HOUR, of the member's and of the number's (whoever asks). */
  private async takeText(userId: number, phone: string): Promise<void> {
    if (!this.sms.available) throw new AppError('payment_method_unavailable');
    try {
      await this.texts.consume(`member:${userId}`);
      await this.texts.consume(`phone:${phone}`);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new AppError('rate_limited', {
        retry_after: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      });
    }
  }

  /** A new code for the form, texted (the text was taken from the limits by takeText). */
  private async sendCode(
    member: Member,
    mandateId: number,
    phone: string,
    now: Date,
  ): Promise<DirectDebitResponse> {
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
    const language = memberLanguage(member.language);
    const site = (await this.settings.stored()).name;
    await this.sms.send(
      phone,
      translate(language, 'sms.directDebitCode', { site, code, count: SMS_CODE_MINUTES }),
    );
    return {
      mandate: { id: mandateId, phone_hint: phoneHint(phone), expires_at: expiresAt.toISOString() },
    };
  }
}

/**
 * The form's phone as E.164 ("+31612345678" from "06-12345678", "0031 6 1234 5678" or
 * "+31 6 12345678"; a number without a country code is Dutch): `invalid_phone` when it is no
 * phone number, `phone_unsupported` when it is not a mobile number of
 * DIRECT_DEBIT_PHONE_COUNTRIES (a landline cannot take a text).
 */
export function mobilePhone(input: string): string {
  const parsed = parsePhoneNumberFromString(input, 'NL');
  if (!parsed?.isValid()) throw new AppError('invalid_phone', {}, 'phone');
  const type = parsed.getType();
  const mobile = type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
  if (!mobile || !parsed.country || !DIRECT_DEBIT_PHONE_COUNTRIES.includes(parsed.country)) {
    throw new AppError('phone_unsupported', {}, 'phone');
  }
  return parsed.number;
}

/** "+31 ••• •• 78": enough to recognise the number, not to read it. */
function phoneHint(phone: string): string {
  return `${phone.slice(0, 3)} ••• •• ${phone.slice(-2)}`;
}
