import { z } from 'zod';

/**
 * The VAT and bookkeeping export (admins): a quarter's invoices (paid payments, by the day they
 * were paid) and reversals (refunds and chargebacks, by the day they were booked), per country of
 * the buyer (EU OSS: the payer's card or account country, else the billing country), VAT rate and
 * currency paid. Amounts are integer cents; prices include VAT, so VAT is taken out of the gross
 * (the invoice's own rule, `vatIncludedCents`) and reversals are negative lines. A reversal
 * undone later (a refund that failed or was cancelled, a chargeback reversed) keeps its negative
 * line and gets a positive correcting line in the quarter it was undone.
 */
export const BOOKKEEPING_TIME_ZONE = 'Europe/Amsterdam';

/** Admin audit action of each CSV download. */
export const BOOKKEEPING_AUDIT_ACTIONS = ['bookkeeping.exported'] as const;

/** "2026-Q3" */
export const quarterId = z
  .string()
  .trim()
  .regex(/^(20\d\d)-Q([1-4])$/);

/** GET /api/staff/bookkeeping/vat?quarter=2026-Q3 (and the two .csv downloads). */
export const bookkeepingQuery = z.object({ quarter: quarterId });
export type BookkeepingQuery = z.infer<typeof bookkeepingQuery>;

/** The two CSV files: the per-country summary (OSS return) and every invoice and reversal line. */
export const BOOKKEEPING_FILES = ['summary', 'lines'] as const;
export type BookkeepingFile = (typeof BOOKKEEPING_FILES)[number];

/** One country, currency and rate of the quarter. `vat_rate` null: outside the EU VAT table. */
export const vatSummaryRow = z.object({
  /** ISO 3166 alpha-2; '' when no country is known. */
  country: z.string(),
  currency: z.string(),
  vat_rate: z.number().int().nullable(),
  invoices: z.number().int(),
  /** Refunds and chargebacks booked in the quarter, and corrections of ones undone in it. */
  reversals: z.number().int(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  gross_cents: z.number().int(),
});
export type VatSummaryRow = z.infer<typeof vatSummaryRow>;

export const vatTotal = vatSummaryRow.omit({ country: true, vat_rate: true });
export type VatTotal = z.infer<typeof vatTotal>;

export const vatReportResponse = z.object({
  quarter: z.string(),
  time_zone: z.string(),
  /** The first and last day of the quarter (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  summary: z.array(vatSummaryRow),
  /** Per currency: amounts of different currencies are never added. */
  totals: z.array(vatTotal),
  /** Lines of the detail CSV (invoices + reversals). */
  lines: z.number().int(),
});
export type VatReportResponse = z.infer<typeof vatReportResponse>;

/** The quarter a day falls in ("2026-11-29" -> "2026-Q4"). */
export function quarterOf(day: string): string {
  const [year, month] = day.split('-').map(Number);
  return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/** The first and last day of a quarter ("2026-Q4" -> 2026-10-01, 2026-12-31). */
export function quarterDays(quarter: string): { from: string; to: string; next: string } {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!match) throw new Error(`Not a quarter: ${quarter}`);
  const year = Number(match[1]);
  const q = Number(match[2]);
  const pad = (n: number) => String(n).padStart(2, '0');
  const firstMonth = (q - 1) * 3 + 1;
  const lastDay = new Date(Date.UTC(year, firstMonth + 2, 0)).getUTCDate();
  return {
    from: `${year}-${pad(firstMonth)}-01`,
    to: `${year}-${pad(firstMonth + 2)}-${pad(lastDay)}`,
    next: q === 4 ? `${year + 1}-01-01` : `${year}-${pad(firstMonth + 3)}-01`,
  };
}
