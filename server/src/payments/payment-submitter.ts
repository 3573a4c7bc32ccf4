import { Inject, Injectable } from '@nestjs/common';
import { PAYMENT_METHOD_INFO, type PaymentResponse } from '@app/contract';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import type { Payment } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { SettingsService } from '../settings';
import { Payers, providerLocale, type Member } from './payers';
import { presentPayment } from './payment.presenter';
import {
  PAYMENT_PROVIDER,
  ProviderError,
  type PaymentProvider,
} from './providers/payment-provider';
import { SettlementService } from './settlement.service';

/**
 * Handing a written payment to the provider, for the checkout and the direct debit form alike:
 * the provider, given a key derived from the payment's own id (providerKey), returns the payment
 * it made, so a lost answer never charges twice.
 */
@Injectable()
export class PaymentSubmitter {
  constructor(
    private readonly prisma: PrismaService,
    private readonly payers: Payers,
    private readonly settlement: SettlementService,
    private readonly settings: SettingsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get appUrl(): string {
    return (this.config.APP_URL ?? `http://localhost:${this.config.PORT}`).replace(/\/$/, '');
  }

  /** Where the provider calls; none for Mollie when the site has no public address. */
  private webhookUrl(): string | null {
    const base = (this.config.PAYMENT_WEBHOOK_BASE_URL ?? this.appUrl).replace(/\/$/, '');
    const host = new URL(base).hostname;
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(host);
    if (local && this.provider.name === 'mollie') return null;
    return `${base}/api/payment-webhook.php`;
  }

  /**
   * Hands the payment to the provider (again, after a lost answer: the provider's idempotency
   * key returns the same one) and books what the provider answered. A payment that never
   * reached the provider and expired meanwhile (its code released: the hourly
   * SettlementService.lapse) is not handed over any more.
   */
  async submit(payment: Payment, issuer?: string): Promise<PaymentResponse> {
    if (payment.providerRef || payment.status !== 'pending') {
      return { payment: presentPayment(payment) };
    }
    const info = PAYMENT_METHOD_INFO[payment.method];
    if (!info.provider) throw new AppError('payment_method_unavailable');
    const member = await this.payers.of(payment.userId);
    const customerRef = payment.sequenceType === 'oneoff' ? undefined : await this.customer(member);
    const mandate =
      payment.mandateId !== null
        ? await this.prisma.paymentMandate.findUnique({ where: { id: payment.mandateId } })
        : null;
    const recurring = payment.sequenceType === 'recurring';
    const providerMethod =
      recurring && mandate ? PAYMENT_METHOD_INFO[mandate.method].provider : info.provider;
    const name = (await this.settings.stored()).name;
    let remote;
    try {
      remote = await this.provider.createPayment({
        amountCents: payment.amountCents,
        currency: payment.currency,
        description: `${name}: ${payment.credits} credits`,
        method: providerMethod ?? info.provider,
        redirectUrl: recurring
          ? null
          : `${this.appUrl}/credits/${payment.packageId ?? 0}/${payment.method}?payment=${payment.paymentId}`,
        webhookUrl: this.webhookUrl(),
        // our own payment's unique id, never the member's key: members' keys can be the same
        idempotencyKey: providerKey(payment),
        paymentId: payment.paymentId,
        locale: providerLocale(member),
        billingCountry: payment.countryCode ?? member.country,
        sequenceType: payment.sequenceType,
        customerRef: recurring ? (mandate?.customerRef ?? customerRef) : customerRef,
        mandateRef: recurring ? mandate?.mandateRef : undefined,
        issuer: info.bankChoice ? issuer : undefined,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new ProviderError(`creating ${payment.paymentId} failed`, error);
    }
    await this.prisma.payment.updateMany({
      where: { id: payment.id, providerRef: null },
      data: { providerRef: remote.ref, checkoutUrl: remote.checkoutUrl },
    });
    await this.settlement.apply(payment.id, remote);
    const stored = await this.prisma.payment.findUniqueOrThrow({ where: { id: payment.id } });
    return { payment: presentPayment(stored) };
  }

  /** The member as the provider's customer (made once per provider; mandates hang on it). */
  async customer(member: Member): Promise<string> {
    const where = { userId_provider: { userId: member.id, provider: this.provider.name } };
    const known = await this.prisma.paymentCustomer.findUnique({ where });
    if (known) return known.customerRef;
    const customerRef = await this.provider.createCustomer({
      name: member.name,
      email: member.email,
      locale: providerLocale(member),
      userId: member.id,
    });
    try {
      await this.prisma.paymentCustomer.create({
        data: { userId: member.id, provider: this.provider.name, customerRef },
      });
      return customerRef;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return (await this.prisma.paymentCustomer.findUniqueOrThrow({ where })).customerRef;
    }
  }
}

/**
 * The idempotency key the provider gets for a payment: our payment's own id (random and unique),
 * the same on every retry of one payment, since the row is written before the provider is asked.
 * The member's Idempotency-Key is only unique per member, and a provider deduplicates by key
 * alone (security review 2026-11-25, L1).
 */
export function providerKey(payment: Pick<Payment, 'paymentId'>, what = 'payment'): string {
  return `${payment.paymentId}-${what}`;
}
