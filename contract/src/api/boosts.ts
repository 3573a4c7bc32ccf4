import { z } from 'zod';

/**
 * Boosts (issue 38 item 3): a member pays credits (the site setting `boost_credits`) to be shown
 * first in the search results of their region for BOOST_MINUTES, marked "Boost" on the card; at
 * most one runs at a time. A premium member (paid_user: a first purchase) gets one free boost
 * every BOOST_FREE_EVERY_DAYS days. GET /api/boost.php says where the member stands, POST buys
 * one (Idempotency-Key required: one key, one boost and one charge however often it is sent).
 */

/** One boost: when it runs, and what it cost (0 for a premium member's free boost). */
export const boost = z.object({
  id: z.number().int(),
  started_at: z.string(),
  ends_at: z.string(),
  credits: z.number().int(),
  free: z.boolean(),
});
export type Boost = z.infer<typeof boost>;

/**
 * Why the member cannot boost now, apart from a running boost or a low balance: `no_region`
 * (their profile names no region: a boost shows in a region) or `not_listed` (invisible, or
 * a profile search does not show: not yet activated, or hidden).
 */
export const BOOST_BLOCKERS = ['no_region', 'not_listed'] as const;
export type BoostBlocker = (typeof BOOST_BLOCKERS)[number];

/** GET /api/boost.php: the running boost, the price, and whether the next one is free. */
export const boostStatusResponse = z.object({
  /** The boost running now; null when none. */
  boost: boost.nullable(),
  /** What a boost costs in credits now (the setting boost_credits). */
  price: z.number().int(),
  /** How long a boost runs. */
  minutes: z.number().int(),
  /** The member's balance. */
  credits: z.number().int(),
  premium: z.boolean(),
  /** A premium member's next boost is free (no free boost started in the last 7 days). */
  free_available: z.boolean(),
  /** A premium member who used the free boost: when the next free one is available. */
  next_free_at: z.string().nullable(),
  /** The region the boost shows in (the member's own), by name; null when none. */
  region: z.string().nullable(),
  blocker: z.enum(BOOST_BLOCKERS).nullable(),
});
export type BoostStatusResponse = z.infer<typeof boostStatusResponse>;

/** POST /api/boost.php takes no fields: what is bought is the member's boost, now. */
export const boostPurchaseRequest = z.object({}).strict();
export type BoostPurchaseRequest = z.infer<typeof boostPurchaseRequest>;

/** POST /api/boost.php (201): the boost bought (or, for a repeated key, the one bought then). */
export const boostPurchaseResponse = z.object({
  boost,
  /** The member's balance after it. */
  credits: z.number().int(),
});
export type BoostPurchaseResponse = z.infer<typeof boostPurchaseResponse>;
