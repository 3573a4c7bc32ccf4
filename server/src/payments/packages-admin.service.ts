import { Injectable } from '@nestjs/common';
import type { PackageChange, StaffPackage } from '@app/contract';
import { AppError } from '../common/app-error';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { SettingsService } from '../settings';
import { StaffChanges, type StaffPrincipal } from '../staff';
import { belowMinimum } from './minimum-costs';
import { lockPackageStatement, type LockedPackageRow } from './packages.sql';

const PACKAGE_SELECT = {
  id: true,
  slug: true,
  credits: true,
  priceCents: true,
  currency: true,
  tryout: true,
  popular: true,
  active: true,
  position: true,
  replacesId: true,
  prices: { select: { currency: true, priceCents: true }, orderBy: { currency: 'asc' } },
  _count: { select: { payments: true } },
} satisfies Prisma.CreditPackageSelect;

type Row = Prisma.CreditPackageGetPayload<{ select: typeof PACKAGE_SELECT }>;

function present(row: Row): StaffPackage {
  return {
    id: row.id,
    slug: row.slug,
    credits: row.credits,
    price_cents: row.priceCents,
    currency: row.currency,
    prices: row.prices.map((p) => ({ currency: p.currency, price_cents: p.priceCents })),
    tryout: row.tryout,
    popular: row.popular,
    active: row.active,
    position: row.position,
    in_use: row._count.payments > 0,
    replaces_id: row.replacesId,
  };
}

interface Priced {
  credits: number;
  price_cents: number;
  currency: string;
  prices: { currency: string; price_cents: number }[];
}

/**
 * Admins' credit packages, priced per currency. A package payments refer to is history: its
 * credits and prices never change. Changing them makes a new version (the old one deactivated,
 * a new one with the new values and `replaces_id`, in one transaction); its position, popular
 * mark and active flag change in place. A price that makes one message (message_credits) cost
 * less than a country's minimum_message_costs in that currency is refused.
 */
@Injectable()
export class PackagesAdmin {
  constructor(
    private readonly prisma: PrismaService,
    private readonly changes: StaffChanges,
    private readonly settings: SettingsService,
  ) {}

  async list() {
    const rows = await this.prisma.creditPackage.findMany({
      select: PACKAGE_SELECT,
      orderBy: [{ active: 'desc' }, { position: 'asc' }, { id: 'asc' }],
    });
    return { packages: rows.map(present) };
  }

  private async refuseBelowMinimum(priced: Priced): Promise<void> {
    const stored = await this.settings.stored();
    const prices = [
      { currency: priced.currency, price_cents: priced.price_cents },
      ...priced.prices,
    ];
    for (const price of prices) {
      const minimum = belowMinimum(stored, priced.credits, price.price_cents, price.currency);
      if (minimum) throw new AppError('package_below_minimum', { minimum }, 'price_cents');
    }
  }

  async create(
    staff: StaffPrincipal,
    body: Priced & { slug: string; tryout: boolean; popular: boolean; position: number },
    ip?: string,
  ) {
    await this.refuseBelowMinimum(body);
    const made = await this.changes.apply(staff, ip, 'packages', async (tx) => {
      const id = await this.insert(tx, body, null);
      const view = present(
        await tx.creditPackage.findUniqueOrThrow({ where: { id }, select: PACKAGE_SELECT }),
      );
      return {
        result: view,
        audit: {
          action: 'package.create',
          subjectType: 'credit_package',
          subjectId: id,
          after: view,
        },
      };
    });
    return { package: made };
  }

  private async insert(
    tx: Prisma.TransactionClient,
    values: Priced & { slug: string; tryout: boolean; popular: boolean; position: number },
    replacesId: number | null,
  ): Promise<number> {
    const made = await tx.creditPackage.createManyAndReturn({
      data: [
        {
          slug: values.slug,
          credits: values.credits,
          priceCents: values.price_cents,
          currency: values.currency,
          tryout: values.tryout,
          popular: values.popular,
          position: values.position,
          replacesId,
        },
      ],
      skipDuplicates: true,
    });
    if (made.length === 0) throw new AppError('code_taken', {}, 'slug');
    await tx.creditPackagePrice.createMany({
      data: values.prices.map((p) => ({
        packageId: made[0].id,
        currency: p.currency,
        priceCents: p.price_cents,
      })),
    });
    return made[0].id;
  }

  async change(staff: StaffPrincipal, id: number, change: PackageChange, ip?: string) {
    const result = await this.changes.apply(staff, ip, 'packages', async (tx) => {
      // one change of a package at a time (two admins: the second sees the first's result)
      const locked = await queryRows<LockedPackageRow>(tx, lockPackageStatement(id));
      if (locked.length === 0) throw new AppError('not_found');
      const old = present(
        await tx.creditPackage.findUniqueOrThrow({ where: { id }, select: PACKAGE_SELECT }),
      );
      const next = { ...old, ...change };
      const priceChanged =
        next.credits !== old.credits ||
        next.price_cents !== old.price_cents ||
        next.currency !== old.currency ||
        JSON.stringify(sortPrices(next.prices)) !== JSON.stringify(sortPrices(old.prices));
      if (priceChanged) await this.refuseBelowMinimum(next);
      if (priceChanged && old.in_use) {
        // history stays: the old version is retired, the new one takes its place
        if (!old.active) throw new AppError('conflict');
        await tx.creditPackage.update({ where: { id }, data: { active: false } });
        const newId = await this.insert(tx, { ...next, slug: await versionSlug(tx, old.slug) }, id);
        if (change.active === false) {
          await tx.creditPackage.update({ where: { id: newId }, data: { active: false } });
        }
        const after = present(
          await tx.creditPackage.findUniqueOrThrow({
            where: { id: newId },
            select: PACKAGE_SELECT,
          }),
        );
        return {
          result: after,
          audit: {
            action: 'package.version',
            subjectType: 'credit_package',
            subjectId: newId,
            before: old,
            after,
          },
        };
      }
      await tx.creditPackage.update({
        where: { id },
        data: {
          credits: next.credits,
          priceCents: next.price_cents,
          currency: next.currency,
          tryout: next.tryout,
          popular: next.popular,
          position: next.position,
          active: next.active,
        },
      });
      if (change.prices) {
        await tx.creditPackagePrice.deleteMany({ where: { packageId: id } });
        await tx.creditPackagePrice.createMany({
          data: change.prices.map((p) => ({
            packageId: id,
            currency: p.currency,
            priceCents: p.price_cents,
          })),
        });
      }
      const after = present(
        await tx.creditPackage.findUniqueOrThrow({ where: { id }, select: PACKAGE_SELECT }),
      );
      return {
        result: after,
        audit: {
          action: 'package.change',
          subjectType: 'credit_package',
          subjectId: id,
          before: old,
          after,
        },
      };
    });
    return { package: result };
  }
}

function sortPrices(prices: { currency: string; price_cents: number }[]) {
  return [...prices].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** `plus` -> `plus_v2`, `plus_v2` -> `plus_v3`: the first free one. */
async function versionSlug(tx: Prisma.TransactionClient, slug: string): Promise<string> {
  const base = slug.replace(/_v\d+$/, '');
  const taken = new Set(
    (
      await tx.creditPackage.findMany({
        where: { slug: { startsWith: base } },
        select: { slug: true },
      })
    ).map((p) => p.slug),
  );
  for (let n = 2; ; n += 1) {
    const candidate = `${base.slice(0, 44)}_v${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
