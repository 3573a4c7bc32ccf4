import { Injectable } from '@nestjs/common';
import {
  FIGURES_TIME_ZONE,
  centsToDecimal,
  TRAFFIC_DIMENSIONS,
  TRAFFIC_MAX_DAYS,
  TRAFFIC_MAX_ROWS,
  type TrafficFigures,
  type TrafficGroup,
  type TrafficMoney,
  type TrafficResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { csvDocument } from '../common/csv';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { addDays, daysBetween, localDay } from '../figures';
import {
  choicesStatement,
  csvRowsStatement,
  groupedStatement,
  type TrafficFilters,
  type TrafficGroupRow,
} from './traffic.sql';

/** The report's request, parsed (contract trafficQuery). */
export interface TrafficRequest extends TrafficFilters {
  from?: string;
  to?: string;
  group_by: TrafficGroup;
}

const DEFAULT_DAYS = 30;

/** currency -> cents as money lines, by currency. */
function money(revenue: Record<string, number | string>): TrafficMoney[] {
  return Object.entries(revenue)
    .map(([currency, cents]) => ({ currency, amount_cents: Number(cents) }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The figures of a group, with revenue per signup (cents, rounded down, per currency). */
function figures(row: Omit<TrafficGroupRow, 'key' | 'groups'>): TrafficFigures {
  const revenue = money(row.revenue);
  return {
    visits: row.visits,
    bounces: row.bounces,
    signups: row.signups,
    activations: row.activations,
    first_purchases: row.first_purchases,
    revenue,
    revenue_per_signup:
      row.signups > 0
        ? revenue.map((line) => ({
            currency: line.currency,
            amount_cents: Math.floor(line.amount_cents / row.signups),
          }))
        : [],
  };
}

const EMPTY = {
  visits: 0,
  bounces: 0,
  signups: 0,
  activations: 0,
  first_purchases: 0,
  revenue: {},
};

/**
 * The traffic report (admins): read from the worker's rollup (daily_traffic) only, never from
 * the members' rows, so it costs the same at a million members: the range's rows of the
 * filtered sources, grouped. Today is as of the last rollup (`computed_at`).
 */
@Injectable()
export class TrafficReport {
  constructor(private readonly prisma: PrismaService) {}

  /** The range asked for, or the last 30 days; refused (400) when longer than a year. */
  range(query: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
    const to = query.to ?? localDay(now);
    const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
    if (from > to || daysBetween(from, to).length >= TRAFFIC_MAX_DAYS) {
      throw new AppError('validation_failed', {}, 'from');
    }
    return { from, to };
  }

  async read(query: TrafficRequest, now = new Date()): Promise<TrafficResponse> {
    const { from, to } = this.range(query, now);
    const filters = this.filters(query);
    const [rows, days, networks, landers, last] = await Promise.all([
      queryRows<TrafficGroupRow>(
        this.prisma,
        groupedStatement(query.group_by, from, to, filters, TRAFFIC_MAX_ROWS),
      ),
      queryRows<TrafficGroupRow>(
        this.prisma,
        groupedStatement('day', from, to, filters, TRAFFIC_MAX_DAYS),
      ),
      queryRows<{ value: string }>(this.prisma, choicesStatement('network', from, to)),
      queryRows<{ value: string }>(this.prisma, choicesStatement('lander', from, to)),
      this.prisma.trafficRollupDay.aggregate({ _max: { computedAt: true } }),
    ]);
    const byDay = new Map(days.map((row) => [row.key, row]));
    const series = daysBetween(from, addDays(to, 1)).map((day) => ({
      day,
      ...figures(byDay.get(day) ?? EMPTY),
    }));
    const total = (pick: (row: TrafficGroupRow) => number) =>
      days.reduce((sum, row) => sum + pick(row), 0);
    const revenue: Record<string, number> = {};
    for (const row of days) {
      for (const [currency, cents] of Object.entries(row.revenue)) {
        revenue[currency] = (revenue[currency] ?? 0) + Number(cents);
      }
    }
    return {
      time_zone: FIGURES_TIME_ZONE,
      from,
      to,
      group_by: query.group_by,
      days: series,
      rows: rows.map((row) => ({ key: row.key, ...figures(row) })),
      truncated: (rows[0]?.groups ?? 0) > rows.length,
      totals: figures({
        visits: total((row) => row.visits),
        bounces: total((row) => row.bounces),
        signups: total((row) => row.signups),
        activations: total((row) => row.activations),
        first_purchases: total((row) => row.first_purchases),
        revenue,
      }),
      networks: networks.map((row) => row.value),
      landers: landers.map((row) => row.value),
      computed_at: last._max.computedAt?.toISOString() ?? null,
    };
  }

  /** Every rollup row of the range and filters as CSV: per day and source, revenue per currency. */
  async csv(query: TrafficRequest, now = new Date()): Promise<{ name: string; body: string }> {
    const { from, to } = this.range(query, now);
    const rows = await queryRows<
      { day: string } & Record<(typeof TRAFFIC_DIMENSIONS)[number], string> &
        Omit<TrafficGroupRow, 'key' | 'groups'>
    >(this.prisma, csvRowsStatement(from, to, this.filters(query)));
    const currencies = [...new Set(rows.flatMap((row) => Object.keys(row.revenue)))].sort();
    const header = [
      'day',
      ...TRAFFIC_DIMENSIONS,
      'visits',
      'bounces',
      'signups',
      'activations',
      'first_purchases',
      ...currencies.flatMap((c) => [`revenue_${c}`, `revenue_per_signup_${c}`]),
    ];
    const lines = rows.map((row) => [
      row.day,
      ...TRAFFIC_DIMENSIONS.map((field) => row[field]),
      row.visits,
      row.bounces,
      row.signups,
      row.activations,
      row.first_purchases,
      ...currencies.flatMap((c) => {
        const amount = Number(row.revenue[c] ?? 0);
        return [
          centsToDecimal(amount),
          row.signups > 0 ? centsToDecimal(Math.floor(amount / row.signups)) : '',
        ];
      }),
    ]);
    return { name: `traffic-${from}-${to}.csv`, body: csvDocument([header, ...lines]) };
  }

  private filters(query: TrafficRequest): TrafficFilters {
    const filters: TrafficFilters = {};
    for (const field of TRAFFIC_DIMENSIONS) {
      const value = query[field];
      if (value !== undefined && value !== '') filters[field] = value;
    }
    return filters;
  }
}
