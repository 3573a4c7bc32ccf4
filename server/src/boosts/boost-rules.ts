import { BOOST_FREE_EVERY_DAYS, BOOST_MINUTES, type BoostBlocker } from '@app/contract';

const DAY_MS = 86_400_000;

/** When a boost bought at `now` ends. */
export function boostEnd(now: Date): Date {
  return new Date(now.getTime() + BOOST_MINUTES * 60_000);
}

/**
 * A premium member's boost is free when no free boost of theirs started within the last
 * BOOST_FREE_EVERY_DAYS days (a rolling week from the last free one, not a calendar week);
 * `nextFreeAt` is when the next one is, for a premium member who used it.
 */
export function freeBoost(
  premium: boolean,
  lastFreeStartedAt: Date | null,
  now: Date,
): { free: boolean; nextFreeAt: Date | null } {
  if (!premium) return { free: false, nextFreeAt: null };
  if (!lastFreeStartedAt) return { free: true, nextFreeAt: null };
  const next = new Date(lastFreeStartedAt.getTime() + BOOST_FREE_EVERY_DAYS * DAY_MS);
  return next <= now ? { free: true, nextFreeAt: null } : { free: false, nextFreeAt: next };
}

/** The earliest start of a free boost that still counts against this week's. */
export function freeWindowStart(now: Date): Date {
  return new Date(now.getTime() - BOOST_FREE_EVERY_DAYS * DAY_MS);
}

/**
 * Why a profile cannot be boosted (null: it can): a boost shows in the member's region, to
 * searches the profile appears in (active, not invisible).
 */
export function boostBlocker(
  profile: { regionId: number | null; status: string; invisible: boolean } | null,
): BoostBlocker | null {
  if (!profile || profile.status !== 'active' || profile.invisible) return 'not_listed';
  if (profile.regionId === null) return 'no_region';
  return null;
}
