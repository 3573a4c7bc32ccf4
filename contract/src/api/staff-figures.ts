import { z } from 'zod';

/**
 * The console's figures (admins): per day in FIGURES_TIME_ZONE, over the last 7, 30 or 90 days
 * (today included, counted live; the days before from the worker's daily rollup).
 */
export const FIGURES_TIME_ZONE = 'Europe/Amsterdam';
export const FIGURES_RANGES = [7, 30, 90] as const;
export type FiguresRange = (typeof FIGURES_RANGES)[number];

/** GET /api/staff/figures?range=7|30|90 (default 30). */
export const figuresQuery = z.object({
  range: z
    .enum(['7', '30', '90'])
    .default('30')
    .transform((value) => Number(value) as FiguresRange),
});
export type FiguresQuery = z.input<typeof figuresQuery>;

/** Paid payments of one day, currency and method: `amount_cents` is what was charged. */
export const revenueLine = z.object({
  currency: z.string(),
  method: z.string(),
  payments: z.number().int(),
  amount_cents: z.number().int(),
});
export type RevenueLine = z.infer<typeof revenueLine>;

export const figuresDay = z.object({
  /** YYYY-MM-DD, a day in FIGURES_TIME_ZONE. */
  day: z.string(),
  /** New accounts (not staff accounts). */
  signups: z.number().int(),
  /** Accounts whose e-mail address was confirmed that day. */
  activations: z.number().int(),
  /** Members whose first paid payment was that day. */
  first_purchases: z.number().int(),
  revenue: z.array(revenueLine),
  messages: z.number().int(),
  /** Photos waiting for inspection: the most seen that day (hourly samples; today: now). */
  queue_peak: z.number().int().nullable(),
  /** The longest wait of a photo seen that day, in seconds (null: not sampled). */
  oldest_wait_peak_seconds: z.number().int().nullable(),
});
export type FiguresDay = z.infer<typeof figuresDay>;

export const figuresResponse = z.object({
  range: z.number().int(),
  time_zone: z.string(),
  /** The first and the last day shown (the last is today). */
  from: z.string(),
  to: z.string(),
  days: z.array(figuresDay),
  totals: z.object({
    signups: z.number().int(),
    activations: z.number().int(),
    first_purchases: z.number().int(),
    messages: z.number().int(),
    /** Per currency (and method), over the range. */
    revenue: z.array(revenueLine),
  }),
  /** The photo inspection queue now. */
  queue: z.object({
    waiting: z.number().int(),
    oldest_since: z.string().nullable(),
    oldest_wait_seconds: z.number().int().nullable(),
  }),
  generated_at: z.string(),
});
export type FiguresResponse = z.infer<typeof figuresResponse>;
