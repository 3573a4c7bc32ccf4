import { z } from 'zod';
import { dbId, idParam } from './fields';

/**
 * Which traffic pays (admins): the traffic report per day (FIGURES_TIME_ZONE) and source, read
 * from the worker's rollup (daily_traffic), and the affiliate networks' postbacks.
 */

/** The source fields a member's tracking data and a visit carry (the rollup's dimensions). */
export const TRAFFIC_DIMENSIONS = [
  'network',
  'ref',
  'sub1',
  'sub2',
  'sub3',
  'lander',
  'slug',
] as const;
export type TrafficDimension = (typeof TRAFFIC_DIMENSIONS)[number];
/** What the report's table groups by: a day or one source field. */
export const TRAFFIC_GROUPS = ['day', ...TRAFFIC_DIMENSIONS] as const;
export type TrafficGroup = (typeof TRAFFIC_GROUPS)[number];
/** The longest range one report covers, in days. */
export const TRAFFIC_MAX_DAYS = 366;
/** The most rows the report's table lists (the largest by signups, then visits). */
export const TRAFFIC_MAX_ROWS = 500;
/** The maximum lengths of the source fields (tracking_data's columns). */
export const TRAFFIC_FIELD_MAX: Record<TrafficDimension, number> = {
  network: 100,
  ref: 100,
  sub1: 255,
  sub2: 255,
  sub3: 255,
  lander: 50,
  slug: 100,
};

/** A calendar day that exists (YYYY-MM-DD). */
const trafficDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const at = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
  });

/**
 * GET /api/staff/traffic (and traffic.csv): a range of days (both included; default the last 30),
 * a filter per source field (an exact value; `-` for none), the table's grouping.
 */
export const trafficQuery = z
  .object({
    from: trafficDay.optional(),
    to: trafficDay.optional(),
    group_by: z.enum(TRAFFIC_GROUPS).default('network'),
    network: z.string().max(100).optional(),
    ref: z.string().max(100).optional(),
    sub1: z.string().max(255).optional(),
    sub2: z.string().max(255).optional(),
    sub3: z.string().max(255).optional(),
    lander: z.string().max(50).optional(),
    slug: z.string().max(100).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'range' });
export type TrafficQuery = z.input<typeof trafficQuery>;
/** The filter value that stands for "none" (a signup without that field). */
export const TRAFFIC_NONE = '-';

/** Money of one currency. */
export const trafficMoney = z.object({ currency: z.string(), amount_cents: z.number().int() });
export type TrafficMoney = z.infer<typeof trafficMoney>;

export const trafficFigures = z.object({
  /** Landings with tracking data (one per browser session). */
  visits: z.number().int(),
  /** Visits that left from their landing page without going on (the beacon). */
  bounces: z.number().int(),
  signups: z.number().int(),
  activations: z.number().int(),
  first_purchases: z.number().int(),
  /** Paid payments of members from the source, per currency. */
  revenue: z.array(trafficMoney),
  /** revenue / signups per currency, in cents rounded down (empty without signups). */
  revenue_per_signup: z.array(trafficMoney),
});
export type TrafficFigures = z.infer<typeof trafficFigures>;

export const trafficRow = trafficFigures.extend({
  /** The group's value: a day (YYYY-MM-DD) or a source field's value ('' for none). */
  key: z.string(),
});
export type TrafficRow = z.infer<typeof trafficRow>;

export const trafficResponse = z.object({
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  group_by: z.enum(TRAFFIC_GROUPS),
  /** Every day of the range (the chart), with the filters applied. */
  days: z.array(trafficFigures.extend({ day: z.string() })),
  /** The table: one row per value of group_by, largest first (at most TRAFFIC_MAX_ROWS). */
  rows: z.array(trafficRow),
  /** More values than rows listed. */
  truncated: z.boolean(),
  totals: trafficFigures,
  /** The networks and landers seen in the range (the filters' choices). */
  networks: z.array(z.string()),
  landers: z.array(z.string()),
  /** When the worker last rolled traffic up (null: never); today's figures are as of then. */
  computed_at: z.string().nullable(),
});
export type TrafficResponse = z.infer<typeof trafficResponse>;

/**
 * POST /api/traffic-beacon.php: `visit` once per browser session at its first landing with
 * tracking data; `bounce` when that landing page is hidden before the visitor went on.
 */
export const trafficSource = z.object({
  network: z.string().max(100).optional(),
  ref: z.string().max(100).optional(),
  sub1: z.string().max(255).optional(),
  sub2: z.string().max(255).optional(),
  sub3: z.string().max(255).optional(),
  lander: z.string().max(50).optional(),
  slug: z.string().max(100).optional(),
});
export type TrafficSource = z.infer<typeof trafficSource>;
export const trafficBeaconRequest = z.object({
  kind: z.enum(['visit', 'bounce']),
  source: trafficSource,
});
export type TrafficBeaconRequest = z.infer<typeof trafficBeaconRequest>;

// ------------------------------------------------------------------ postbacks

export const POSTBACK_EVENTS = ['signup', 'activation', 'first_purchase'] as const;
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];
export const CLICK_ID_PARAMS = ['ref', 'sub1', 'sub2', 'sub3'] as const;
/** The macros a postback URL template may hold. */
export const POSTBACK_MACROS = [
  'click_id',
  'event',
  'event_id',
  'amount',
  'currency',
  'ref',
  'sub1',
  'sub2',
  'sub3',
] as const;

/**
 * A postback URL template: http or https, a host without macros (the host admins configure is
 * the only one called), only known macros in the path and query (`postbackUrlProblem`, which
 * the server checks with the field named: JSON Schema cannot say it).
 */
export const postbackUrl = z.string().trim().min(1).max(2000);

/** Why a postback URL template is refused (null: it is fine). */
export function postbackUrlProblem(value: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)([/?#].*)?$/i.exec(value);
  if (!match) return 'postback_url_scheme';
  if (/[{}@\s]/.test(match[2])) return 'postback_url_host';
  for (const macro of (match[3] ?? '').matchAll(/\{([^}]*)\}/g)) {
    if (!(POSTBACK_MACROS as readonly string[]).includes(macro[1])) return 'postback_url_macro';
  }
  try {
    const url = new URL(value.replace(/\{[a-z0-9_]+\}/g, 'x'));
    if (url.username || url.password) return 'postback_url_host';
  } catch {
    return 'postback_url_scheme';
  }
  return null;
}

export const affiliateNetworkInput = z.object({
  network: z.string().trim().min(1).max(100),
  postback_url: postbackUrl,
  click_id_param: z.enum(CLICK_ID_PARAMS).default('sub1'),
  events: z
    .array(z.enum(POSTBACK_EVENTS))
    .max(3)
    .default([...POSTBACK_EVENTS]),
  enabled: z.boolean().default(true),
});
export type AffiliateNetworkInput = z.input<typeof affiliateNetworkInput>;

export const affiliateNetwork = z.object({
  id: z.number().int(),
  network: z.string(),
  postback_url: z.string(),
  click_id_param: z.enum(CLICK_ID_PARAMS),
  events: z.array(z.enum(POSTBACK_EVENTS)),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type AffiliateNetwork = z.infer<typeof affiliateNetwork>;
export const affiliateNetworksResponse = z.object({ networks: z.array(affiliateNetwork) });
export const affiliateNetworkResponse = z.object({ network: affiliateNetwork });
export const affiliateNetworkIdParam = idParam;

export const POSTBACK_STATUSES = ['pending', 'sent', 'failed'] as const;
export const postbackLogQuery = z.object({
  network: z.string().max(100).optional(),
  status: z.enum(POSTBACK_STATUSES).optional(),
  before: dbId.optional(),
});
export type PostbackLogQuery = z.input<typeof postbackLogQuery>;
export type PostbackLogFilters = z.output<typeof postbackLogQuery>;
export const postbackLogEntry = z.object({
  id: z.number().int(),
  event_id: z.string(),
  network: z.string(),
  event: z.enum(POSTBACK_EVENTS),
  member_id: z.number().int(),
  amount_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  status: z.enum(POSTBACK_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type PostbackLogEntry = z.infer<typeof postbackLogEntry>;
export const postbackLogResponse = z.object({
  postbacks: z.array(postbackLogEntry),
  /** The `before` of the next page (null: none). */
  next: z.number().int().nullable(),
});
export type PostbackLogResponse = z.infer<typeof postbackLogResponse>;

/** What admins do to the affiliate networks, as the audit log names it (also in STAFF_ACTIONS). */
export const AFFILIATE_NETWORK_ACTIONS = [
  'affiliate_network.created',
  'affiliate_network.updated',
  'affiliate_network.deleted',
] as const;
