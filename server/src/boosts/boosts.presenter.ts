import type { Boost as BoostView } from '@app/contract';
import type { Boost } from '../generated/prisma/client';

/** A boost as the contract's `boost`. */
export function presentBoost(
  boost: Pick<Boost, 'id' | 'startsAt' | 'endsAt' | 'credits' | 'free'>,
): BoostView {
  return {
    id: boost.id,
    started_at: boost.startsAt.toISOString(),
    ends_at: boost.endsAt.toISOString(),
    credits: boost.credits,
    free: boost.free,
  };
}
