import type { BoostBlocker, BoostStatusResponse } from '@app/contract';

/**
 * What the boost page offers, from the server's answer: a running boost (its end), what
 * stands in the way (no region, not in search), the premium member's free boost, a paid one,
 * or too few credits (then the way to the shop).
 */
export type BoostView =
  | { kind: 'running'; endsAt: string }
  | { kind: 'blocked'; blocker: BoostBlocker }
  | { kind: 'free' }
  | { kind: 'buy'; price: number }
  | { kind: 'short'; price: number; missing: number };

export function boostView(status: BoostStatusResponse): BoostView {
  if (status.boost) return { kind: 'running', endsAt: status.boost.ends_at };
  if (status.blocker) return { kind: 'blocked', blocker: status.blocker };
  if (status.free_available) return { kind: 'free' };
  if (status.credits < status.price) {
    return { kind: 'short', price: status.price, missing: status.price - status.credits };
  }
  return { kind: 'buy', price: status.price };
}

/** Whole minutes left until `endsAt` (rounded up; 0 once it has passed). */
export function minutesLeft(endsAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 60_000));
}
