/**
 * Everything a fresh database needs before members arrive: geography, interests, credit
 * packages, gifts, discount codes, company info and settings.
 *
 * Reference data taken from sources (countries, regions, cities, interests) is brought up to
 * date on every run. Business data an operator edits later (packages, gifts, discount codes,
 * company info, settings) is only created when missing, so a re-seed never undoes their changes.
 */
import type { Prisma, PrismaClient } from '../../server/src/generated/prisma/client.ts';
import { INTERESTS } from '../data/interests.js';
import {
  COMPANY_INFO,
  CREDIT_PACKAGES,
  CREDIT_PACKAGE_PRICES,
  DISCOUNT_CODES,
  GIFTS,
} from '../data/catalog.js';
import { MINIMUM_MESSAGE_COSTS, SETTINGS } from '../data/settings.js';
import { seedGeography, type GeoCounts } from './geo.js';

export async function seedInterests(prisma: PrismaClient): Promise<number> {
  for (const [position, interest] of INTERESTS.entries()) {
    const data = { icon: interest.icon, kind: interest.kind, position };
    await prisma.interest.upsert({
      where: { slug: interest.slug },
      create: { slug: interest.slug, ...data },
      update: data,
    });
  }
  return INTERESTS.length;
}

export async function seedCreditPackages(prisma: PrismaClient): Promise<number> {
  for (const [position, pkg] of CREDIT_PACKAGES.entries()) {
    await prisma.creditPackage.upsert({
      where: { slug: pkg.slug },
      create: {
        slug: pkg.slug,
        credits: pkg.credits,
        priceCents: pkg.priceCents,
        currency: 'EUR',
        tryout: pkg.tryout ?? false,
        popular: pkg.popular ?? false,
        position,
      },
      update: {},
    });
  }
  // prices in the other currencies: created when missing, never overwritten
  const packages = await prisma.creditPackage.findMany({ select: { id: true, slug: true } });
  await prisma.creditPackagePrice.createMany({
    data: Object.entries(CREDIT_PACKAGE_PRICES).flatMap(([currency, prices]) =>
      packages
        .filter((pkg) => prices[pkg.slug] !== undefined)
        .map((pkg) => ({ packageId: pkg.id, currency, priceCents: prices[pkg.slug] })),
    ),
    skipDuplicates: true,
  });
  return CREDIT_PACKAGES.length;
}

export async function seedGifts(prisma: PrismaClient): Promise<number> {
  for (const [position, gift] of GIFTS.entries()) {
    await prisma.gift.upsert({
      where: { slug: gift.slug },
      create: { ...gift, position },
      update: {},
    });
  }
  return GIFTS.length;
}

/** TIMEBONUS25 (SPEC point 9) and the deletion offer's template STAY50: every payment method. */
export async function seedDiscountCodes(prisma: PrismaClient): Promise<number> {
  for (const code of DISCOUNT_CODES) {
    await prisma.discountCode.upsert({
      where: { code: code.code },
      create: { ...code, status: 'active' },
      update: {},
    });
  }
  return DISCOUNT_CODES.length;
}

export async function seedCompanyInfo(prisma: PrismaClient): Promise<void> {
  const { id, ...data } = COMPANY_INFO;
  await prisma.companyInfo.upsert({ where: { id }, create: { id, ...data }, update: {} });
}

/** minimum_message_costs per supported country, in the country's own currency. */
async function minimumMessageCosts(
  prisma: PrismaClient,
): Promise<Record<string, { costs: number; currency: string }>> {
  const countries = await prisma.country.findMany({ orderBy: { position: 'asc' } });
  return Object.fromEntries(
    countries.map((country) => {
      const costs = MINIMUM_MESSAGE_COSTS[country.currency];
      if (costs === undefined) throw new Error(`no minimum message costs for ${country.currency}`);
      return [country.code, { costs, currency: country.currency }];
    }),
  );
}

/** The operator-editable Settings fields; needs the countries (for minimum_message_costs). */
export async function seedSettings(prisma: PrismaClient): Promise<number> {
  const values: Record<string, Prisma.InputJsonValue> = {
    ...SETTINGS,
    minimum_message_costs: await minimumMessageCosts(prisma),
  };
  for (const [key, value] of Object.entries(values)) {
    await prisma.setting.upsert({ where: { key }, create: { key, value }, update: {} });
  }
  return Object.keys(values).length;
}

export interface ReferenceCounts extends GeoCounts {
  interests: number;
  creditPackages: number;
  gifts: number;
  discountCodes: number;
  settings: number;
}

/** All reference data (not the demo members); safe to run on every deploy. */
export async function seedReferenceData(prisma: PrismaClient): Promise<ReferenceCounts> {
  const geo = await seedGeography(prisma);
  const interests = await seedInterests(prisma);
  const creditPackages = await seedCreditPackages(prisma);
  const gifts = await seedGifts(prisma);
  const discountCodes = await seedDiscountCodes(prisma);
  await seedCompanyInfo(prisma);
  const settings = await seedSettings(prisma);
  return { ...geo, interests, creditPackages, gifts, discountCodes, settings };
}
