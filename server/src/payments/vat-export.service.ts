import { Injectable } from '@nestjs/common';
import {
  BOOKKEEPING_TIME_ZONE,
  centsToDecimal,
  quarterDays,
  vatIncludedCents,
  type BookkeepingFile,
  type VatReportResponse,
  type VatSummaryRow,
  type VatTotal,
} from '@app/contract';
import { csvDocument, type CsvCell } from '../common/csv';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { AuditLog, type StaffPrincipal } from '../staff';
import { invoiceNumber, vatCountryOf, vatRateOf } from './payment.presenter';
import {
  invoicesStatement,
  reversalsStatement,
  type InvoiceRow,
  type ReversalRow,
} from './vat-export.sql';

/**
 * One line of the detail CSV: an invoice, a refund or chargeback (negative amounts), or the
 * correction of one undone later (`refund_undone`, `chargeback_undone`: positive, the same
 * amounts as its negative line).
 */
export interface VatLine {
  kind: 'invoice' | 'refund' | 'chargeback' | 'refund_undone' | 'chargeback_undone';
  day: string;
  invoice: string;
  payment_id: string;
  /** The provider's reference of a reversal; '' for an invoice. */
  reference: string;
  country: string;
  currency: string;
  vat_rate: number | null;
  method: string;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
}

interface Quarter {
  lines: VatLine[];
  report: VatReportResponse;
}

/** An amount of the gross (VAT included) at the buyer's country's rate, split exactly. */
function split(grossCents: number, rate: number | null) {
  const vat = rate === null ? 0 : vatIncludedCents(grossCents, rate);
  return { net_cents: grossCents - vat, vat_cents: vat, gross_cents: grossCents };
}

function lineOf(row: InvoiceRow | ReversalRow, kind: VatLine['kind'], gross: number): VatLine {
  const country = vatCountryOf({ payerCountry: row.payer_country, countryCode: row.country_code });
  const rate = vatRateOf(country);
  return {
    kind,
    day: row.day,
    invoice: invoiceNumber(row.invoice_number) ?? '',
    payment_id: row.payment_id,
    reference: 'provider_ref' in row ? row.provider_ref : '',
    country: country ?? '',
    currency: row.currency,
    vat_rate: rate,
    method: row.method,
    ...split(gross, rate),
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The quarter's VAT for the bookkeeping (issue 36, point 4): each invoice (a paid payment with
 * its invoice number, by the day it was paid in BOOKKEEPING_TIME_ZONE) at the VAT rate of the
 * buyer's country, with its VAT taken out of the price exactly as the member's invoice does
 * (`vatIncludedCents`), and each refund and chargeback booked in the quarter as a negative line
 * at its payment's rate; summed per country, currency and rate (the EU OSS return) and per
 * currency (amounts of different currencies are never added). Integer cents throughout. Each
 * CSV download writes an audit row; the preview does not (it exports nothing).
 *
 * A refund that failed or was cancelled after it was booked (a chargeback the bank reversed)
 * keeps its negative line in the quarter it was booked, which may be filed already, and gets a
 * positive correcting line of the same amounts in the quarter it was undone (`undone_at`): what
 * an accountant expects, no filed quarter changes, and over the quarters the lines add up to
 * the invoices less what stays reversed. A correcting line counts among the summary's
 * `reversals` (the refunds, chargebacks and their corrections of the quarter).
 */
@Injectable()
export class VatExport {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditLog,
  ) {}

  /** GET /api/staff/bookkeeping/vat: the summary and totals the console previews. */
  async report(quarter: string): Promise<VatReportResponse> {
    return (await this.quarter(quarter)).report;
  }

  /** One of the two CSV files, audited. */
  async csv(
    staff: StaffPrincipal,
    quarter: string,
    file: BookkeepingFile,
    ip?: string,
  ): Promise<string> {
    const { lines, report } = await this.quarter(quarter);
    const document = file === 'summary' ? summaryCsv(report) : linesCsv(quarter, lines);
    await this.audit.record(
      this.prisma,
      staff,
      {
        action: 'bookkeeping.exported',
        subjectType: 'vat_quarter',
        subjectId: quarter,
        after: { file, lines: lines.length, totals: report.totals },
      },
      ip,
    );
    return document;
  }

  private async quarter(quarter: string): Promise<Quarter> {
    const { from, to, next } = quarterDays(quarter);
    const zone = BOOKKEEPING_TIME_ZONE;
    const [invoices, reversals, undone] = await Promise.all([
      queryRows<InvoiceRow>(this.prisma, invoicesStatement(from, next, zone)),
      queryRows<ReversalRow>(this.prisma, reversalsStatement(from, next, zone)),
      queryRows<ReversalRow>(this.prisma, reversalsStatement(from, next, zone, 'undone_at')),
    ]);
    const lines = [
      ...invoices.map((row) => lineOf(row, 'invoice', row.amount_cents)),
      ...reversals.map((row) =>
        lineOf(row, row.kind === 'chargeback' ? 'chargeback' : 'refund', -row.amount_cents),
      ),
      ...undone.map((row) =>
        lineOf(
          row,
          row.kind === 'chargeback' ? 'chargeback_undone' : 'refund_undone',
          row.amount_cents,
        ),
      ),
    ];
    const summary = new Map<string, VatSummaryRow>();
    const totals = new Map<string, VatTotal>();
    for (const line of lines) {
      const key = `${line.country}|${line.currency}|${line.vat_rate ?? ''}`;
      const row = summary.get(key) ?? {
        country: line.country,
        currency: line.currency,
        vat_rate: line.vat_rate,
        ...zero(),
      };
      add(row, line);
      summary.set(key, row);
      const total = totals.get(line.currency) ?? { currency: line.currency, ...zero() };
      add(total, line);
      totals.set(line.currency, total);
    }
    return {
      lines,
      report: {
        quarter,
        time_zone: zone,
        from,
        to,
        summary: [...summary.values()].sort(
          (a, b) =>
            byText(a.country, b.country) ||
            byText(a.currency, b.currency) ||
            (a.vat_rate ?? -1) - (b.vat_rate ?? -1),
        ),
        totals: [...totals.values()].sort((a, b) => byText(a.currency, b.currency)),
        lines: lines.length,
      },
    };
  }
}

function zero() {
  return { invoices: 0, reversals: 0, net_cents: 0, vat_cents: 0, gross_cents: 0 };
}

function add(sum: VatTotal, line: VatLine): void {
  if (line.kind === 'invoice') sum.invoices += 1;
  else sum.reversals += 1;
  sum.net_cents += line.net_cents;
  sum.vat_cents += line.vat_cents;
  sum.gross_cents += line.gross_cents;
}

const rateCell = (rate: number | null): CsvCell => (rate === null ? '' : rate);

/** The OSS summary: a row per country, currency and rate, then a total row per currency. */
function summaryCsv(report: VatReportResponse): string {
  const lines: CsvCell[][] = [
    [
      'quarter',
      'row',
      'country',
      'currency',
      'vat_rate',
      'invoices',
      'refunds_and_chargebacks',
      'net',
      'vat',
      'gross',
    ],
  ];
  for (const row of report.summary) {
    lines.push([
      report.quarter,
      'country',
      row.country,
      row.currency,
      rateCell(row.vat_rate),
      row.invoices,
      row.reversals,
      centsToDecimal(row.net_cents),
      centsToDecimal(row.vat_cents),
      centsToDecimal(row.gross_cents),
    ]);
  }
  for (const total of report.totals) {
    lines.push([
      report.quarter,
      'total',
      '',
      total.currency,
      '',
      total.invoices,
      total.reversals,
      centsToDecimal(total.net_cents),
      centsToDecimal(total.vat_cents),
      centsToDecimal(total.gross_cents),
    ]);
  }
  return csvDocument(lines);
}

/** Every invoice and reversal line of the quarter. */
function linesCsv(quarter: string, lines: VatLine[]): string {
  const rows: CsvCell[][] = [
    [
      'quarter',
      'kind',
      'date',
      'invoice',
      'payment_id',
      'reference',
      'country',
      'currency',
      'vat_rate',
      'method',
      'net',
      'vat',
      'gross',
    ],
  ];
  for (const line of lines) {
    rows.push([
      quarter,
      line.kind,
      line.day,
      line.invoice,
      line.payment_id,
      line.reference,
      line.country,
      line.currency,
      rateCell(line.vat_rate),
      line.method,
      centsToDecimal(line.net_cents),
      centsToDecimal(line.vat_cents),
      centsToDecimal(line.gross_cents),
    ]);
  }
  return csvDocument(rows);
}
