import { Prisma } from '../generated/prisma/client';

/**
 * Columns are `timestamp` in UTC (Prisma's DateTime): a local midnight of `zone` as such a
 * value, and a column's day in `zone` (as figures.sql.ts does).
 */
const at = (day: string, zone: string) =>
  Prisma.sql`((${day}::date)::timestamp AT TIME ZONE ${zone}) AT TIME ZONE 'UTC'`;
const dayIn = (column: string, zone: string) =>
  Prisma.sql`to_char(((${Prisma.raw(column)} AT TIME ZONE 'UTC') AT TIME ZONE ${zone})::date, 'YYYY-MM-DD')`;

export interface InvoiceRow {
  invoice_number: number;
  payment_id: string;
  day: string;
  payer_country: string | null;
  country_code: string | null;
  currency: string;
  amount_cents: number;
  method: string;
}

/**
 * The quarter's invoices: every payment that got an invoice number, by the day it was paid
 * (whatever happened to it after: a refund is a line of its own). Index payments(paid_at).
 */
export const invoicesStatement = (from: string, next: string, zone: string) => Prisma.sql`
  SELECT invoice_number, payment_id, ${dayIn('paid_at', zone)} AS day,
    payer_country, country_code, currency, amount_cents, method::text AS method
  FROM payments
  WHERE invoice_number IS NOT NULL
    AND paid_at >= ${at(from, zone)} AND paid_at < ${at(next, zone)}
  ORDER BY invoice_number`;

export interface ReversalRow {
  id: number;
  kind: string;
  provider_ref: string;
  amount_cents: number;
  day: string;
  invoice_number: number | null;
  payment_id: string;
  payer_country: string | null;
  country_code: string | null;
  currency: string;
  method: string;
}

/**
 * The quarter's refunds and chargebacks with their payment's country and currency: by the day
 * they were booked (`created_at`), or, for the corrections, those undone in the quarter by the
 * day they were undone (`undone_at`: a refund that failed or was cancelled after it was booked,
 * a chargeback reversed), whatever quarter they were booked in. Both columns are indexed.
 */
export const reversalsStatement = (
  from: string,
  next: string,
  zone: string,
  by: 'created_at' | 'undone_at' = 'created_at',
) => {
  const column = `r.${by}`;
  return Prisma.sql`
  SELECT r.id, r.kind, r.provider_ref, r.amount_cents,
    ${dayIn(column, zone)} AS day,
    p.invoice_number, p.payment_id, p.payer_country, p.country_code, p.currency,
    p.method::text AS method
  FROM payment_reversals r JOIN payments p ON p.id = r.payment_id
  WHERE ${Prisma.raw(column)} >= ${at(from, zone)} AND ${Prisma.raw(column)} < ${at(next, zone)}
  ORDER BY ${Prisma.raw(column)}, r.id`;
};
