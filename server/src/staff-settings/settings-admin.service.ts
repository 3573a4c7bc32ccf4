import { Injectable } from '@nestjs/common';
import {
  settingsValues,
  type CompanyInfoValues,
  type SettingsChange,
  type SettingsValues,
} from '@app/contract';
import { AppError } from '../common/app-error';
import type { Prisma } from '../generated/prisma/client';
import { NAMED_LOCK, namedLockStatement } from '../prisma/advisory-locks';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement } from '../prisma/sql';
import { StaffChanges, type StaffPrincipal } from '../staff';
import { SETTING_DEFAULTS, type SettingKey } from '../settings';

// every editable setting has a default, and every default is editable
const KEYS = Object.keys(settingsValues.shape) as (keyof SettingsValues)[];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameKeys: Same<keyof SettingsValues, SettingKey> = true;
void sameKeys;

/** The value of a setting as stored: a row that no longer fits its schema reads as the default. */
function valueOf(key: keyof SettingsValues, row: unknown): unknown {
  if (row === undefined) return SETTING_DEFAULTS[key];
  const parsed = settingsValues.shape[key].safeParse(row);
  return parsed.success ? parsed.data : SETTING_DEFAULTS[key];
}

/**
 * The admins' side of the settings and company info: read every value, change some (validated
 * by the contract's schema), each change audited with before and after in its transaction, and
 * announced to every process (Redis pub/sub) once committed.
 */
@Injectable()
export class SettingsAdmin {
  constructor(
    private readonly prisma: PrismaService,
    private readonly changes: StaffChanges,
  ) {}

  async values(db: Prisma.TransactionClient | PrismaService = this.prisma) {
    const rows = await db.setting.findMany();
    const byKey = new Map(rows.map((row) => [row.key, row.value as unknown]));
    return Object.fromEntries(
      KEYS.map((key) => [key, valueOf(key, byKey.get(key))]),
    ) as SettingsValues;
  }

  /** PUT /api/staff/settings: one audit row with the changed settings before and after. */
  async change(staff: StaffPrincipal, change: SettingsChange, ip?: string) {
    const settings = await this.changes.apply(staff, ip, 'settings', async (tx) => {
      // one change at a time (prisma/advisory-locks.ts): the before of each row is what the previous change left
      await executeStatement(tx, namedLockStatement(NAMED_LOCK.SETTINGS));
      const current = await this.values(tx);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(change) as [keyof SettingsValues, unknown][]) {
        if (value === undefined || JSON.stringify(current[key]) === JSON.stringify(value)) continue;
        before[key] = current[key];
        after[key] = value;
        await tx.setting.upsert({
          where: { key },
          create: { key, value: value as Prisma.InputJsonValue },
          update: { value: value as Prisma.InputJsonValue },
        });
      }
      if (Object.keys(after).length === 0) return { result: current, audit: null };
      return {
        result: { ...current, ...after } as SettingsValues,
        audit: { action: 'settings.change', subjectType: 'settings', before, after },
      };
    });
    return { settings };
  }

  async companyInfo(): Promise<{ companyinfo: CompanyInfoValues | null }> {
    const info = await this.prisma.companyInfo.findUnique({ where: { id: 1 } });
    return { companyinfo: info && presentCompany(info) };
  }

  /** PUT /api/staff/catalogue/company: the deletion offer must name a template code. */
  async changeCompanyInfo(staff: StaffPrincipal, values: CompanyInfoValues, ip?: string) {
    if (values.delete_discount !== null) {
      const template = await this.prisma.discountCode.findUnique({
        where: { code: values.delete_discount },
        select: { issueDays: true },
      });
      if (!template || template.issueDays === null) {
        throw new AppError('discount_not_found', {}, 'delete_discount');
      }
    }
    const data = {
      name: values.name,
      address: values.address,
      kvk: values.kvk,
      city: values.city,
      country: values.country,
      tradenames: values.tradenames,
      vatNumbers: values.vat_numbers,
      supportPhone: values.support_phone,
      deleteDiscount: values.delete_discount,
    };
    const companyinfo = await this.changes.apply(staff, ip, 'settings', async (tx) => {
      const old = await tx.companyInfo.findUnique({ where: { id: 1 } });
      const row = await tx.companyInfo.upsert({
        where: { id: 1 },
        create: { id: 1, ...data, added: new Date() },
        update: data,
      });
      return {
        result: presentCompany(row),
        audit: {
          action: 'company_info.change',
          subjectType: 'company_info',
          subjectId: 1,
          before: old && presentCompany(old),
          after: presentCompany(row),
        },
      };
    });
    return { companyinfo };
  }
}

function presentCompany(info: {
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string[];
  vatNumbers: string[];
  supportPhone: string;
  deleteDiscount: string | null;
}): CompanyInfoValues {
  return {
    name: info.name,
    address: info.address,
    kvk: info.kvk,
    city: info.city,
    country: info.country,
    tradenames: info.tradenames,
    vat_numbers: info.vatNumbers,
    support_phone: info.supportPhone,
    delete_discount: info.deleteDiscount,
  };
}
