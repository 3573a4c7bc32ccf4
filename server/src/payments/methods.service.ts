import { Inject, Injectable } from '@nestjs/common';
import {
  CARD_BRANDS,
  COUNTRY_PAYMENT_METHODS,
  PAYMENT_METHOD_INFO,
  type OfferedMethod,
  type PaymentMethodId,
} from '@app/contract';
import { APP_CONFIG, smsTransport, type AppConfig } from '../config/config';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type ProviderMethod,
  type SequenceType,
} from './providers/payment-provider';

/** The provider's list of active methods is asked at most this often per query. */
const CACHE_MS = 10 * 60_000;

export interface MethodQuery {
  country: string;
  currency: string;
  amountCents: number;
  locale: string;
}

/**
 * Which payment method blocks a member is offered: the country's blocks (contract
 * payment-methods.ts) that the provider reports active for the amount and currency (its
 * methods API, cached), never a discontinued scheme. Direct debit also needs SEPA euros, the
 * provider's recurring direct debit and an SMS transport for its code.
 */
@Injectable()
export class MethodsService {
  private readonly cache = new Map<string, { at: number; value: Promise<ProviderMethod[]> }>();

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private active(query: MethodQuery, sequenceType: SequenceType): Promise<ProviderMethod[]> {
    const key = [query.country, query.currency, query.amountCents, sequenceType].join(':');
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.value;
    const value = this.provider.activeMethods({ ...query, sequenceType });
    this.cache.set(key, { at: now, value });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  /** The blocks offered for this amount, in the country's order. */
  async offered(query: MethodQuery): Promise<OfferedMethod[]> {
    const [oneoff, first, recurring] = await Promise.all([
      this.active(query, 'oneoff'),
      this.active(query, 'first'),
      this.active(query, 'recurring'),
    ]);
    const byId = new Map(oneoff.map((m) => [m.id, m]));
    const storable = new Set(first.map((m) => m.id));
    const blocks = COUNTRY_PAYMENT_METHODS[query.country] ?? COUNTRY_PAYMENT_METHODS.NL;
    const offered: OfferedMethod[] = [];
    for (const id of blocks) {
      const info = PAYMENT_METHOD_INFO[id];
      if (info.state !== 'active' || !info.provider) continue;
      if (id === 'sdd') {
        const debit =
          query.currency === 'EUR' &&
          smsTransport(this.config) !== 'none' &&
          recurring.some((m) => m.id === 'directdebit');
        if (debit)
          offered.push({ id, brands: [], instant: false, issuers: [], can_remember: false });
        continue;
      }
      const method = byId.get(info.provider);
      if (!method) continue;
      offered.push({
        id,
        brands: info.provider === 'creditcard' ? cardBrands(query.country, id) : [],
        instant: info.instant,
        issuers: info.bankChoice ? method.issuers : [],
        can_remember: storable.has(info.provider),
      });
    }
    return offered;
  }

  /** Whether a block is offered now (the check a payment makes before it is created). */
  async find(query: MethodQuery, id: PaymentMethodId) {
    return (await this.offered(query)).find((m) => m.id === id) ?? null;
  }
}

function cardBrands(country: string, block: PaymentMethodId): PaymentMethodId[] {
  const brands = CARD_BRANDS[country] ?? CARD_BRANDS.default;
  return brands.filter((brand) => brand !== block);
}
