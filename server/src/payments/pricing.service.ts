import { Injectable } from '@nestjs/common';
import { SUPPORTED_COUNTRIES, type CreditPackage, type PackagesResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { OwnProfileReads } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { CacheInvalidation } from '../redis/invalidation';
import { SettingsService } from '../settings';
import { belowMinimum } from './minimum-costs';

const FALLBACK_COUNTRY = 'NL';
const CACHE_MS = 10_000;

interface PackageRow {
  id: number;
  slug: string;
  credits: number;
  priceCents: number;
  currency: string;
  tryout: boolean;
  popular: boolean;
  prices: { currency: string; priceCents: number }[];
}

/**
 * Packages and their prices. A member pays in the currency of their country (countries.currency:
 * EUR for most, GBP, CHF, PLN, USD, CAD, AUD, NZD); a package's price in that currency is the
 * operator's own round price (credit_package_prices), and a package without one is sold in its
 * own currency (EUR). The best-value mark goes to the lowest price per credit of the list. A
 * package below the country's minimum_message_costs is not offered there.
 */
@Injectable()
export class PricingService {
  private cache?: {
    at: number;
    value: Promise<{ countries: Map<string, string>; packages: PackageRow[] }>;
  };

  constructor(
    private readonly prisma: PrismaService,
    private readonly ownProfile: OwnProfileReads,
    private readonly settings: SettingsService,
    invalidation: CacheInvalidation,
  ) {
    // an admin's change of the packages reaches this process within a second
    invalidation.on('packages', () => (this.cache = undefined));
  }

  private data() {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > CACHE_MS) {
      const value = Promise.all([
        this.prisma.country.findMany({ select: { code: true, currency: true } }),
        this.prisma.creditPackage.findMany({
          where: { active: true },
          orderBy: [{ position: 'asc' }, { id: 'asc' }],
          select: {
            id: true,
            slug: true,
            credits: true,
            priceCents: true,
            currency: true,
            tryout: true,
            popular: true,
            prices: { select: { currency: true, priceCents: true } },
          },
        }),
      ]).then(([countries, packages]) => ({
        countries: new Map(countries.map((c) => [c.code, c.currency])),
        packages,
      }));
      this.cache = { at: now, value };
      value.catch(() => (this.cache = undefined));
    }
    return this.cache.value;
  }

  /** A supported country (the member's, or one asked for), else the site's default. */
  country(code: string | null | undefined): string {
    const upper = code?.toUpperCase();
    return upper && (SUPPORTED_COUNTRIES as readonly string[]).includes(upper)
      ? upper
      : FALLBACK_COUNTRY;
  }

  async currencyOf(country: string): Promise<string> {
    return (await this.data()).countries.get(country) ?? 'EUR';
  }

  /**
   * The member's billing country: the price list, the currency and the VAT country of their
   * payments. Fixed by their first paid payment (its country), so a profile country changed
   * after paying changes none of these; before it, the profile's (security review 2026-11-25,
   * L6). Where the payer really is, the provider tells per payment (`payer_country`, the
   * invoice's VAT country when known).
   */
  async billingCountry(userId: number): Promise<string> {
    const [paid, profile] = await Promise.all([
      this.prisma.payment.findFirst({
        where: { userId, creditedAt: { not: null }, countryCode: { not: null } },
        orderBy: [{ creditedAt: 'asc' }, { id: 'asc' }],
        select: { countryCode: true },
      }),
      this.ownProfile.read(userId, { countryCode: true }),
    ]);
    return this.country(paid?.countryCode ?? profile?.countryCode);
  }

  /** GET /api/packages.php: a member sees their billing country's prices, a visitor the one asked. */
  async packagesFor(userId: number | undefined, country: string | undefined) {
    if (userId === undefined) return this.packages(country);
    return this.packages(await this.billingCountry(userId));
  }

  /** The packages priced for a country. */
  async packages(countryCode: string | null | undefined): Promise<PackagesResponse> {
    const country = this.country(countryCode);
    const currency = await this.currencyOf(country);
    const stored = await this.settings.stored();
    const list = (await this.data()).packages
      .map((row) => priced(row, currency))
      // minimum_message_costs: a package that makes a message cheaper than the country's minimum
      .filter((p) => !belowMinimum(stored, p.credits, p.price_cents, p.currency, country));
    const best = Math.min(...list.map((p) => p.price_cents / p.credits));
    const packages = list.map((p) => ({ ...p, best_value: p.price_cents / p.credits === best }));
    return { country, currency, packages };
  }

  /** One active package in the country's currency (404 when there is no such package). */
  async package(id: number, country: string): Promise<CreditPackage> {
    const list = await this.packages(country);
    const found = list.packages.find((p) => p.id === id);
    if (!found) throw new AppError('not_found');
    return found;
  }
}

function priced(row: PackageRow, currency: string): CreditPackage {
  const local = row.prices.find((p) => p.currency === currency);
  const [cents, cur] = local ? [local.priceCents, currency] : [row.priceCents, row.currency];
  return {
    id: row.id,
    slug: row.slug,
    credits: row.credits,
    price_cents: cents,
    currency: cur,
    price_per_credit_cents: Math.round((cents / row.credits) * 1000) / 1000,
    tryout: row.tryout,
    popular: row.popular,
    best_value: false,
  };
}
